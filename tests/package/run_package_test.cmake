# Driven by the package.find_package_consumer test (see CMakeLists.txt):
#   1. cmake --install <build> --prefix <work>/prefix
#   2. configure + build consumer/ against that prefix only
#   3. run the consumer, which exits 0 when the installed libraries work.
cmake_minimum_required(VERSION 3.25)

foreach(var BUILD_DIR WORK_DIR CONSUMER_SOURCE_DIR GENERATOR C_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_package_test.cmake: -D${var}=... is required")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/consumer-build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run_step description)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${description} failed (${result}):\n${output}")
  endif()
  message(STATUS "${description}: ok")
endfunction()

set(make_program_arg)
if(MAKE_PROGRAM)
  set(make_program_arg -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()

set(config_args)
if(BUILD_CONFIG)
  set(config_args --config ${BUILD_CONFIG})
endif()

run_step("install into a scratch prefix"
  ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

# Only the scratch prefix may satisfy find_package: CMAKE_FIND_USE_* off keeps
# a system-wide or user-registry copy from hiding a broken install.
run_step("configure the consumer"
  ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE_DIR} -B ${consumer_build} -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF
    -DCMAKE_FIND_USE_SYSTEM_ENVIRONMENT_PATH=OFF
    -DCMAKE_C_COMPILER=${C_COMPILER}
    ${make_program_arg}
    "-DCMAKE_C_FLAGS=${C_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
    -DCMAKE_BUILD_TYPE=${BUILD_CONFIG})

run_step("build the consumer" ${CMAKE_COMMAND} --build ${consumer_build} ${config_args})

# Single-config generators put the program at the top of the build tree,
# multi-config ones under <config>/.
set(consumer_exe)
foreach(candidate ${consumer_build}/package_consumer ${consumer_build}/package_consumer.exe
    ${consumer_build}/${BUILD_CONFIG}/package_consumer.exe)
  if(EXISTS ${candidate})
    set(consumer_exe ${candidate})
    break()
  endif()
endforeach()
if(NOT consumer_exe)
  message(FATAL_ERROR "the consumer built, but package_consumer was not found in ${consumer_build}")
endif()
run_step("run the consumer" ${consumer_exe})
