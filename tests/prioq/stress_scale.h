// How much work the stress tests do. Full size natively; scaled down where
// each operation is much slower, so every test binary stays well under 30 s:
//  - under Wine (_WIN32 here means a MinGW build run by the emulator; a
//    native Windows run pays the same small price);
//  - under AddressSanitizer or ThreadSanitizer.
#ifndef TPOOL_TESTS_PRIOQ_STRESS_SCALE_H
#define TPOOL_TESTS_PRIOQ_STRESS_SCALE_H

#include <cstddef>

#include "slow_environment.h"

namespace prioq_test {

inline constexpr size_t kStressItems = test_support::kSlowEnvironment ? 50000 : 1000000;

}  // namespace prioq_test

#endif  // TPOOL_TESTS_PRIOQ_STRESS_SCALE_H
