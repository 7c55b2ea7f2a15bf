// White-box test of a ring's cell layout (src/prioq/ring.h): every item
// size, with and without push times, keeps each cell's 64-bit words aligned
// and its item, sequence and push time apart from its neighbours'. The one
// target where this can go wrong is x86, whose items are made of 4-byte
// words: an odd word count used to leave every other cell's sequence number
// misaligned, and a misaligned 64-bit atomic that straddles a cache line is
// not atomic. The ring source is compiled into this test; nothing here goes
// through prioq.dll.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "ring.h"

namespace {

using prioq_impl::kMaxItemWords;
using prioq_impl::ring;

constexpr uint64_t kCapacity = 16;

uintptr_t word_for(uint64_t pos, uint32_t index) {
  return static_cast<uintptr_t>(pos * 1000 + index + 1);
}

struct ring_deleter {
  void operator()(ring *victim) const { ring::destroy(victim); }
};

// Fills two laps of a ring: every cell written, published, read back whole,
// then reused by the next lap.
void check_round_trip(uint32_t words, bool timed) {
  SCOPED_TRACE(testing::Message() << words << " words, timed " << timed);
  std::unique_ptr<ring, ring_deleter> tested(ring::create(kCapacity, words, timed, 0));
  ASSERT_NE(tested, nullptr);
  std::vector<uintptr_t> item(words);
  std::vector<uintptr_t> out(words);
  for (uint64_t lap = 0; lap < 2; ++lap) {
    // Write and publish the whole lap first, so a cell that overlapped its
    // neighbour would be overwritten before it is read back.
    for (uint64_t pos = lap * kCapacity; pos < (lap + 1) * kCapacity; ++pos) {
      EXPECT_EQ(tested->state(pos), ring::cell_state::unpublished) << pos;
      for (uint32_t i = 0; i < words; ++i) item[i] = word_for(pos, i);
      tested->write(pos, item.data(), pos + 7);
      tested->publish(pos);
    }
    for (uint64_t pos = lap * kCapacity; pos < (lap + 1) * kCapacity; ++pos) {
      ASSERT_EQ(tested->state(pos), ring::cell_state::published) << pos;
      tested->copy(pos, out.data());
      for (uint32_t i = 0; i < words; ++i) EXPECT_EQ(out[i], word_for(pos, i)) << pos << " " << i;
      if (timed) {
        EXPECT_EQ(tested->pushed_ms(pos), pos + 7) << pos;
      }
      if (lap != 0) {
        EXPECT_EQ(tested->state(pos - kCapacity), ring::cell_state::reused) << pos;
      }
    }
  }
}

TEST(RingLayout, EveryStrideKeepsSixtyFourBitWordsAligned) {
  for (uint32_t words = 1; words <= kMaxItemWords; ++words) {
    for (const bool timed : {false, true}) {
      const size_t stride = ring::stride_for(words, timed);
      EXPECT_EQ(stride % alignof(std::atomic<uint64_t>), 0u) << words << " " << timed;
      const size_t needed = sizeof(uint64_t) * (timed ? 2 : 1) + words * sizeof(uintptr_t);
      EXPECT_GE(stride, needed) << words << " " << timed;
      // Padding is at most what alignment needs.
      EXPECT_LT(stride, needed + 2 * alignof(std::atomic<uint64_t>)) << words << " " << timed;
    }
    // A queue without aging stores no push time: its cells are smaller.
    EXPECT_LT(ring::stride_for(words, false), ring::stride_for(words, true)) << words;
  }
}

TEST(RingLayout, CellsRoundTripWithoutOverlapForEveryShape) {
  for (const uint32_t words : {1u, 2u, 3u, 5u, 7u, 8u, kMaxItemWords}) {
    check_round_trip(words, false);
    check_round_trip(words, true);
  }
}

TEST(RingLayout, CreateRefusesBadShapes) {
  EXPECT_EQ(ring::create(0, 1, false, 0), nullptr);
  EXPECT_EQ(ring::create(12, 1, false, 0), nullptr);  // not a power of two
  EXPECT_EQ(ring::create(16, 0, false, 0), nullptr);
  EXPECT_EQ(ring::create(16, kMaxItemWords + 1, true, 0), nullptr);
}

}  // namespace
