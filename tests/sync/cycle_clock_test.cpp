// The cycle clock the pool times queue waits with (src/platform/cycle_clock.h):
// after calibration, a converted interval agrees with the monotonic clock,
// and conversions never go backwards.
#include "cycle_clock.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace {

TEST(CycleClock, ACalibratedIntervalAgreesWithTheMonotonicClock) {
  platform::calibrate_cycle_clock();
  // Both clocks measure the same interval, so descheduling on a loaded
  // machine stretches both alike; 20 ms keeps the reads' own cost negligible.
  const uint64_t start_ns = platform::monotonic_ns();
  const uint64_t start_cycles = platform::cycles();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const uint64_t cycles_elapsed = platform::cycles() - start_cycles;
  const uint64_t ns_elapsed = platform::monotonic_ns() - start_ns;
  const double converted = static_cast<double>(platform::cycles_to_ns(cycles_elapsed));
  EXPECT_NEAR(converted, static_cast<double>(ns_elapsed), 0.05 * static_cast<double>(ns_elapsed));
}

TEST(CycleClock, ConversionIsMonotonicAcrossTheWholeRange) {
  platform::calibrate_cycle_clock();
  uint64_t previous = 0;
  for (uint64_t cycles = 1; cycles < (uint64_t{1} << 62); cycles = cycles * 3 + 7) {
    const uint64_t ns = platform::cycles_to_ns(cycles);
    EXPECT_GE(ns, previous) << cycles;
    previous = ns;
  }
  EXPECT_EQ(platform::cycles_to_ns(0), 0u);
}

}  // namespace
