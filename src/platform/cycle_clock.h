// A cheap clock for the intervals a pool measures per job (how long a job
// waited in the queue): the processor's time-stamp counter where there is
// one (x86 and x64), read with one instruction. monotonic_ns() takes a
// system-call-free but slower path (tens of nanoseconds on a virtual
// machine, more for QueryPerformanceCounter under Wine); a TSC read is a
// few nanoseconds.
//
// What must hold for the readings to mean something: the counter runs at a
// constant rate and is synchronized across processors (an invariant TSC:
// every x64 processor of the last decade; Windows itself relies on it for
// QueryPerformanceCounter). Readings of different threads are compared, so
// callers clamp a difference that comes out negative to 0. Elsewhere
// (another architecture) the "cycles" are monotonic_ns() nanoseconds.
//
// Conversions use a rate measured once per process against monotonic_ns()
// (calibrate_cycle_clock, about 50 us, done by the first pool created;
// cycle_clock_calibration.h says how a preempted read is kept out) and
// never changed afterwards, so a converted sum never moves backwards.
#ifndef TPOOL_SRC_PLATFORM_CYCLE_CLOCK_H
#define TPOOL_SRC_PLATFORM_CYCLE_CLOCK_H

#include <cstdint>

#if defined(_MSC_VER)
#include <intrin.h>
#elif defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "platform.h"

namespace platform {

#if defined(_M_X64) || defined(_M_IX86) || defined(__x86_64__) || defined(__i386__)
inline constexpr bool kCycleCounterIsTsc = true;
inline uint64_t cycles() {
  return __rdtsc();
}
#else
inline constexpr bool kCycleCounterIsTsc = false;
inline uint64_t cycles() {
  return monotonic_ns();
}
#endif

// Measures the counter's rate once per process; later calls return at once.
// Thread-safe (racing first callers each measure; one result is kept).
void calibrate_cycle_clock();
// Nanoseconds in a difference of cycles(). Before calibration it assumes
// 1 cycle per ns.
uint64_t cycles_to_ns(uint64_t cycle_count);
// The measured rate: nanoseconds per cycle in 32.32 fixed point; 0 before
// calibration, and always 0 where cycles() are already nanoseconds.
// Thread-safe.
uint64_t ns_per_cycle_q32();
// cycles_to_ns at a rate ns_per_cycle_q32() returned (0: one nanosecond
// per cycle). For a hot path that keeps its own copy of the rate on a line
// it reads anyway: the global behind cycles_to_ns lives on a line of its
// own, one more cache miss for a path that reads the clock rarely (aging's
// pop of a HIGH item behind LOW ones).
inline uint64_t cycles_to_ns(uint64_t cycle_count, uint64_t rate_q32) {
  if (rate_q32 == 0) return cycle_count;
  // (cycles * rate) >> 32 without overflowing 64 bits: split cycles.
  const uint64_t high = (cycle_count >> 32) * rate_q32;
  const uint64_t low = ((cycle_count & 0xFFFFFFFFu) * rate_q32) >> 32;
  return high + low;
}

}  // namespace platform

#endif  // TPOOL_SRC_PLATFORM_CYCLE_CLOCK_H
