# What makes the shipped Windows binaries (prioq.dll, tpool.dll, bench.exe)
# look like Windows binaries, and keeps them the same bytes wherever a commit
# is checked out and built (tools/package.sh builds the release archive twice
# and tools/test-package.sh compares).
#
# Build-wide, in MinGW builds:
#  - no build path inside a binary or its debug file: the source folder
#    becomes relative paths ("src/tpool/pool.cpp") and the build folder
#    "build", in __FILE__ and in the debug information. The build folder's map
#    comes last because GCC applies the last matching one, and the build
#    folder usually lies inside the source folder;
#  - no link time in the PE headers (--no-insert-timestamp: 0);
#  - with TPOOL_SPLIT_DEBUG_INFO (the release presets), debug information (-g)
#    for the objects of what ships: every target defined under src/ (the DLLs
#    and the static libraries linked into them) or bench/, so that the split
#    below has ours to keep. Not for tests/ and examples/: -g makes a test's
#    compile about half as long again, and CI builds both release presets
#    with every test.
if(WIN32 AND NOT MSVC)
  add_compile_options("-ffile-prefix-map=${PROJECT_SOURCE_DIR}/="
                      "-ffile-prefix-map=${PROJECT_BINARY_DIR}=build")
  add_link_options(LINKER:--no-insert-timestamp)
  if(TPOOL_SPLIT_DEBUG_INFO)
    set(_tpool_target_dir "$<TARGET_PROPERTY:SOURCE_DIR>")
    add_compile_options(
      "$<$<OR:$<PATH:IS_PREFIX,${PROJECT_SOURCE_DIR}/src,${_tpool_target_dir}>,$<PATH:IS_PREFIX,${PROJECT_SOURCE_DIR}/bench,${_tpool_target_dir}>>:-g>")
  endif()
endif()

# LegalCopyright is LICENSE's copyright line; CompanyName its holder.
file(STRINGS ${PROJECT_SOURCE_DIR}/LICENSE _tpool_copyright REGEX "^Copyright ")
if(NOT _tpool_copyright MATCHES "^Copyright \\([cC]\\) [0-9, -]+ (.+)$")
  message(FATAL_ERROR "LICENSE has no 'Copyright (c) <years> <holder>' line")
endif()
set(TPOOL_COPYRIGHT "${_tpool_copyright}")
set(TPOOL_COPYRIGHT_HOLDER "${CMAKE_MATCH_1}")

# tpool_windows_binary(<target> DESCRIPTION <text> [VERSION <x.y.z>])
# For a DLL or an executable that ships, in Windows builds (nothing elsewhere):
#  - a VERSIONINFO resource (version.rc.in): FileVersion is VERSION (default
#    the project's: prioq.dll passes its own), ProductVersion the project's;
#    before the release (TPOOL_VERSION_LABEL is <version>-dev) both strings
#    carry the suffix and FILEFLAGS says VS_FF_PRERELEASE;
#  - with TPOOL_SPLIT_DEBUG_INFO, in MinGW builds: after each link the
#    binary's debug information goes to <file>.debug beside it, the binary is
#    stripped and gets a .gnu_debuglink section naming that file and its
#    CRC-32, which is how gdb finds it. (A .pdb would need clang and lld for
#    the MinGW target instead of the GCC that builds and tests these DLLs.)
# tpool_install.cmake installs the .debug files (component "debug").
function(tpool_windows_binary target)
  if(NOT WIN32)
    return()
  endif()
  cmake_parse_arguments(ARG "" "DESCRIPTION;VERSION" "" ${ARGN})
  if(NOT ARG_DESCRIPTION)
    message(FATAL_ERROR "tpool_windows_binary(${target}): DESCRIPTION is required")
  endif()
  if(NOT ARG_VERSION)
    set(ARG_VERSION ${PROJECT_VERSION})
  endif()
  string(REPLACE "${PROJECT_VERSION}" "" suffix "${TPOOL_VERSION_LABEL}")

  get_target_property(type ${target} TYPE)
  if(type STREQUAL "SHARED_LIBRARY")
    set(rc_file_type 2)
  elseif(type STREQUAL "EXECUTABLE")
    set(rc_file_type 1)
  else()
    message(FATAL_ERROR "tpool_windows_binary(${target}): not a DLL or an executable")
  endif()
  set(rc_file_flags 0x0)
  if(suffix)
    set(rc_file_flags 0x2)
  endif()
  string(REPLACE "." "," rc_file_version_commas "${ARG_VERSION}.0")
  string(REPLACE "." "," rc_product_version_commas "${PROJECT_VERSION}.0")
  set(rc_file_version "${ARG_VERSION}${suffix}")
  set(rc_product_version "${TPOOL_VERSION_LABEL}")
  set(rc_internal_name ${target})
  get_target_property(output_name ${target} OUTPUT_NAME)
  if(NOT output_name)
    set(output_name ${target})
  endif()
  if(type STREQUAL "SHARED_LIBRARY")
    get_target_property(prefix ${target} PREFIX)
    if(prefix STREQUAL "prefix-NOTFOUND")
      set(prefix "${CMAKE_SHARED_LIBRARY_PREFIX}")
    endif()
    set(rc_file_name "${prefix}${output_name}${CMAKE_SHARED_LIBRARY_SUFFIX}")
  else()
    set(rc_file_name "${output_name}${CMAKE_EXECUTABLE_SUFFIX}")
  endif()
  # An RC string writes a double quote as two.
  string(REPLACE "\"" "\"\"" rc_description "${ARG_DESCRIPTION}")
  string(REPLACE "\"" "\"\"" rc_copyright "${TPOOL_COPYRIGHT}")
  string(REPLACE "\"" "\"\"" rc_company "${TPOOL_COPYRIGHT_HOLDER}")
  set(rc_product ${PROJECT_NAME})
  set(rc ${PROJECT_BINARY_DIR}/version/${target}.rc)
  configure_file(${CMAKE_CURRENT_FUNCTION_LIST_DIR}/version.rc.in ${rc} @ONLY)
  target_sources(${target} PRIVATE ${rc})

  if(TPOOL_SPLIT_DEBUG_INFO AND NOT MSVC)
    # In the binary's folder, so the debug link names the file, not a path.
    # objcopy stamps the PE header it writes with the current time unless
    # SOURCE_DATE_EPOCH says otherwise: 0, as the linker left it.
    set(file $<TARGET_FILE_NAME:${target}>)
    set(objcopy ${CMAKE_COMMAND} -E env SOURCE_DATE_EPOCH=0 ${CMAKE_OBJCOPY})
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND ${objcopy} --only-keep-debug ${file} ${file}.debug
      COMMAND ${objcopy} --strip-all --add-gnu-debuglink=${file}.debug ${file}
      WORKING_DIRECTORY $<TARGET_FILE_DIR:${target}>
      COMMENT "Splitting the debug information of ${rc_file_name} into ${rc_file_name}.debug"
      VERBATIM)
    set_property(GLOBAL APPEND PROPERTY TPOOL_SPLIT_DEBUG_TARGETS ${target})
  endif()
endfunction()
