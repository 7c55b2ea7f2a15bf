// The cycle clock the pool times queue waits with (src/platform/cycle_clock.h):
// after calibration, a converted interval agrees with the monotonic clock,
// and conversions never go backwards; the calibration keeps a thread
// descheduled between its paired reads out of the rate.
#include "cycle_clock.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "cycle_clock_calibration.h"

namespace {

TEST(CycleClock, ACalibratedIntervalAgreesWithTheMonotonicClock) {
  platform::calibrate_cycle_clock();
  // Both clocks measure the same interval, so descheduling inside it
  // stretches both alike; each end pairs its readings as the calibration
  // does, so descheduling between a pair's reads is kept out too. 20 ms
  // keeps the reads' own cost negligible.
  auto cycles = [] { return platform::cycles(); };
  auto monotonic_ns = [] { return platform::monotonic_ns(); };
  const auto start = platform::calibration::read_pair(cycles, monotonic_ns);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const auto end = platform::calibration::read_pair(cycles, monotonic_ns);
  const double ns_elapsed = static_cast<double>(end.ns - start.ns);
  const double converted = static_cast<double>(platform::cycles_to_ns(end.cycles - start.cycles));
  EXPECT_NEAR(converted, ns_elapsed, 0.05 * ns_elapsed);
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

// Simulated clocks for the calibration: true time advances kReadNs per
// read, the counter runs at 3 cycles per ns, and one read (stall_at) is
// followed by a preemption of kStallNs, as a scheduler would do it.
class stalling_clocks {
 public:
  static constexpr uint64_t kReadNs = 20;
  static constexpr uint64_t kStallNs = 20000;
  static constexpr uint64_t kCyclesPerNs = 3;

  explicit stalling_clocks(uint64_t stall_at) : stall_at_(stall_at) {}

  uint64_t cycles() { return kCyclesPerNs * step(); }
  uint64_t monotonic_ns() { return 1000000 + step(); }
  uint64_t reads() const { return reads_; }

 private:
  uint64_t step() {
    const uint64_t now = now_ns_;
    now_ns_ += kReadNs;
    if (reads_++ == stall_at_) now_ns_ += kStallNs;
    return now;
  }

  uint64_t stall_at_;
  uint64_t reads_ = 0;
  uint64_t now_ns_ = 0;
};

uint64_t calibrate_with(stalling_clocks &clocks) {
  return platform::calibration::measure_ns_per_cycle_q32([&] { return clocks.cycles(); },
                                                         [&] { return clocks.monotonic_ns(); });
}

TEST(CycleClockCalibration, AStallBetweenPairedReadsDoesNotSkewTheRate) {
  constexpr double kTrueRate = 1.0 / stalling_clocks::kCyclesPerNs;
  stalling_clocks undisturbed(UINT64_MAX);
  calibrate_with(undisturbed);
  // Wherever the one stall lands, before, inside or after either end's
  // reads, the rate stays within 0.5 %. A single paired read at each end
  // would be off by tens of percent when the stall splits a pair.
  for (uint64_t stall_at = 0; stall_at < undisturbed.reads(); ++stall_at) {
    stalling_clocks clocks(stall_at);
    const double rate = static_cast<double>(calibrate_with(clocks)) / 4294967296.0;
    ASSERT_NEAR(rate, kTrueRate, 0.005 * kTrueRate) << "stall after read " << stall_at;
  }
}

}  // namespace
