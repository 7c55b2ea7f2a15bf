# tpool_set_warnings(<target>): the project's warning policy for our own code.
function(tpool_set_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4 /permissive- /utf-8)
    if(TPOOL_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE /WX)
    endif()
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
      -Wno-sign-conversion)
    # clang checks the lock annotations (src/sync/thread_annotations.h:
    # GUARDED_BY, REQUIRES, ...) in every build it makes, as google/benchmark
    # does; with TPOOL_WARNINGS_AS_ERRORS a broken lock discipline fails it.
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      target_compile_options(${target} PRIVATE -Wthread-safety -Wthread-safety-beta)
    endif()
    if(TPOOL_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()

# tpool_missing_tool(<tool> <what is lost>): reports a tool that is not
# installed, and what the build does without it. A warning, or a configure
# error under TPOOL_REQUIRE_TEST_TOOLS (see the root CMakeLists.txt).
function(tpool_missing_tool tool lost)
  if(TPOOL_REQUIRE_TEST_TOOLS)
    message(FATAL_ERROR "${tool} not found: ${lost}. Run tools/deps.sh, or configure "
      "with -DTPOOL_REQUIRE_TEST_TOOLS=OFF to build without it.")
  else()
    message(WARNING "${tool} not found: ${lost} (tools/deps.sh installs it)")
  endif()
endfunction()

# MSVC-format import libraries for the MinGW-built DLLs (see below).
if(WIN32 AND NOT MSVC)
  find_program(TPOOL_LLVM_DLLTOOL NAMES llvm-dlltool llvm-dlltool-16 llvm-dlltool-15 llvm-dlltool-14)
endif()

# tpool_set_library_naming(<target>): prioq.dll / libprioq.so.1 naming.
# MinGW builds also write the DLL's export definitions (<target>.def, from
# the linker) and, when llvm-dlltool is available, turn them into an MSVC
# import library <target>.lib beside the MinGW one (lib<target>.dll.a, the
# name MinGW's -l<target> looks for), so a Visual Studio project can link the
# prebuilt DLL. On x86 its symbols carry the cdecl underscore (_tpool_create)
# and bind to the undecorated export. tpool_install.cmake installs both.
function(tpool_set_library_naming target)
  if(WIN32)
    # prioq.dll, not libprioq.dll, with MinGW as with MSVC.
    set_target_properties(${target} PROPERTIES PREFIX "")
    if(NOT MSVC)
      set(_def ${PROJECT_BINARY_DIR}/lib/${target}.def)
      set(_lib ${PROJECT_BINARY_DIR}/lib/${target}.lib)
      target_link_options(${target} PRIVATE "LINKER:--output-def,${_def}")
      if(TPOOL_LLVM_DLLTOOL)
        if(CMAKE_SIZEOF_VOID_P EQUAL 8)
          set(_machine i386:x86-64)
        else()
          set(_machine i386)
        endif()
        add_custom_command(TARGET ${target} POST_BUILD
          COMMAND ${TPOOL_LLVM_DLLTOOL} -m ${_machine} -d ${_def} -D $<TARGET_FILE_NAME:${target}>
                  -l ${_lib}
          BYPRODUCTS ${_lib}
          COMMENT "MSVC import library ${target}.lib"
          VERBATIM)
        set_property(TARGET ${target} PROPERTY TPOOL_MSVC_IMPORT_LIBRARY ${_lib})
      else()
        tpool_missing_tool(llvm-dlltool "no MSVC import library ${target}.lib")
      endif()
    endif()
  else()
    set_target_properties(${target} PROPERTIES
      VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
    # Hidden visibility does not cover template instantiations pulled in from
    # the standard library (std::string internals, to_chars tables): a version
    # script makes the exported set exactly the C API, <target>_*.
    set(_map ${PROJECT_BINARY_DIR}/${target}-exports.map)
    file(WRITE ${_map} "{\n  global: ${target}_*;\n  local: *;\n};\n")
    target_link_options(${target} PRIVATE "LINKER:--version-script=${_map}")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${_map})
  endif()
endfunction()

# True when test binaries can run here (natively, or under the emulator).
set(TPOOL_CAN_RUN_TESTS ON)
if(CMAKE_CROSSCOMPILING AND (NOT CMAKE_CROSSCOMPILING_EMULATOR OR TPOOL_WINDOWS_TESTS STREQUAL "exports-only"))
  set(TPOOL_CAN_RUN_TESTS OFF)
endif()

# tpool_add_gtest(<name> SOURCES <files...> [LIBS <targets...>])
# Builds a GoogleTest executable and registers each TEST as its own ctest
# test. Discovery happens when ctest runs (PRE_TEST), so cross builds do not
# run Wine at build time.
function(tpool_add_gtest name)
  # PROPERTIES: extra ctest properties for every discovered test (e.g.
  # RUN_SERIAL TRUE for a test that measures the machine).
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;PROPERTIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE GTest::gtest GTest::gmock GTest::gtest_main
    tpool_test_support ${ARG_LIBS})
  if(TPOOL_FAULT_INJECTION)
    # Every test program fails if a DLL returned a status its header does
    # not document (tests/support/status_audit.cpp).
    target_sources(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests/support/status_audit.cpp)
    target_link_libraries(${name} PRIVATE ${CMAKE_DL_LIBS})
  endif()
  tpool_set_warnings(${name})
  if(TPOOL_CAN_RUN_TESTS)
    gtest_discover_tests(${name}
      DISCOVERY_MODE PRE_TEST
      DISCOVERY_TIMEOUT 120
      PROPERTIES TIMEOUT 300 ${ARG_PROPERTIES})
  endif()
endfunction()
