// How much work a test may afford here: less under Wine (every kernel
// transition is a wineserver round trip) and under sanitizers (5-20x slower).
#ifndef TPOOL_TESTS_RELIABILITY_TEST_SCALE_H
#define TPOOL_TESTS_RELIABILITY_TEST_SCALE_H

namespace reliability {

#if defined(_WIN32) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSlowEnvironment = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSlowEnvironment = true;
#else
inline constexpr bool kSlowEnvironment = false;
#endif
#else
inline constexpr bool kSlowEnvironment = false;
#endif

}  // namespace reliability

#endif  // TPOOL_TESTS_RELIABILITY_TEST_SCALE_H
