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
