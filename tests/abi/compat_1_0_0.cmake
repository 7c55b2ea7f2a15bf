# The 1.0.0 C clients, built from the 1.0.0 release's own sources, against
# the DLLs of this build: a program compiled against the 1.0 header must
# keep running unchanged on every later 1.x DLL (CHANGELOG.md, [1.0.0]).
#
# TPOOL_1_0_0_COMMIT is the commit the CHANGELOG's 1.0.0 entry describes
# (the last one with project(... VERSION 1.0.0)). Its header, prioq header,
# C clients and their check macros are read with `git show` at configure
# time into the build tree and compiled there, never into the source tree.
set(TPOOL_1_0_0_COMMIT ddf6b377e4b841b38a86370f0ee25bbadf8b4640)
set(_compat_files
  include/tpool/tpool.h
  include/prioq/prioq.h
  tests/abi/c_check.h
  tests/abi/tpool_c_client.c
  tests/abi/prioq_c_client.c)

find_package(Git QUIET)
set(_compat_reason "")
if(NOT GIT_FOUND)
  set(_compat_reason "git not found")
elseif(NOT EXISTS ${PROJECT_SOURCE_DIR}/.git)
  set(_compat_reason "the source tree is not a git checkout (a source archive)")
else()
  execute_process(
    COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} cat-file -e ${TPOOL_1_0_0_COMMIT}^{commit}
    RESULT_VARIABLE _compat_rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT _compat_rc EQUAL 0)
    set(_compat_reason "commit ${TPOOL_1_0_0_COMMIT} (1.0.0) is not in this clone (shallow?)")
  endif()
endif()

if(_compat_reason)
  tpool_missing_tool("the 1.0.0 sources" "no abi.compat_1_0_0 tests: ${_compat_reason}")
  return()
endif()

set(_compat_dir ${CMAKE_CURRENT_BINARY_DIR}/compat_1_0_0)
foreach(file IN LISTS _compat_files)
  execute_process(
    COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} show ${TPOOL_1_0_0_COMMIT}:${file}
    OUTPUT_VARIABLE _content RESULT_VARIABLE _rc ERROR_VARIABLE _error)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "git show ${TPOOL_1_0_0_COMMIT}:${file} failed: ${_error}")
  endif()
  get_filename_component(_name ${file} NAME)
  if(file MATCHES "^include/")
    set(_out ${_compat_dir}/${file})
  else()
    set(_out ${_compat_dir}/${_name})
  endif()
  # The one edit: each client checked that the DLL is exactly the version
  # of its header. Across releases the promise is SemVer's (the same major
  # version, at least the header's), so that check, and nothing else,
  # becomes this rule; it must be found exactly once.
  foreach(lib tpool prioq)
    string(TOUPPER ${lib} _upper)
    set(_exact "${lib}_version() == (uint32_t)${_upper}_VERSION_HEX")
    if(_content MATCHES "${lib}_version\\(\\) ==")
      string(FIND "${_content}" "${_exact}" _first)
      string(FIND "${_content}" "${_exact}" _last REVERSE)
      if(_first EQUAL -1 OR NOT _first EQUAL _last)
        message(FATAL_ERROR "${file}: expected the exact version check once: ${_exact}")
      endif()
      string(REPLACE "${_exact}"
        "(${lib}_version() >> 16) == (uint32_t)${_upper}_VERSION_MAJOR && ${lib}_version() >= (uint32_t)${_upper}_VERSION_HEX"
        _content "${_content}")
    endif()
  endforeach()
  # Written only when it changed, so a reconfigure does not rebuild.
  file(CONFIGURE OUTPUT ${_out} CONTENT "${_content}" @ONLY)
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/.git/HEAD)

# Compiled exactly as 1.0.0 compiled them (C17, the same warnings), with
# only the 1.0.0 include tree on the path; linked against this build's DLLs.
foreach(client tpool prioq)
  set(_target compat_1_0_0_${client}_c_client)
  set_source_files_properties(${_compat_dir}/${client}_c_client.c PROPERTIES LANGUAGE C)
  add_executable(${_target} ${_compat_dir}/${client}_c_client.c)
  set_target_properties(${_target} PROPERTIES
    LINKER_LANGUAGE C C_STANDARD 17 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
  target_include_directories(${_target} BEFORE PRIVATE ${_compat_dir} ${_compat_dir}/include)
  target_link_libraries(${_target} PRIVATE $<TARGET_LINKER_FILE:${client}>)
  add_dependencies(${_target} ${client})
  tpool_set_warnings(${_target})
  if(TPOOL_CAN_RUN_TESTS)
    add_test(NAME abi.compat_1_0_0.${client}_c_client COMMAND ${_target})
    set_tests_properties(abi.compat_1_0_0.${client}_c_client PROPERTIES LABELS abi TIMEOUT 120)
  endif()
endforeach()
