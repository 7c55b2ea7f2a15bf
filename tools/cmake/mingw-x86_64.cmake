# Cross toolchain: Windows x64 PE binaries from Debian's MinGW-w64 (posix
# threading variant, for std::thread in tests and bench).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(TPOOL_MINGW_TRIPLE x86_64-w64-mingw32)
include(${CMAKE_CURRENT_LIST_DIR}/mingw-common.cmake)
