// Whether this test build runs where every operation is much slower: under
// Wine (_WIN32 in a test build means a MinGW build run by the emulator;
// every kernel transition is a wineserver round trip) or under ASan/TSan
// (5-20x slower). Stress tests scale their work by it, so each test program
// stays well under its timeout everywhere. One flag for every suite.
#ifndef TPOOL_TESTS_SUPPORT_SLOW_ENVIRONMENT_H
#define TPOOL_TESTS_SUPPORT_SLOW_ENVIRONMENT_H

#include "sanitizers.h"

namespace test_support {

#if defined(_WIN32) || TPOOL_SANITIZER_ADDRESS || TPOOL_SANITIZER_THREAD
inline constexpr bool kSlowEnvironment = true;
#else
inline constexpr bool kSlowEnvironment = false;
#endif

}  // namespace test_support

#endif  // TPOOL_TESTS_SUPPORT_SLOW_ENVIRONMENT_H
