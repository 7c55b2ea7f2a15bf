# What a Visual Studio user gets from `cmake --install`: installs the build
# into a scratch prefix, checks that the DLLs, the MinGW import libraries and
# the MSVC import libraries are all there, links the clang-cl tpool client's
# objects against the INSTALLED tpool.lib with lld-link, and runs it beside
# the installed DLLs.
#   cmake -DBUILD_DIR=<build> -DWORK_DIR=<scratch> -DLLD_LINK=<lld-link> -DARCH=x64|x86
#         -DOBJECTS=<objs;...> -DSYSTEM_LIBS=<libs;...> "-DRUN=<emulator>"
# The layout is tools/cmake/tpool_install.cmake's: bin/<arch>/, lib/<arch>/.
#         -P installed_package.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var BUILD_DIR WORK_DIR LLD_LINK ARCH OBJECTS SYSTEM_LIBS)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "installed_package.cmake: -D${var}=... is required")
  endif()
endforeach()
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run_step description)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output
                  ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${description} failed (${result}):\n${output}")
  endif()
  set(step_output "${output}" PARENT_SCOPE)
endfunction()

run_step("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(bin bin/${ARCH})
set(lib lib/${ARCH})
foreach(file ${bin}/tpool.dll ${bin}/prioq.dll ${lib}/libtpool.dll.a ${lib}/libprioq.dll.a
             ${lib}/tpool.lib ${lib}/prioq.lib include/tpool/tpool.h include/prioq/prioq.h)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the install tree lacks ${file}")
  endif()
endforeach()
run_step("lld-link against the installed tpool.lib"
  ${LLD_LINK} /nologo /subsystem:console /entry:mainCRTStartup /nodefaultlib
  /out:${prefix}/${bin}/installed_client.exe ${OBJECTS} ${prefix}/${lib}/tpool.lib ${SYSTEM_LIBS})
run_step("run the client beside the installed DLLs" ${RUN} ${prefix}/${bin}/installed_client.exe)
if(NOT step_output MATCHES "all checks passed")
  message(FATAL_ERROR "the client did not report success:\n${step_output}")
endif()
message(STATUS "installed DLLs, .dll.a and .lib; an MSVC-ABI client linked against the "
               "installed tpool.lib runs")
