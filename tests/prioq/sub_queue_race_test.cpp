// White-box test of one interleaving in a sub-queue (src/prioq/sub_queue.h)
// that the concurrent stress tests reach only by luck: a consumer finds its
// head position unpublished, and before it looks for a successor ring the
// producer publishes there, fills the ring and outgrows it. The consumer
// must look at the cell again before it moves on: moving past the ring
// would strand every item in it (the same interleaving once stranded items
// in the previous design's levels, and a contended benchmark hung).
//
// Built only with fault injection, whose seam
// (sub_queue::testing_after_unpublished_look) runs code at exactly that
// point. The sub-queue and ring sources are compiled into this test; nothing
// here goes through prioq.dll.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "sub_queue.h"
#include "sub_queue_push.h"

namespace {

using prioq_impl::sub_queue;

uintptr_t item(uint64_t i) {
  return static_cast<uintptr_t>(i + 1);
}

// More than a first ring holds, so pushing them grows the sub-queue and
// links a second ring.
constexpr uint64_t kPushed = 300;
std::atomic<bool> g_armed{false};

void push_all(sub_queue *target) {
  if (!g_armed.exchange(false)) return;
  for (uint64_t i = 0; i < kPushed; ++i) push_word(target, item(i));
}

struct seam_guard {
  seam_guard() { sub_queue::testing_after_unpublished_look = push_all; }
  ~seam_guard() { sub_queue::testing_after_unpublished_look = nullptr; }
};

TEST(SubQueueRace, AConsumerThatFoundTheHeadUnpublishedBeforeTheRingWasOutgrownDoesNotSkipIt) {
  sub_queue tested;
  tested.configure(1, 0, false);
  ASSERT_TRUE(tested.make_room(1));  // the first ring, still empty
  seam_guard seam;
  g_armed = true;
  uintptr_t value = 0;
  // The head was unpublished when this take looked; the seam then pushes
  // kPushed items, which fill the first ring and move the producer to a
  // second one. The take must still return the first item. A take that
  // moved past the first ring waits for ever for a position that ring
  // holds: the watchdog turns that into a failure.
  size_t taken = 0;
  std::atomic<bool> done{false};
  std::thread consumer([&] {
    taken = tested.take(&value, 1);
    done.store(true);
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!done.load() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (!done.load()) {
    ADD_FAILURE() << "the take skipped the ring and waits for ever";
    std::fflush(stdout);
    std::_Exit(1);
  }
  consumer.join();
  ASSERT_EQ(taken, 1u) << "the item pushed at the seam was missed";
  ASSERT_FALSE(g_armed.load()) << "the seam did not run";
  EXPECT_EQ(value, item(0));
  for (uint64_t i = 1; i < kPushed; ++i) {
    ASSERT_EQ(tested.take(&value, 1), 1u) << "item " << i << " was stranded";
    ASSERT_EQ(value, item(i)) << "FIFO order broken at item " << i;
  }
  EXPECT_EQ(tested.take(&value, 1), 0u);
  EXPECT_EQ(tested.size(), 0u);
}

TEST(SubQueueRace, ARunClaimStopsAtTheEndOfARingAndTheNextClaimContinuesInTheNextRing) {
  sub_queue tested;
  tested.configure(1, 0, false);
  for (uint64_t i = 0; i < kPushed; ++i) push_word(&tested, item(i));
  uintptr_t values[kPushed] = {};
  uint64_t next = 0;
  while (next < kPushed) {
    const size_t taken = tested.take(values, kPushed);
    ASSERT_NE(taken, 0u) << "items stranded after " << next;
    for (size_t i = 0; i < taken; ++i) ASSERT_EQ(values[i], item(next + i));
    next += taken;
  }
  EXPECT_EQ(tested.take(values, kPushed), 0u);
}

}  // namespace
