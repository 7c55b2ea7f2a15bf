// White-box test of what the queue's per-thread sub-queues stand on:
// platform::thread_slot (src/platform/platform.h). Each live thread holds a
// slot of its own until it exits, threads beyond the slots share the last
// one, and a thread's exit gives its slot back, so threads that come and go
// never use the slots up. The platform library is linked in statically (this
// binary's own slot table); nothing here goes through prioq.dll.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>
#include <vector>

#include "platform.h"

namespace {

TEST(ThreadSlot, AThreadKeepsItsSlotForItsWholeLife) {
  uint32_t first = 0, second = 0;
  std::thread([&] {
    first = platform::thread_slot();
    second = platform::thread_slot();
  }).join();
  EXPECT_NE(first, platform::kSharedThreadSlot);
  EXPECT_EQ(first, second);
}

TEST(ThreadSlot, ThousandsOfThreadsThatComeAndGoEachGetASlotOfTheirOwn) {
  // One after another: each exits (and gives its slot back) before the next
  // starts. Without the exit callback the slots would run out after 31.
  constexpr int kThreads = 2000;
  int shared = 0;
  for (int i = 0; i < kThreads; ++i) {
    uint32_t slot = 0;
    std::thread([&] { slot = platform::thread_slot(); }).join();
    if (slot == platform::kSharedThreadSlot) ++shared;
  }
  EXPECT_EQ(shared, 0);
}

TEST(ThreadSlot, LiveThreadsHoldDistinctSlotsAndTheOnesBeyondShareTheLast) {
  constexpr uint32_t kExtra = 3;
  constexpr uint32_t kThreads = platform::kThreadSlots + kExtra;
  std::vector<uint32_t> slots(kThreads);
  std::atomic<uint32_t> holding{0};
  std::atomic<bool> release{false};
  std::vector<std::thread> threads;
  for (uint32_t i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      slots[i] = platform::thread_slot();
      holding.fetch_add(1);
      while (!release.load()) std::this_thread::yield();
    });
  }
  while (holding.load() != kThreads) std::this_thread::yield();
  release.store(true);
  for (std::thread &thread : threads) thread.join();

  std::set<uint32_t> own;
  uint32_t shared = 0;
  for (const uint32_t slot : slots) {
    ASSERT_LE(slot, platform::kSharedThreadSlot);
    if (slot == platform::kSharedThreadSlot) {
      ++shared;
    } else {
      EXPECT_TRUE(own.insert(slot).second) << "slot " << slot << " held by two live threads";
    }
  }
  EXPECT_EQ(own.size(), platform::kThreadSlots);
  EXPECT_EQ(shared, kExtra);
}

TEST(ThreadSlot, ThreadsThatAskInTurnGetConsecutiveOrdinals) {
  uint32_t first = 0, second = 0;
  std::thread([&] { first = platform::thread_ordinal(); }).join();
  std::thread([&] { second = platform::thread_ordinal(); }).join();
  EXPECT_EQ(second, first + 1);
  EXPECT_EQ(platform::thread_ordinal(), platform::thread_ordinal());
}

}  // namespace
