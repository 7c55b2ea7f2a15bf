# Shared part of the MinGW-w64 toolchain files. Expects TPOOL_MINGW_TRIPLE.
set(CMAKE_C_COMPILER ${TPOOL_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${TPOOL_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${TPOOL_MINGW_TRIPLE}-windres)
# The MinGW sysroot, after the roots a project passes itself: a package
# outside the sysroot (the unzipped release archive) is found through
# -DCMAKE_FIND_ROOT_PATH=<its folder> -DCMAKE_PREFIX_PATH=<its folder>.
list(APPEND CMAKE_FIND_ROOT_PATH /usr/${TPOOL_MINGW_TRIPLE})
list(REMOVE_DUPLICATES CMAKE_FIND_ROOT_PATH)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(TPOOL_OBJDUMP ${TPOOL_MINGW_TRIPLE}-objdump CACHE STRING "objdump for PE export tables")

# Link the GCC runtime, libstdc++ and winpthread statically into every DLL and
# EXE: the shipped DLLs then depend only on system DLLs, and no C++ runtime
# object is shared across the DLL boundary.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static")
# Target Windows 8+ (WaitOnAddress, SetThreadGroupAffinity).
add_compile_definitions(_WIN32_WINNT=0x0A00 WINVER=0x0A00)

# Run Windows test binaries under Wine (tools/wine-run.sh picks the prefix).
if(NOT DEFINED CMAKE_CROSSCOMPILING_EMULATOR)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../wine-run.sh)
endif()
