# Install rules and the exported package configs, so that
#   find_package(prioq) -> prioq::prioq
#   find_package(tpool) -> tpool::tpool (and prioq::prioq)
# work from an install tree wherever it is moved (every path in the configs
# is relative to the config file).
#
# Windows builds install per architecture, so that the x64 and the x86 build
# installed into one prefix make one package (the release archive is that):
#   bin/<arch>/              prioq.dll, tpool.dll
#   lib/<arch>/              libprioq.dll.a, libtpool.dll.a (MinGW),
#                            prioq.lib, tpool.lib (MSVC)
#   lib/cmake/<pkg>/         <pkg>-config.cmake and its version file
#   lib/cmake/<pkg>/<arch>/  the exported targets of that architecture
# with <arch> x64 or x86. The consumer's pointer size picks the architecture;
# the version file rejects a consumer whose architecture is not installed (or
# that does not build for Windows), so find_package looks further. Other
# platforms install the plain GNU layout.
#
# The default component is what a program links. Only on request, for
# tools/package.sh: "bench" (bench.exe, beside the DLLs), "debug" (the DLLs'
# <file>.debug files of TPOOL_SPLIT_DEBUG_INFO builds, beside them) and
# "bench-debug" (bench.exe.debug).
include(CMakePackageConfigHelpers)

if(WIN32)
  if(CMAKE_SIZEOF_VOID_P EQUAL 8)
    set(_install_arch x64)
  else()
    set(_install_arch x86)
  endif()
  set(_install_bindir ${CMAKE_INSTALL_BINDIR}/${_install_arch})
  set(_install_libdir ${CMAKE_INSTALL_LIBDIR}/${_install_arch})
  set(_install_targets_subdir /${_install_arch})
  set(TPOOL_PACKAGE_PER_ARCH ON)  # read by the config templates
else()
  set(_install_bindir ${CMAKE_INSTALL_BINDIR})
  set(_install_libdir ${CMAKE_INSTALL_LIBDIR})
  set(_install_targets_subdir "")
  set(TPOOL_PACKAGE_PER_ARCH OFF)
endif()

# tpool_install_library(<target> <version>): the DLL, its header folder, its
# import libraries and its package <target>::<target>.
function(tpool_install_library target version)
  set(cmakedir ${CMAKE_INSTALL_LIBDIR}/cmake/${target})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/${target} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(TARGETS ${target} EXPORT ${target}-targets
    RUNTIME DESTINATION ${_install_bindir}
    LIBRARY DESTINATION ${_install_libdir}
    ARCHIVE DESTINATION ${_install_libdir})
  get_target_property(msvc_import_library ${target} TPOOL_MSVC_IMPORT_LIBRARY)
  if(msvc_import_library)
    install(FILES ${msvc_import_library} DESTINATION ${_install_libdir})
  endif()
  install(EXPORT ${target}-targets NAMESPACE ${target}::
    DESTINATION ${cmakedir}${_install_targets_subdir})
  configure_package_config_file(${PROJECT_SOURCE_DIR}/tools/cmake/${target}-config.cmake.in
    ${PROJECT_BINARY_DIR}/${target}-config.cmake INSTALL_DESTINATION ${cmakedir})
  set(version_file ${PROJECT_BINARY_DIR}/${target}-config-version.cmake)
  if(TPOOL_PACKAGE_PER_ARCH)
    # CMake's SameMajorVersion rule under another name, included by a version
    # file that adds the architecture check (package-version-per-arch.cmake.in).
    set(rule_file ${PROJECT_BINARY_DIR}/${target}-version-rule.cmake)
    write_basic_package_version_file(${rule_file}
      VERSION ${version} COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
    configure_file(${PROJECT_SOURCE_DIR}/tools/cmake/package-version-per-arch.cmake.in
      ${version_file} @ONLY)
    install(FILES ${rule_file} DESTINATION ${cmakedir})
  else()
    write_basic_package_version_file(${version_file}
      VERSION ${version} COMPATIBILITY SameMajorVersion)
  endif()
  install(FILES ${PROJECT_BINARY_DIR}/${target}-config.cmake ${version_file}
    DESTINATION ${cmakedir})
endfunction()

tpool_install_library(prioq ${PRIOQ_VERSION})
tpool_install_library(tpool ${PROJECT_VERSION})

if(WIN32 AND TARGET bench)
  install(TARGETS bench RUNTIME DESTINATION ${_install_bindir} COMPONENT bench EXCLUDE_FROM_ALL)
endif()

# The DLLs' debug files are component "debug", bench.exe's "bench-debug":
# what an archive holds must not depend on what else the build folder
# happened to build (tools/package.sh ships bench.exe for x64 only, but a
# build folder tools/test.sh built has an x86 bench.exe too, and a second
# package build must give the same bytes). OPTIONAL: a binary that was not
# built has no debug file to install.
get_property(_split_debug_targets GLOBAL PROPERTY TPOOL_SPLIT_DEBUG_TARGETS)
foreach(target IN LISTS _split_debug_targets)
  set(_debug_component debug)
  if(target STREQUAL "bench")
    set(_debug_component bench-debug)
  endif()
  install(FILES $<TARGET_FILE:${target}>.debug DESTINATION ${_install_bindir}
    COMPONENT ${_debug_component} EXCLUDE_FROM_ALL OPTIONAL)
endforeach()
