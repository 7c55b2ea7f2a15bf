#include "task_inputs.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

bool counts_equal(const bench::priority_counts &a, uint64_t high, uint64_t medium, uint64_t low) {
  return a.high == high && a.medium == medium && a.low == low;
}

}  // namespace

TEST(PriorityMix, UniformSplitsTwelveThousandIntoExactThirds) {
  EXPECT_TRUE(
      counts_equal(bench::counts_for(bench::priority_mix::uniform, 12000), 4000, 4000, 4000));
}

TEST(PriorityMix, High90IsNinetyFiveFive) {
  EXPECT_TRUE(counts_equal(bench::counts_for(bench::priority_mix::high90, 12000), 10800, 600, 600));
}

TEST(PriorityMix, Low90IsFiveFiveNinety) {
  EXPECT_TRUE(
      counts_equal(bench::counts_for(bench::priority_mix::low90, 48000), 2400, 2400, 43200));
}

TEST(ShuffledPriorities, KeepsTheExactCounts) {
  const std::vector<int32_t> shuffled = bench::shuffled_priorities({10800, 600, 600});
  EXPECT_EQ(std::count(shuffled.begin(), shuffled.end(), 1), 600);
  EXPECT_EQ(std::count(shuffled.begin(), shuffled.end(), 2), 600);
}

TEST(ShuffledPriorities, IsTheSameSequenceEveryTime) {
  EXPECT_EQ(bench::shuffled_priorities({4000, 4000, 4000}),
            bench::shuffled_priorities({4000, 4000, 4000}));
}

TEST(ShuffledPriorities, ActuallyMixesTheLevels) {
  const std::vector<int32_t> shuffled = bench::shuffled_priorities({4000, 4000, 4000});
  EXPECT_FALSE(std::is_sorted(shuffled.begin(), shuffled.end()));
}

TEST(InputLcg, FirstDrawFromTheDocumentedSeedIsStable) {
  // 0x5eed1234 * 6364136223846793005 + 1442695040888963407 (mod 2^64), high half.
  bench::input_lcg lcg;
  const uint64_t state = 0x5eed1234ull * 6364136223846793005ull + 1442695040888963407ull;
  EXPECT_EQ(lcg.next(), static_cast<uint32_t>(state >> 32));
}

TEST(TaskArray, RecordsAreCacheLineAligned) {
  bench::task_group group(0);
  bench::task_array tasks({0, 1, 2}, &group);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(&tasks[1]) % 64, 0u);
}
