#include "arrival_schedule.h"

#include <gtest/gtest.h>

#include <algorithm>

TEST(ArrivalSchedule, IsTheSameSequenceEveryTime) {
  EXPECT_EQ(bench::unit_arrivals(1000), bench::unit_arrivals(1000));
}

TEST(ArrivalSchedule, ArrivalTimesStrictlyIncrease) {
  const std::vector<double> times = bench::unit_arrivals(10000);
  EXPECT_TRUE(std::adjacent_find(times.begin(), times.end(), std::greater_equal<double>()) ==
              times.end());
}

TEST(ArrivalSchedule, MeanGapIsOneUnitWithinOnePercentOverHundredThousandArrivals) {
  const std::vector<double> times = bench::unit_arrivals(100000);
  EXPECT_NEAR(times.back() / 100000.0, 1.0, 0.01);
}

TEST(ArrivalSchedule, GapsAreExponentialNotEven) {
  // For exponential gaps about 1 - 1/e (63.2%) are shorter than the mean;
  // evenly spaced arrivals would give 0% or 100%.
  const std::vector<double> times = bench::unit_arrivals(100000);
  size_t shorter = times[0] < 1.0 ? 1 : 0;
  for (size_t i = 1; i < times.size(); ++i) shorter += times[i] - times[i - 1] < 1.0 ? 1 : 0;
  EXPECT_NEAR(static_cast<double>(shorter) / 100000.0, 0.632, 0.01);
}

TEST(ArrivalSchedule, TicksScaleInverselyWithTheRate) {
  const std::vector<double> unit = bench::unit_arrivals(100);
  const std::vector<uint64_t> slow = bench::arrival_ticks(unit, 1000.0, 1000000000u);
  const std::vector<uint64_t> fast = bench::arrival_ticks(unit, 2000.0, 1000000000u);
  // At 1,000 arrivals/s one unit is 1 ms = 1e6 ns; twice the rate halves it.
  EXPECT_NEAR(static_cast<double>(slow.back()), unit.back() * 1e6, 1.0);
  EXPECT_NEAR(static_cast<double>(fast.back()), unit.back() * 5e5, 1.0);
}
