#include "stats.h"

#include <gtest/gtest.h>

TEST(Summary, MedianOfAnOddCountIsTheMiddleValue) {
  EXPECT_DOUBLE_EQ(bench::summarize({5, 1, 3}).median, 3);
}

TEST(Summary, MedianOfAnEvenCountIsTheMeanOfTheMiddlePair) {
  EXPECT_DOUBLE_EQ(bench::summarize({4, 1, 3, 2}).median, 2.5);
}

TEST(Summary, MinAndMaxAreTheExtremes) {
  const bench::summary s = bench::summarize({7, 2, 9});
  EXPECT_EQ(std::make_pair(s.min, s.max), std::make_pair(2.0, 9.0));
}

TEST(Summary, RsdUsesTheSampleStandardDeviation) {
  // Values 4 and 6: mean 5, sample variance (1 + 1) / (2 - 1) = 2.
  EXPECT_NEAR(bench::summarize({4, 6}).rsd_pct, 100.0 * 1.41421356 / 5.0, 1e-6);
}

TEST(Summary, RsdOfOneValueIsZero) {
  EXPECT_EQ(bench::summarize({3}).rsd_pct, 0);
}

TEST(Percentile, NearestRankPicksTheCeilingRank) {
  EXPECT_EQ(bench::percentile({10, 20, 30, 40}, 50), 20);
  EXPECT_EQ(bench::percentile({10, 20, 30, 40}, 51), 30);
}

TEST(Percentile, HundredIsTheMaximum) {
  EXPECT_EQ(bench::percentile({3, 9, 1}, 100), 9);
}

TEST(Median, OfAnEmptySampleIsZero) {
  EXPECT_EQ(bench::median({}), 0);
}

TEST(BootstrapRatio, RatioIsTheRatioOfTheMedians) {
  const bench::ratio_interval r = bench::bootstrap_ratio_of_medians({10, 20, 30}, {5, 10, 15});
  EXPECT_DOUBLE_EQ(r.ratio, 2.0);
}

TEST(BootstrapRatio, IdenticalRepetitionsGiveAZeroWidthInterval) {
  const bench::ratio_interval r = bench::bootstrap_ratio_of_medians({6, 6, 6, 6}, {3, 3, 3});
  ASSERT_TRUE(r.has_interval);
  EXPECT_EQ(std::make_pair(r.low, r.high), std::make_pair(2.0, 2.0));
}

TEST(BootstrapRatio, IntervalOfTwoSeparatedSamplesLiesWithinTheirExtremeRatios) {
  // Every resampled median lies in [min, max] of its sample, so the ratio of
  // resampled medians lies in [9/6, 11/4].
  const bench::ratio_interval r =
      bench::bootstrap_ratio_of_medians({9, 10, 10, 11, 10, 9, 11}, {4, 5, 6, 5, 5, 4, 6});
  ASSERT_TRUE(r.has_interval);
  EXPECT_GE(r.low, 9.0 / 6.0);
  EXPECT_LE(r.high, 11.0 / 4.0);
  EXPECT_LT(r.low, r.ratio);
  EXPECT_GT(r.high, r.ratio);
}

TEST(BootstrapRatio, KnownSampleGivesItsKnownInterval) {
  // Numerator {1, 3}: a resample's median is 1, 2 or 3 (probability 1/4,
  // 1/2, 1/4); denominator {1, 1}: always 1. The 2.5th and 97.5th
  // percentiles of the ratio are therefore 1 and 3.
  const bench::ratio_interval r = bench::bootstrap_ratio_of_medians({1, 3}, {1, 1});
  ASSERT_TRUE(r.has_interval);
  EXPECT_DOUBLE_EQ(r.ratio, 2.0);
  EXPECT_EQ(std::make_pair(r.low, r.high), std::make_pair(1.0, 3.0));
}

TEST(BootstrapRatio, SameInputsGiveTheSameInterval) {
  const std::vector<double> a{1.0, 1.3, 0.9, 1.1, 1.2};
  const std::vector<double> b{1.0, 0.8, 1.1, 0.95, 1.05};
  const bench::ratio_interval first = bench::bootstrap_ratio_of_medians(a, b);
  const bench::ratio_interval second = bench::bootstrap_ratio_of_medians(a, b);
  EXPECT_EQ(std::make_pair(first.low, first.high), std::make_pair(second.low, second.high));
}

TEST(BootstrapRatio, OneValueOnEitherSideGivesNoInterval) {
  EXPECT_FALSE(bench::bootstrap_ratio_of_medians({2}, {1, 1}).has_interval);
  EXPECT_FALSE(bench::bootstrap_ratio_of_medians({2, 2}, {1}).has_interval);
}

TEST(BootstrapRatio, ZeroDenominatorMedianGivesNoRatio) {
  const bench::ratio_interval r = bench::bootstrap_ratio_of_medians({1, 2}, {0, 0, 0});
  EXPECT_EQ(r.ratio, 0);
  EXPECT_FALSE(r.has_interval);
}

TEST(Verdict, IntervalEntirelyAboveOneIsFaster) {
  bench::ratio_interval r;
  r.ratio = 1.2;
  r.low = 1.01;
  r.high = 1.4;
  r.has_interval = true;
  EXPECT_EQ(bench::judge(r, false), bench::verdict::faster);
}

TEST(Verdict, IntervalEntirelyBelowOneIsSlower) {
  bench::ratio_interval r;
  r.ratio = 0.8;
  r.low = 0.7;
  r.high = 0.99;
  r.has_interval = true;
  EXPECT_EQ(bench::judge(r, false), bench::verdict::slower);
}

TEST(Verdict, IntervalContainingOneIsWithinNoise) {
  bench::ratio_interval r;
  r.ratio = 1.1;
  r.low = 0.95;
  r.high = 1.3;
  r.has_interval = true;
  EXPECT_EQ(bench::judge(r, false), bench::verdict::within_noise);
}

TEST(Verdict, FlaggedSampleGetsNoVerdictWhateverItsInterval) {
  bench::ratio_interval r;
  r.ratio = 3;
  r.low = 2;
  r.high = 4;
  r.has_interval = true;
  EXPECT_EQ(bench::judge(r, true), bench::verdict::flagged);
}

TEST(Verdict, NamesAreTheSchemaValues) {
  EXPECT_STREQ(bench::verdict_name(bench::verdict::within_noise), "within noise");
  EXPECT_STREQ(bench::verdict_name(bench::verdict::flagged), "flagged");
}

TEST(RsdFlagging, SampleAboveTheLimitIsTooNoisy) {
  // {90, 110}: mean 100, sample sd 14.14: RSD 14.1%.
  EXPECT_TRUE(bench::too_noisy({90, 110}, 5.0));
  EXPECT_FALSE(bench::too_noisy({99, 101}, 5.0));
}
