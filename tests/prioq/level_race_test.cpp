// White-box test of one interleaving in a priority level (src/prioq/level.h)
// that the concurrent stress tests reach only by luck: a consumer finds the
// level's ring empty, and before it decides what that means, producers fill
// the ring, outgrow it and close it. The consumer must not then treat the
// ring as drained and move past it: that stranded every item in it (found on
// 2026-12-02, when a contended benchmark hung with a consumer waiting for an
// item that had been pushed).
//
// Built only with fault injection, whose seam (level::testing_after_empty_look)
// runs code at exactly that point. The level and ring sources are compiled
// into this test; nothing here goes through prioq.dll.
#include <gtest/gtest.h>

#include <cstdint>

#include "level.h"

namespace {

using prioq_impl::level;
using prioq_impl::reservation;

void *item(uint64_t i) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(i + 1));
}

// More than the first ring holds (256), so pushing them grows the level and
// closes the first ring.
constexpr uint64_t kPushed = 300;
bool g_armed = false;

void push_all(level *target) {
  if (!g_armed) return;
  g_armed = false;
  for (uint64_t i = 0; i < kPushed; ++i) {
    reservation spot;
    ASSERT_EQ(target->reserve(1, &spot), PRIOQ_OK);
    void *const value = item(i);  // levels hold item bytes: here a pointer's
    spot.target->publish(spot.first, &value, 0);
  }
}

struct seam_guard {
  seam_guard() { level::testing_after_empty_look = push_all; }
  ~seam_guard() { level::testing_after_empty_look = nullptr; }
};

TEST(LevelRace, AConsumerThatFoundTheRingEmptyBeforeItWasOutgrownDoesNotSkipIt) {
  level tested;
  ASSERT_TRUE(tested.init(1));  // one word: a pointer
  seam_guard seam;
  g_armed = true;
  void *value = nullptr;
  uint64_t pushed_ms = 0;
  // The level was empty when this pop looked; the seam then pushes kPushed
  // items, which fill the first ring and move producers to a second one.
  EXPECT_FALSE(tested.pop(&value, &pushed_ms)) << "the pop looked before anything was pushed";
  ASSERT_FALSE(g_armed) << "the seam did not run";
  for (uint64_t i = 0; i < kPushed; ++i) {
    ASSERT_TRUE(tested.pop(&value, &pushed_ms)) << "item " << i << " was stranded";
    ASSERT_EQ(value, item(i)) << "FIFO order broken at item " << i;
  }
  EXPECT_FALSE(tested.pop(&value, &pushed_ms));
  EXPECT_EQ(tested.size(), 0u);
}

}  // namespace
