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

TEST(CycleClock, AnExplicitRateConvertsAsTheProcessRateDoes) {
  platform::calibrate_cycle_clock();
  const uint64_t rate = platform::ns_per_cycle_q32();
  if (platform::kCycleCounterIsTsc) {
    EXPECT_NE(rate, 0u);
  }
  for (uint64_t cycles = 1; cycles < (uint64_t{1} << 62); cycles = cycles * 5 + 3) {
    EXPECT_EQ(platform::cycles_to_ns(cycles, rate), platform::cycles_to_ns(cycles)) << cycles;
  }
}

TEST(CycleClock, AnExplicitRateIsFixedPoint) {
  constexpr uint64_t kOne = uint64_t{1} << 32;                  // one nanosecond per cycle
  EXPECT_EQ(platform::cycles_to_ns(123456789, 0), 123456789u);  // 0: not calibrated
  EXPECT_EQ(platform::cycles_to_ns(123456789, kOne), 123456789u);
  EXPECT_EQ(platform::cycles_to_ns(123456789, 2 * kOne), 246913578u);
  EXPECT_EQ(platform::cycles_to_ns(1000, kOne / 4), 250u);
  // Above 2^32 cycles the split halves must add up.
  EXPECT_EQ(platform::cycles_to_ns(uint64_t{3} << 40, kOne / 2), uint64_t{3} << 39);
}

}  // namespace
