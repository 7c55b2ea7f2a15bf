// event_count (src/sync/event_count.h) on its own: the pending-wake
// bookkeeping and the no-lost-wake-up protocol with spinners and the
// hand-off chain. Both DLLs sleep and wake through it, so a lost wake-up here
// would be a hung pool or a hung prioq_pop there.
#include "event_count.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "patience.h"
#include "platform.h"

namespace {

using tpsync::event_count;

// Waits (yielding) until pred() holds; false after a generous bound, so a
// broken build fails instead of hanging. Never a timing assertion.
template <typename Pred>
bool eventually(Pred pred) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::yield();
  }
  return true;
}

// Both registered waiters had a wake sent (the epoch moved past their keys),
// so both waits return at once; afterwards no wake may stay pending.
void expect_both_wake_and_nothing_owed(event_count &events, uint32_t first, uint32_t second) {
  EXPECT_TRUE(events.wait(first, platform::kInfinite));
  EXPECT_TRUE(events.wait(second, platform::kInfinite));
  EXPECT_EQ(events.peek_ordered(), 0u);
}

TEST(EventCount, QuiescentStateIsZero) {
  event_count events;
  EXPECT_EQ(events.peek_ordered(), 0u);
  EXPECT_FALSE(event_count::should_wake(events.peek_ordered()));
  const uint32_t key = events.prepare_wait();
  EXPECT_TRUE(event_count::should_wake(events.peek_ordered()));
  EXPECT_EQ(events.sleepers(), 1u);
  events.cancel_wait();
  EXPECT_EQ(events.peek_ordered(), 0u);
  (void)key;
}

TEST(EventCount, AWokenWaiterIsNotWokenAgainBeforeItRuns) {
  event_count events;
  // Registered but not yet asleep: exactly the window between a wake and
  // the woken thread getting a processor.
  const uint32_t key = events.prepare_wait();
  ASSERT_EQ(events.sleepers(), 1u);
  events.notify_one_unless_spinning();
  EXPECT_EQ(events.sleepers(), 0u) << "the wake must count as pending";
  EXPECT_FALSE(event_count::should_wake(events.peek_ordered()))
      << "a second notification must not issue a second wake";
  // The epoch moved, so the wait returns at once, and leaving retires the
  // pending wake: nothing stays owed once nobody waits.
  EXPECT_TRUE(events.wait(key, platform::kInfinite));
  EXPECT_EQ(events.peek_ordered(), 0u);
}

TEST(EventCount, SecondWaiterStillGetsItsOwnWake) {
  event_count events;
  const uint32_t first = events.prepare_wait();
  events.notify_one_unless_spinning();  // pending 1, waiters 1
  const uint32_t second = events.prepare_wait();
  EXPECT_EQ(events.sleepers(), 1u);
  EXPECT_TRUE(event_count::should_wake(events.peek_ordered()));
  events.notify_one_unless_spinning();  // pending 2, waiters 2
  EXPECT_EQ(events.sleepers(), 0u);
  expect_both_wake_and_nothing_owed(events, first, second);
}

TEST(EventCount, SpinnerSuppressesWakesAndWakeAllCoversEveryone) {
  event_count events;
  const uint32_t a = events.prepare_wait();
  const uint32_t b = events.prepare_wait();
  events.begin_spin();
  EXPECT_FALSE(event_count::should_wake(events.peek_ordered()));
  events.notify_one_unless_spinning();
  EXPECT_EQ(events.sleepers(), 2u) << "a spinner takes the work: no wake sent";
  events.end_spin();
  events.notify_all();
  EXPECT_EQ(events.sleepers(), 0u);
  expect_both_wake_and_nothing_owed(events, a, b);
}

TEST(EventCount, TimedOutWaiterLeavesNothingOwed) {
  event_count events;
  const uint32_t key = events.prepare_wait();
  EXPECT_FALSE(events.wait(key, 1));
  EXPECT_EQ(events.peek_ordered(), 0u);
}

// Producers add tokens one at a time and notify; consumers take tokens,
// spin briefly (one spinner at a time), then park, and pass the hand-off on
// when they take a token and see more: the protocol both DLLs follow. Every
// consumer parks with an infinite wait, so one lost wake-up leaves tokens
// behind and the run stalls; the watchdog turns that into a failure.
TEST(EventCount, NoLostWakeUpsWithSpinnersAndHandOff) {
  constexpr int kConsumers = 4;
  constexpr int kProducers = 2;
  constexpr int64_t kTokensPerProducer = 50000;
  constexpr int64_t kTotal = kProducers * kTokensPerProducer;
  event_count events;
  std::atomic<int64_t> tokens{0};
  std::atomic<int64_t> taken{0};
  std::atomic<bool> stop{false};

  auto try_take = [&] {
    int64_t available = tokens.load(std::memory_order_seq_cst);
    while (available > 0) {
      if (tokens.compare_exchange_weak(available, available - 1, std::memory_order_seq_cst)) {
        return true;
      }
    }
    return false;
  };

  std::vector<std::thread> threads;
  for (int c = 0; c < kConsumers; ++c) {
    threads.emplace_back([&] {
      bool idle = true;
      const test_support::patience_deadline patience;
      while (!stop.load(std::memory_order_seq_cst) && !patience.passed()) {
        if (try_take()) {
          taken.fetch_add(1, std::memory_order_relaxed);
          // Leaving the idle state with more left: pass the wake on.
          if (idle && tokens.load(std::memory_order_seq_cst) > 0) {
            events.notify_one_unless_spinning();
          }
          idle = false;
          continue;
        }
        idle = true;
        if (events.spinners() == 0) {
          events.begin_spin();
          bool found = false;
          for (int round = 0; round < 64 && !found; ++round) {
            found =
                tokens.load(std::memory_order_seq_cst) > 0 || stop.load(std::memory_order_seq_cst);
            if (!found) platform::cpu_relax();
          }
          events.end_spin();
          if (found) continue;
        }
        const uint32_t key = events.prepare_wait();
        if (tokens.load(std::memory_order_seq_cst) > 0 || stop.load(std::memory_order_seq_cst)) {
          events.cancel_wait();
          continue;
        }
        events.wait(key, platform::kInfinite);
      }
    });
  }
  for (int p = 0; p < kProducers; ++p) {
    threads.emplace_back([&] {
      for (int64_t i = 0; i < kTokensPerProducer; ++i) {
        tokens.fetch_add(1, std::memory_order_seq_cst);
        events.notify_one_unless_spinning();
        if (i % 256 == 0) std::this_thread::yield();  // let consumers park
      }
    });
  }

  const bool drained = eventually([&] { return taken.load() == kTotal; });
  stop.store(true, std::memory_order_seq_cst);
  events.notify_all();
  for (std::thread &each : threads) each.join();
  EXPECT_TRUE(drained) << "stalled with " << tokens.load() << " tokens left: a lost wake-up";
  EXPECT_EQ(taken.load(), kTotal);
  EXPECT_EQ(events.peek_ordered(), 0u) << "a wake stayed pending after everyone left";
}

}  // namespace
