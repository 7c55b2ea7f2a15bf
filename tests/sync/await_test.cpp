// tpsync::await_until (src/sync/await.h), the one wait loop both DLLs use:
// it returns true as soon as the condition holds and another thread's
// notification arrives, false only once the deadline has passed, looks at
// least once, and never calls a condition again after it held.
#include "await.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "deadline.h"
#include "event_count.h"
#include "patience.h"
#include "platform.h"

namespace {

using test_support::kPatienceMs;
using tpsync::await_until;
using tpsync::event_count;

uint64_t patience_deadline() {
  return tpsync::deadline_after(kPatienceMs);
}

TEST(AwaitUntilEvents, ReturnsTrueOnceAnotherThreadMadeTheConditionTrueAndNotified) {
  event_count events;
  std::atomic<bool> ready{false};
  std::thread notifier([&] {
    ready.store(true, std::memory_order_seq_cst);
    events.notify_all();
  });
  EXPECT_TRUE(await_until(
      events, [&] { return ready.load(std::memory_order_seq_cst); }, patience_deadline()));
  notifier.join();
}

TEST(AwaitUntilEvents, ReturnsFalseOnlyOnceTheDeadlineHasPassed) {
  event_count events;
  const uint64_t deadline = tpsync::deadline_after(20);
  EXPECT_FALSE(await_until(
      events, [] { return false; }, deadline));
  EXPECT_GE(platform::monotonic_ns(), deadline);
}

TEST(AwaitUntilEvents, APassedDeadlineStillLooksOnce) {
  event_count events;
  int looks = 0;
  EXPECT_TRUE(await_until(
      events,
      [&] {
        ++looks;
        return true;
      },
      0));
  EXPECT_EQ(looks, 1);
  looks = 0;
  EXPECT_FALSE(await_until(
      events,
      [&] {
        ++looks;
        return false;
      },
      0));
  EXPECT_EQ(looks, 1);
}

// The worst moment for a notification: right after the loop looked and
// found the condition false, before it sleeps (here the first look itself
// makes the condition true and notifies, while nobody is announced yet).
// The loop must look again after announcing itself instead of sleeping
// until the deadline, which is far enough away that reaching it means the
// wake-up was lost.
TEST(AwaitUntilEvents, ANotificationJustAfterAFailedLookIsNotLost) {
  event_count events;
  std::atomic<bool> ready{false};
  int looks = 0;
  const uint64_t deadline = tpsync::deadline_after(kPatienceMs);
  EXPECT_TRUE(await_until(
      events,
      [&] {
        if (++looks == 1) {
          ready.store(true, std::memory_order_seq_cst);
          events.notify_all();
          return false;
        }
        return ready.load(std::memory_order_seq_cst);
      },
      deadline));
  EXPECT_EQ(looks, 2);
  EXPECT_GT(tpsync::remaining_ms(deadline), 0u) << "slept until the deadline: a lost wake-up";
}

// A condition with a side effect (a pop) that succeeded is not repeated.
TEST(AwaitUntilEvents, AConditionIsNotCalledAgainOnceItHeld) {
  event_count events;
  std::atomic<int> items{0};
  int taken = 0;
  std::thread producer([&] {
    items.fetch_add(1, std::memory_order_seq_cst);
    events.notify_all();
  });
  EXPECT_TRUE(await_until(
      events,
      [&] {
        int available = items.load(std::memory_order_seq_cst);
        while (available > 0) {
          if (items.compare_exchange_weak(available, available - 1)) {
            ++taken;
            return true;
          }
        }
        return false;
      },
      patience_deadline()));
  producer.join();
  EXPECT_EQ(taken, 1);
  EXPECT_EQ(items.load(), 0);
}

// Many hand-overs, each waited for without a timeout that could hide a lost
// wake-up (the deadline is only the patience bound).
TEST(AwaitUntilEvents, LosesNoWakeUpOverManyHandOvers) {
  event_count events;
  std::atomic<uint32_t> turn{0};
  constexpr uint32_t kRounds = 2000;
  std::thread other([&] {
    for (uint32_t round = 0; round < kRounds; ++round) {
      const uint32_t mine = 2 * round + 1;
      if (!await_until(
              events, [&] { return turn.load(std::memory_order_seq_cst) == mine - 1; },
              patience_deadline())) {
        return;
      }
      turn.store(mine, std::memory_order_seq_cst);
      events.notify_all();
    }
  });
  bool all = true;
  for (uint32_t round = 0; round < kRounds && all; ++round) {
    const uint32_t mine = 2 * round + 2;
    all = await_until(
        events, [&] { return turn.load(std::memory_order_seq_cst) == mine - 1; },
        patience_deadline());
    turn.store(mine, std::memory_order_seq_cst);
    events.notify_all();
  }
  other.join();
  EXPECT_TRUE(all);
  EXPECT_EQ(turn.load(), 2 * kRounds);
}

TEST(AwaitUntilWord, ReturnsTrueOnceAnotherThreadChangedTheWordAndWokeIt) {
  std::atomic<uint32_t> word{0};
  uint32_t seen_last = 0;
  std::thread changer([&] {
    word.store(7, std::memory_order_release);
    platform::wake_all(word);
  });
  EXPECT_TRUE(await_until(
      word,
      [&](uint32_t value) {
        seen_last = value;
        return value == 7;
      },
      patience_deadline()));
  changer.join();
  EXPECT_EQ(seen_last, 7u);
}

TEST(AwaitUntilWord, ReturnsFalseOnlyOnceTheDeadlineHasPassed) {
  std::atomic<uint32_t> word{0};
  const uint64_t deadline = tpsync::deadline_after(20);
  EXPECT_FALSE(await_until(
      word, [](uint32_t value) { return value != 0; }, deadline));
  EXPECT_GE(platform::monotonic_ns(), deadline);
}

}  // namespace
