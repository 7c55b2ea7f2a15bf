# Third-party dependencies, one target each, whatever the toolchain, and
# each looked for only when an option that needs it is on:
#   tpool_fmt      (fmt, header-only)        tpool.dll itself (log lines)
#   GTest::gtest, GTest::gtest_main, GTest::gmock   TPOOL_BUILD_TESTS
#   tpool_json     (nlohmann/json)           TPOOL_BUILD_BENCH
#   tpool_cli11    (CLI11)                   TPOOL_BUILD_BENCH
#   benchmark::benchmark, oneTBB, Boost.Asio, moodycamel (optional)
#                                            TPOOL_BUILD_BENCH
# So a configure of the DLLs alone (-DTPOOL_BUILD_TESTS=OFF
# -DTPOOL_BUILD_BENCH=OFF -DTPOOL_BUILD_EXAMPLES=OFF) needs a compiler,
# CMake and fmt's headers, nothing else.
#
# Native and MSVC/vcpkg builds use find_package. MinGW cross builds on Linux
# cannot use the host's /usr/include (its glibc headers would shadow the
# MinGW ones), so the header-only libraries are copied from the host into the
# build tree and only that copy is put on the include path; GoogleTest is
# built from the Debian source package.

set(TPOOL_HOST_INCLUDE_DIR "/usr/include" CACHE PATH
  "Where the host keeps fmt/, nlohmann/ and CLI/ headers (MinGW cross builds)")
set(TPOOL_GTEST_SOURCE_DIR "/usr/src/googletest" CACHE PATH
  "GoogleTest source tree to build from (Debian: package googletest)")

set(_tpool_cross_mingw OFF)
if(CMAKE_CROSSCOMPILING AND MINGW)
  set(_tpool_cross_mingw ON)
endif()

if(_tpool_cross_mingw)
  set(_staged ${PROJECT_BINARY_DIR}/staged-include)
  set(_staged_dirs fmt)
  if(TPOOL_BUILD_BENCH)
    list(APPEND _staged_dirs nlohmann CLI)
  endif()
  foreach(dir IN LISTS _staged_dirs)
    if(NOT EXISTS ${TPOOL_HOST_INCLUDE_DIR}/${dir})
      message(FATAL_ERROR "${TPOOL_HOST_INCLUDE_DIR}/${dir} is missing: run tools/deps.sh")
    endif()
    file(COPY ${TPOOL_HOST_INCLUDE_DIR}/${dir} DESTINATION ${_staged})
  endforeach()
  add_library(tpool_fmt INTERFACE)
  target_include_directories(tpool_fmt SYSTEM INTERFACE ${_staged})
  target_compile_definitions(tpool_fmt INTERFACE FMT_HEADER_ONLY=1)
  if(TPOOL_BUILD_BENCH)
    add_library(tpool_json INTERFACE)
    target_include_directories(tpool_json SYSTEM INTERFACE ${_staged})
    add_library(tpool_cli11 INTERFACE)
    target_include_directories(tpool_cli11 SYSTEM INTERFACE ${_staged})
  endif()
else()
  find_package(fmt CONFIG REQUIRED)
  add_library(tpool_fmt INTERFACE)
  target_link_libraries(tpool_fmt INTERFACE fmt::fmt-header-only)
  if(TPOOL_BUILD_BENCH)
    find_package(nlohmann_json CONFIG REQUIRED)
    add_library(tpool_json INTERFACE)
    target_link_libraries(tpool_json INTERFACE nlohmann_json::nlohmann_json)
    find_package(CLI11 CONFIG QUIET)
    add_library(tpool_cli11 INTERFACE)
    if(CLI11_FOUND)
      target_link_libraries(tpool_cli11 INTERFACE CLI11::CLI11)
    endif()
  endif()
endif()

if(TPOOL_BUILD_TESTS AND NOT TARGET GTest::gtest)
  if(EXISTS ${TPOOL_GTEST_SOURCE_DIR}/CMakeLists.txt AND NOT MSVC)
    # Built with our flags (sanitizers included), so TSan sees gtest's own
    # synchronization too.
    set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
    set(BUILD_GMOCK ON CACHE BOOL "" FORCE)
    add_subdirectory(${TPOOL_GTEST_SOURCE_DIR} ${PROJECT_BINARY_DIR}/_deps/googletest EXCLUDE_FROM_ALL)
    # GoogleTest >= 1.11 defines these aliases itself; older trees do not.
    foreach(_gtest_lib gtest gtest_main gmock)
      if(NOT TARGET GTest::${_gtest_lib})
        add_library(GTest::${_gtest_lib} ALIAS ${_gtest_lib})
      endif()
    endforeach()
  else()
    find_package(GTest CONFIG REQUIRED)
  endif()
  include(GoogleTest)
endif()

set(TPOOL_HAVE_GBENCH OFF)
if(TPOOL_BUILD_BENCH AND NOT _tpool_cross_mingw)
  find_package(benchmark CONFIG QUIET)
  if(benchmark_FOUND)
    set(TPOOL_HAVE_GBENCH ON)
  endif()
endif()

# Not under ThreadSanitizer: Debian's libtbb is not instrumented, so TSan
# would report races inside it that are not there (the micro-benchmarks
# register every peer built).
set(TPOOL_HAVE_TBB OFF)
if(TPOOL_BUILD_BENCH AND NOT _tpool_cross_mingw AND NOT MSVC AND NOT TPOOL_SANITIZED_THREAD)
  find_package(TBB CONFIG QUIET)
  if(TBB_FOUND)
    set(TPOOL_HAVE_TBB ON)
  else()
    tpool_missing_tool("oneTBB (libtbb-dev)" "no tbb peer in bench")
  endif()
endif()

# Header-only pools bench compares tpool with (bench/peers): Boost.Asio's
# thread_pool (target tpool_asio) and moodycamel's ConcurrentQueue and
# LightweightSemaphore (target tpool_moodycamel). Each is optional: where its
# headers are missing, that peer is not built (TPOOL_HAVE_ASIO,
# TPOOL_HAVE_MOODYCAMEL) and tpool_missing_tool says so. For MinGW cross
# builds the host's headers are reached through a staged folder holding only
# them (a symbolic link to boost/, copies of the three concurrentqueue
# headers), never through /usr/include itself.
set(TPOOL_HAVE_ASIO OFF)
set(TPOOL_HAVE_MOODYCAMEL OFF)
if(TPOOL_BUILD_BENCH)
  if(_tpool_cross_mingw)
    set(_peer_staged ${PROJECT_BINARY_DIR}/staged-peer-include)
    file(MAKE_DIRECTORY ${_peer_staged})
    if(EXISTS ${TPOOL_HOST_INCLUDE_DIR}/boost/asio/thread_pool.hpp)
      if(NOT EXISTS ${_peer_staged}/boost)
        file(CREATE_LINK ${TPOOL_HOST_INCLUDE_DIR}/boost ${_peer_staged}/boost SYMBOLIC)
      endif()
      set(_asio_include ${_peer_staged})
    endif()
    if(EXISTS ${TPOOL_HOST_INCLUDE_DIR}/concurrentqueue/concurrentqueue.h)
      file(COPY ${TPOOL_HOST_INCLUDE_DIR}/concurrentqueue DESTINATION ${_peer_staged})
      set(_moodycamel_include ${_peer_staged})
    endif()
  else()
    find_path(TPOOL_ASIO_INCLUDE_DIR boost/asio/thread_pool.hpp)
    find_path(TPOOL_MOODYCAMEL_INCLUDE_DIR concurrentqueue/concurrentqueue.h)
    if(TPOOL_ASIO_INCLUDE_DIR)
      set(_asio_include ${TPOOL_ASIO_INCLUDE_DIR})
    endif()
    if(TPOOL_MOODYCAMEL_INCLUDE_DIR)
      set(_moodycamel_include ${TPOOL_MOODYCAMEL_INCLUDE_DIR})
    endif()
  endif()
  # ThreadSanitizer does not model std::atomic_thread_fence, which both
  # moodycamel's queue and Asio (its fenced blocks around handlers) rely on (GCC refuses it
  # under -Werror=tsan), so under TSan they would report races that are not
  # there: that build leaves both peers out.
  if(TPOOL_SANITIZED_THREAD)
    message(STATUS "asio and moodycamel peers not built: ThreadSanitizer does not model their fences")
    unset(_asio_include)
    unset(_moodycamel_include)
  else()
    if(NOT _asio_include)
      tpool_missing_tool("Boost.Asio headers (libboost-dev)" "no asio peer in bench")
    endif()
    if(NOT _moodycamel_include)
      tpool_missing_tool("moodycamel ConcurrentQueue headers (libconcurrentqueue-dev)" "no moodycamel peer in bench")
    endif()
  endif()
  if(_asio_include)
    set(TPOOL_HAVE_ASIO ON)
    add_library(tpool_asio INTERFACE)
    target_include_directories(tpool_asio SYSTEM INTERFACE ${_asio_include})
    # Asio needs no Boost library to be built; on Windows it sits on Winsock
    # and an I/O completion port.
    target_compile_definitions(tpool_asio INTERFACE BOOST_ASIO_NO_DEPRECATED)
    if(WIN32)
      target_link_libraries(tpool_asio INTERFACE ws2_32 mswsock)
    endif()
  endif()
  if(_moodycamel_include)
    set(TPOOL_HAVE_MOODYCAMEL ON)
    add_library(tpool_moodycamel INTERFACE)
    target_include_directories(tpool_moodycamel SYSTEM INTERFACE ${_moodycamel_include})
  endif()
endif()
