# Install rules and the exported package configs, so that
#   find_package(prioq) -> prioq::prioq
#   find_package(tpool) -> tpool::tpool (and prioq::prioq)
# work from an install tree.
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/prioq DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS prioq EXPORT prioq-targets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT prioq-targets NAMESPACE prioq:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/prioq)
configure_package_config_file(${PROJECT_SOURCE_DIR}/tools/cmake/prioq-config.cmake.in
  ${PROJECT_BINARY_DIR}/prioq-config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/prioq)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/prioq-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/prioq-config.cmake ${PROJECT_BINARY_DIR}/prioq-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/prioq)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tpool DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS tpool EXPORT tpool-targets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT tpool-targets NAMESPACE tpool:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tpool)
configure_package_config_file(${PROJECT_SOURCE_DIR}/tools/cmake/tpool-config.cmake.in
  ${PROJECT_BINARY_DIR}/tpool-config.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tpool)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tpool-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tpool-config.cmake ${PROJECT_BINARY_DIR}/tpool-config-version.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/tpool)

