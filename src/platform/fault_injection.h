// Test-only fault injection seam shared by both backends.
//
// In builds configured with TPOOL_FAULT_INJECTION=ON (test builds only), each
// injection point counts how often it is reached, and a test can arm it so
// that the Nth time it is reached it fails. Release DLLs are built without the
// option: should_fail() is then a constant false that the compiler removes.
//
// Points:
//  - thread_start: platform::thread_start returns false.
//  - allocation:   core allocation sites (job records, queue growth, worker
//                  tables) behave as if the allocator returned null.
//  - wait:         platform::wait_on_address returns false (as on a timeout)
//                  without waiting; callers must treat it like a spurious wake
//                  or a timeout, never as a lost wake-up.
#ifndef TPOOL_SRC_PLATFORM_FAULT_INJECTION_H
#define TPOOL_SRC_PLATFORM_FAULT_INJECTION_H

#include <cstdint>

namespace platform::fault {

enum class point : int { thread_start = 0, allocation = 1, wait = 2 };
inline constexpr int kPointCount = 3;

#if defined(TPOOL_FAULT_INJECTION)
// Thread-safe. Counts one arrival at p and returns true if it is the armed one.
bool should_fail(point p) noexcept;
// Arms p to fail on its nth arrival counted from now (1 = the next). 0 disarms.
void arm(point p, uint64_t nth) noexcept;
// Disarms every point and resets the arrival counters.
void reset() noexcept;
// Arrivals at p since the last reset.
uint64_t arrivals(point p) noexcept;
// Faults actually injected at p since the last reset.
uint64_t injected(point p) noexcept;

// The same for a point number coming through a DLL's C test exports
// (src/*/testing_exports.cpp): unknown numbers are refused (false) or read as 0.
bool arm_number(int32_t point_number, uint64_t nth) noexcept;
uint64_t arrivals_number(int32_t point_number) noexcept;
uint64_t injected_number(int32_t point_number) noexcept;
#else
constexpr bool should_fail(point) noexcept {
  return false;
}
#endif

}  // namespace platform::fault

#endif  // TPOOL_SRC_PLATFORM_FAULT_INJECTION_H
