#include "comparison_plan.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "task_inputs.h"

namespace {

bench::calibration_rule rule() {
  bench::calibration_rule r;
  r.target_ms = 200;
  r.min_units = 12000;
  r.max_units = 4000000;
  r.granule = 600;
  return r;
}

}  // namespace

TEST(Calibration, ScalesTheCountToTheTargetDuration) {
  // 12,000 tasks in 2 ms: 200 ms needs 1,200,000 (a multiple of 600).
  EXPECT_EQ(bench::calibrate_units(12000, 2.0, rule()).units, 1200000u);
}

TEST(Calibration, RoundsUpToTheGranule) {
  // 12,000 in 100 ms: 24,000 wanted; 12,000 in 99 ms: 24,242.4 -> 24,600.
  EXPECT_EQ(bench::calibrate_units(12000, 100.0, rule()).units, 24000u);
  EXPECT_EQ(bench::calibrate_units(12000, 99.0, rule()).units, 24600u);
}

TEST(Calibration, NeverGoesBelowTheMinimum) {
  const bench::calibrated_units c = bench::calibrate_units(12000, 1000.0, rule());
  EXPECT_EQ(c.units, 12000u);
  EXPECT_FALSE(c.capped);
}

TEST(Calibration, CapBindsAndSaysSo) {
  // The cap is rounded down to whole granules: 4,000,000 -> 3,999,600.
  const bench::calibrated_units c = bench::calibrate_units(12000, 0.1, rule());
  EXPECT_EQ(c.units, 3999600u);
  EXPECT_TRUE(c.capped);
}

TEST(Calibration, ZeroDurationScalesToTheCap) {
  EXPECT_TRUE(bench::calibrate_units(12000, 0.0, rule()).capped);
}

TEST(Calibration, ShortRunAsksForAnotherCalibrationRun) {
  EXPECT_TRUE(bench::calibration_needs_another_run(12000, 10.0, rule()));
  EXPECT_FALSE(bench::calibration_needs_another_run(12000, 60.0, rule()));
  EXPECT_FALSE(bench::calibration_needs_another_run(4000000, 10.0, rule()));
}

TEST(RoundOrder, EveryPoolRunsFirstEquallyOftenOverAWholeNumberOfCycles) {
  const size_t pools = 5;
  std::map<size_t, int> first;
  for (uint32_t round = 0; round < 3 * pools; ++round) ++first[bench::round_order(pools, round)[0]];
  ASSERT_EQ(first.size(), pools);
  for (const auto &[pool, count] : first) EXPECT_EQ(count, 3) << "pool " << pool;
}

TEST(RoundOrder, EveryRoundRunsEveryPoolOnce) {
  for (uint32_t round = 0; round < 7; ++round) {
    std::vector<size_t> order = bench::round_order(4, round);
    std::sort(order.begin(), order.end());
    EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2, 3})) << "round " << round;
  }
}

TEST(RoundOrder, ConsecutiveRoundsRotateByOne) {
  EXPECT_EQ(bench::round_order(3, 0), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(bench::round_order(3, 1), (std::vector<size_t>{1, 2, 0}));
}

TEST(PhaseRetries, AHandOffChangeOfMoreThanTwiceEitherWayIsAChange) {
  EXPECT_TRUE(bench::handoff_changed(200.0, 18.0));
  EXPECT_TRUE(bench::handoff_changed(19.3, 209.9));
  EXPECT_TRUE(bench::handoff_changed(100.0, 201.0));
  EXPECT_FALSE(bench::handoff_changed(100.0, 199.0));
  EXPECT_FALSE(bench::handoff_changed(210.0, 105.5));
  EXPECT_FALSE(bench::handoff_changed(226.6, 216.3));
}

TEST(PhaseRetries, AMissingOrNonPositiveReadingIsNoChange) {
  EXPECT_FALSE(bench::handoff_changed(std::nullopt, 20.0));
  EXPECT_FALSE(bench::handoff_changed(200.0, std::nullopt));
  EXPECT_FALSE(bench::handoff_changed(0.0, 200.0));
  EXPECT_FALSE(bench::handoff_changed(200.0, -1.0));
  EXPECT_FALSE(bench::handoff_ratio(std::nullopt, 20.0).has_value());
  EXPECT_FALSE(bench::handoff_ratio(0.0, 200.0).has_value());
  EXPECT_FALSE(bench::handoff_ratio(200.0, -1.0).has_value());
}

TEST(PhaseRetries, ARatioBeyondTwiceEitherWayIsAChange) {
  EXPECT_TRUE(bench::is_handoff_change(10.5));
  EXPECT_TRUE(bench::is_handoff_change(0.09));
  EXPECT_FALSE(bench::is_handoff_change(1.99));
  EXPECT_FALSE(bench::is_handoff_change(0.51));
}

TEST(PhaseRetries, TheRatioIsAfterOverBefore) {
  ASSERT_TRUE(bench::handoff_ratio(20.0, 210.0).has_value());
  EXPECT_DOUBLE_EQ(*bench::handoff_ratio(20.0, 210.0), 10.5);
  EXPECT_DOUBLE_EQ(*bench::handoff_ratio(210.0, 21.0), 0.1);
}

TEST(PhaseRetries, ACellThatRanAcrossAChangeIsMeasuredAgainUpToTheLastTry) {
  for (uint32_t tries = 1; tries < bench::kMaxCellTries; ++tries) {
    EXPECT_TRUE(bench::wants_another_try(19.3, 209.9, tries, 0)) << "try " << tries;
    EXPECT_FALSE(bench::wants_another_try(209.9, 214.7, tries, 0)) << "try " << tries;
  }
  EXPECT_FALSE(bench::wants_another_try(19.3, 209.9, bench::kMaxCellTries, 0));
}

TEST(PhaseRetries, ARunStopsMeasuringAgainOnceItsRetriesAreSpent) {
  EXPECT_TRUE(bench::wants_another_try(19.3, 209.9, 1, bench::kMaxRetriesPerRun - 1));
  EXPECT_FALSE(bench::wants_another_try(19.3, 209.9, 1, bench::kMaxRetriesPerRun));
}

TEST(ExtraRepetitions, NoisyPoolAsksForAnotherRoundUpToTheBound) {
  EXPECT_TRUE(bench::wants_more_repetitions({1.0, 6.0}, 5.0, 7, 15));
  EXPECT_FALSE(bench::wants_more_repetitions({1.0, 6.0}, 5.0, 15, 15));
  EXPECT_FALSE(bench::wants_more_repetitions({1.0, 4.9}, 5.0, 7, 15));
}

TEST(ComparisonInputs, EveryCountIsAPrefixOfTheSameSequence) {
  const std::vector<int32_t> small = bench::block_shuffled_priorities(1200);
  const std::vector<int32_t> large = bench::block_shuffled_priorities(3000);
  ASSERT_EQ(small.size(), 1200u);
  EXPECT_TRUE(std::equal(small.begin(), small.end(), large.begin()));
}

TEST(ComparisonInputs, WholeBlocksHoldExactThirds) {
  const std::vector<int32_t> p = bench::block_shuffled_priorities(1800);
  const bench::priority_counts expected = bench::counts_for(bench::priority_mix::uniform, 1800);
  EXPECT_EQ(std::count(p.begin(), p.end(), 0), static_cast<long>(expected.high));
  EXPECT_EQ(std::count(p.begin(), p.end(), 1), static_cast<long>(expected.medium));
  EXPECT_EQ(std::count(p.begin(), p.end(), 2), static_cast<long>(expected.low));
}

TEST(ComparisonInputs, BlocksAreShuffled) {
  const std::vector<int32_t> p = bench::block_shuffled_priorities(600);
  EXPECT_NE(std::count(p.begin(), p.begin() + 200, 0), 200);
}
