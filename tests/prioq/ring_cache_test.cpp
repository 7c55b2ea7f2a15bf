// White-box test of the ring memory cache (src/prioq/ring_cache.h): a ring
// made after another of the same size was destroyed reuses its memory and
// starts as a fresh ring (every cell unpublished), other sizes are not
// confused with it, and the cache keeps no more than its limits. The ring
// and cache sources are compiled into this test; nothing here goes through
// prioq.dll, so this process's cache is the test's alone.
#include "ring_cache.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "ring.h"

namespace {

using prioq_impl::ring;
namespace ring_cache = prioq_impl::ring_cache;

constexpr uint64_t kCapacity = 256;
constexpr uint32_t kItemWords = 5;

// Fills every position of a lap with a published item.
void fill_lap(ring *target, uint64_t first) {
  std::vector<uintptr_t> item(target->item_words(), ~uintptr_t{0});
  for (uint64_t pos = first; pos < first + target->capacity(); ++pos) {
    target->write(pos, item.data(), 0);
    target->publish(pos);
  }
}

TEST(RingCache, AReusedRingStartsWithEveryCellUnpublished) {
  ring *first = ring::create(kCapacity, kItemWords, true, 0);
  ASSERT_NE(first, nullptr);
  fill_lap(first, 0);
  ASSERT_EQ(first->state(0), ring::cell_state::published);
  ring::destroy(first);

  // Same geometry, so the same block size: the destroyed ring's memory,
  // dirty with published cells, comes back zeroed.
  ring *second = ring::create(kCapacity, kItemWords, true, 0);
  ASSERT_NE(second, nullptr);
  for (uint64_t pos = 0; pos < kCapacity; ++pos) {
    ASSERT_EQ(second->state(pos), ring::cell_state::unpublished) << pos;
  }
  ring::destroy(second);
}

TEST(RingCache, GivesBackOnlyABlockOfTheSizeAskedFor) {
  unsigned char *block = ring_cache::take_zeroed(4096);
  ASSERT_NE(block, nullptr);
  std::memset(block, 0xAB, 4096);
  ring_cache::give_back(block, 4096);

  unsigned char *other = ring_cache::take_zeroed(8192);
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other, block);
  unsigned char *same = ring_cache::take_zeroed(4096);
  ASSERT_NE(same, nullptr);
  EXPECT_EQ(same, block);
  for (size_t i = 0; i < 4096; ++i) ASSERT_EQ(same[i], 0) << i;
  ring_cache::give_back(other, 8192);
  ring_cache::give_back(same, 4096);
}

// Takes every kept block of these sizes out of the cache (and frees it).
void take_all(std::initializer_list<size_t> sizes) {
  for (size_t bytes : sizes) {
    for (;;) {
      const size_t kept = ring_cache::held().blocks;
      std::free(ring_cache::take_zeroed(bytes));
      if (ring_cache::held().blocks == kept) break;  // that one came from calloc
    }
  }
}
// Every size the tests here give back.
void empty_cache() {
  take_all(
      {ring::stride_for(kItemWords, true) * static_cast<size_t>(kCapacity), 512, 1024, 4096, 8192});
}

TEST(RingCache, KeepsNoMoreThanItsLimits) {
  empty_cache();
  ASSERT_EQ(ring_cache::held().blocks, 0u);
  // More blocks than kMaxBlocks: the cache keeps kMaxBlocks and frees the rest.
  std::vector<unsigned char *> blocks;
  for (size_t i = 0; i < ring_cache::kMaxBlocks + 4; ++i) {
    blocks.push_back(ring_cache::take_zeroed(1024));
    ASSERT_NE(blocks.back(), nullptr);
  }
  for (unsigned char *block : blocks) ring_cache::give_back(block, 1024);
  EXPECT_EQ(ring_cache::held().blocks, ring_cache::kMaxBlocks);
  EXPECT_EQ(ring_cache::held().bytes, ring_cache::kMaxBlocks * 1024);

  // Full of small blocks, the cache still keeps a larger one, in place of
  // a smaller one.
  unsigned char *large = ring_cache::take_zeroed(4096);
  ASSERT_NE(large, nullptr);
  ring_cache::give_back(large, 4096);
  EXPECT_EQ(ring_cache::held().blocks, ring_cache::kMaxBlocks);
  EXPECT_EQ(ring_cache::held().bytes, (ring_cache::kMaxBlocks - 1) * 1024 + 4096);
  unsigned char *large_again = ring_cache::take_zeroed(4096);
  EXPECT_EQ(large_again, large);
  ring_cache::give_back(large_again, 4096);

  // A block larger than kMaxBytes is never kept.
  const ring_cache::holdings before = ring_cache::held();
  unsigned char *huge = ring_cache::take_zeroed(ring_cache::kMaxBytes + 64);
  ASSERT_NE(huge, nullptr);
  ring_cache::give_back(huge, ring_cache::kMaxBytes + 64);
  EXPECT_EQ(ring_cache::held().blocks, before.blocks);
  EXPECT_EQ(ring_cache::held().bytes, before.bytes);
  empty_cache();
}

}  // namespace
