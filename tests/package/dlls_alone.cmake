# Driven by the package.dlls_alone_need_no_test_or_bench_dependency test
# (CMakeLists.txt): configures this repository with tests, bench and
# examples off, while every dependency that only those need is made
# unfindable (CMAKE_DISABLE_FIND_PACKAGE_*, no GoogleTest source tree). The
# configure must succeed: the DLLs need a compiler, CMake and fmt's headers
# only.
cmake_minimum_required(VERSION 3.25)

foreach(var SOURCE_DIR WORK_DIR GENERATOR C_COMPILER CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "dlls_alone.cmake: -D${var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
set(make_program_arg)
if(MAKE_PROGRAM)
  set(make_program_arg -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR} -G ${GENERATOR} ${make_program_arg}
    -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    -DTPOOL_BUILD_TESTS=OFF -DTPOOL_BUILD_BENCH=OFF -DTPOOL_BUILD_EXAMPLES=OFF
    -DTPOOL_REQUIRE_TEST_TOOLS=ON
    -DTPOOL_GTEST_SOURCE_DIR=${WORK_DIR}/no-googletest
    -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON
    -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON
    -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON
    -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON
    -DCMAKE_DISABLE_FIND_PACKAGE_TBB=ON
    -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "configuring the DLLs alone failed (${result}):\n${output}")
endif()
message(STATUS "the DLLs alone configure without any test or bench dependency")
