# What the source tree says about its release, for tools/package.sh and the
# package.version_agrees_with_changelog test:
#   cmake -DSOURCE_DIR=<repository> -P tools/cmake/tpool_release_info.cmake
# prints
#   version=<tpool.h's version>        prioq_version=<prioq.h's version>
#   label=<version or version-dev>     released=ON|OFF   date=<yyyy-mm-dd or empty>
# one per line, and fails when CHANGELOG.md and the headers disagree (see
# tpool_changelog_status in tpool_version.cmake).
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "tpool_release_info.cmake: -DSOURCE_DIR=<repository> is required")
endif()
include(${CMAKE_CURRENT_LIST_DIR}/tpool_version.cmake)
tpool_header_version(TPOOL ${SOURCE_DIR}/include/tpool/tpool.h version)
tpool_header_version(PRIOQ ${SOURCE_DIR}/include/prioq/prioq.h prioq_version)
tpool_changelog_status(${SOURCE_DIR}/CHANGELOG.md ${version} release)
if(release_ERROR)
  message(FATAL_ERROR "${release_ERROR}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E echo
  "version=${version}\nprioq_version=${prioq_version}\nlabel=${release_LABEL}\nreleased=${release_RELEASED}\ndate=${release_DATE}")
