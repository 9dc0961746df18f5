# `cmake --install build --prefix PREFIX` installs:
#   bin/nursery                          the CLI
#   lib/libnursery.a                     the engine (the library alone: the CLI's
#                                        own library, nursery_cli, is not installed)
#   include/nursery/*.hpp                the engine's public headers, none of the
#                                        CLI's (apps/cli/ stays in the source tree)
#   lib/cmake/nursery/                   a CMake package: find_package(nursery)
#                                        gives the target nursery::engine
#   share/man/man1/nursery.1             the manual page
include(CMakePackageConfigHelpers)

set(NURSERY_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/nursery
    CACHE STRING "Where the CMake package files go, under the prefix")

install(TARGETS nursery RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS nursery_engine EXPORT nurseryTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/include/nursery
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
install(EXPORT nurseryTargets NAMESPACE nursery:: FILE nurseryTargets.cmake
  DESTINATION ${NURSERY_INSTALL_CMAKEDIR})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/nurseryConfig.cmake.in
  ${PROJECT_BINARY_DIR}/nurseryConfig.cmake
  INSTALL_DESTINATION ${NURSERY_INSTALL_CMAKEDIR})
# 0.x: a minor version may change the API, so only the same minor matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/nurseryConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/nurseryConfig.cmake
              ${PROJECT_BINARY_DIR}/nurseryConfigVersion.cmake
  DESTINATION ${NURSERY_INSTALL_CMAKEDIR})

install(FILES ${PROJECT_SOURCE_DIR}/docs/nursery.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
