// How much work the stress tests do. Full size natively; scaled down where
// each operation is much slower, so every test binary stays well under 30 s:
//  - under Wine (_WIN32 here means a MinGW build run by the emulator; a
//    native Windows run pays the same small price);
//  - under AddressSanitizer or ThreadSanitizer.
#ifndef TPOOL_TESTS_PRIOQ_STRESS_SCALE_H
#define TPOOL_TESTS_PRIOQ_STRESS_SCALE_H

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PRIOQ_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PRIOQ_TEST_SANITIZED 1
#endif

namespace prioq_test {

#if defined(_WIN32) || defined(PRIOQ_TEST_SANITIZED)
inline constexpr size_t kStressItems = 50000;
#else
inline constexpr size_t kStressItems = 1000000;
#endif

}  // namespace prioq_test

#endif  // TPOOL_TESTS_PRIOQ_STRESS_SCALE_H
