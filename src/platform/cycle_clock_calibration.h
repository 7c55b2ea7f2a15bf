// How the cycle clock's rate is measured (cycle_clock.cpp), over clock
// sources passed in so a test can stall a thread exactly where the
// scheduler would.
//
// The rate is (elapsed ns) / (elapsed cycles) between two instants, and
// each instant needs one reading of each clock. The two reads of a pair
// are separate instructions: a thread descheduled between them pairs a
// monotonic time with a counter value taken microseconds later, and over a
// 50 us window that is an error of tens of percent (a CI run under ASan
// measured converted intervals 22 % long). So each end reads the counter
// on both sides of the monotonic read, several times, and keeps the try
// whose two counter reads are closest: its midpoint is within half that
// spread of the monotonic reading. What must stay true: the kept spread
// bounds the error, and a stall inside the window (between the ends) costs
// nothing, since both clocks run through it.
#ifndef TPOOL_SRC_PLATFORM_CYCLE_CLOCK_CALIBRATION_H
#define TPOOL_SRC_PLATFORM_CYCLE_CLOCK_CALIBRATION_H

#include <cstdint>

namespace platform::calibration {

// Tries per end. One preemption per few milliseconds is typical even on a
// loaded machine; eight back-to-back tries of well under a microsecond
// each all being hit is not.
inline constexpr int kPairTries = 8;

// Long enough that the kept spreads (tens of ns) make an error well under
// 0.1 %; short enough to hide in a pool's creation.
inline constexpr uint64_t kWindowNs = 50000;

struct clock_pair {
  uint64_t ns;      // a monotonic reading
  uint64_t cycles;  // the counter at the same instant, within spread / 2
  uint64_t spread;  // cycles between the bracketing counter reads
};

// The tightest of kPairTries bracketed readings.
template <class Cycles, class MonotonicNs>
clock_pair read_pair(Cycles &cycles, MonotonicNs &monotonic_ns) {
  clock_pair best{0, 0, UINT64_MAX};
  for (int i = 0; i < kPairTries; ++i) {
    const uint64_t before = cycles();
    const uint64_t ns = monotonic_ns();
    const uint64_t after = cycles();
    const uint64_t spread = after - before;
    if (spread < best.spread) best = clock_pair{ns, before + spread / 2, spread};
  }
  return best;
}

// Nanoseconds per cycle in 32.32 fixed point, never 0.
template <class Cycles, class MonotonicNs>
uint64_t measure_ns_per_cycle_q32(Cycles &&cycles, MonotonicNs &&monotonic_ns) {
  const clock_pair start = read_pair(cycles, monotonic_ns);
  clock_pair end = start;
  while (end.ns - start.ns < kWindowNs || end.cycles == start.cycles) {
    end = read_pair(cycles, monotonic_ns);
  }
  const uint64_t rate = ((end.ns - start.ns) << 32) / (end.cycles - start.cycles);
  return rate == 0 ? 1 : rate;
}

}  // namespace platform::calibration

#endif  // TPOOL_SRC_PLATFORM_CYCLE_CLOCK_CALIBRATION_H
