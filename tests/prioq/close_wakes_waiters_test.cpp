// prioq_close wakes every consumer blocked on an empty queue, whatever it is
// blocked in (prioq_pop or prioq_pop_batch, finite or infinite timeout), and
// each of them returns PRIOQ_E_CLOSED, not a timeout and not an item.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "patience.h"
#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;

// Long enough never to expire in a passing run: a consumer that reports
// PRIOQ_E_TIMEOUT was not woken by the close.
constexpr uint32_t kNeverReachedMs = 60000;

struct waiter_result {
  prioq_status status = PRIOQ_E_INTERNAL;
};

// Starts the waiters, gives them time to block, closes, and joins them.
template <typename Wait>
std::vector<waiter_result> close_while_waiting(prioq_queue *queue, size_t waiters, Wait wait) {
  std::vector<waiter_result> results(waiters);
  std::atomic<size_t> started{0};
  std::vector<std::thread> threads;
  for (size_t i = 0; i < waiters; ++i) {
    threads.emplace_back([&, i] {
      started.fetch_add(1);
      results[i].status = wait(queue, i);
    });
  }
  EXPECT_TRUE(test_support::eventually([&] { return started.load() >= waiters; },
                                       test_support::kPatienceMs, true));
  // Not a correctness condition: the close must wake waiters whether or not
  // they are already asleep. The pause only makes "asleep" the usual case.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(prioq_close(queue), PRIOQ_OK);
  for (std::thread &thread : threads) thread.join();
  return results;
}

TEST(CloseWakesWaiters, EveryConsumerBlockedInPopWithoutTimeoutReturnsClosed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  const auto results = close_while_waiting(queue.get(), 4, [](prioq_queue *q, size_t) {
    void *item = nullptr;
    return prioq_pop(q, PRIOQ_INFINITE, &item, nullptr);
  });
  for (size_t i = 0; i < results.size(); ++i)
    EXPECT_EQ(results[i].status, PRIOQ_E_CLOSED) << "waiter " << i;
}

TEST(CloseWakesWaiters, EveryConsumerBlockedInPopWithTimeoutReturnsClosedBeforeItExpires) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  const auto results = close_while_waiting(queue.get(), 4, [](prioq_queue *q, size_t) {
    void *item = nullptr;
    return prioq_pop(q, kNeverReachedMs, &item, nullptr);
  });
  for (size_t i = 0; i < results.size(); ++i)
    EXPECT_EQ(results[i].status, PRIOQ_E_CLOSED) << "waiter " << i;
}

TEST(CloseWakesWaiters, EveryConsumerBlockedInBatchPopReturnsClosed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  const auto results = close_while_waiting(queue.get(), 4, [](prioq_queue *q, size_t i) {
    prioq_item items[8];
    size_t count = 0;
    return prioq_pop_batch(q, items, 8, i % 2 == 0 ? PRIOQ_INFINITE : kNeverReachedMs, &count);
  });
  for (size_t i = 0; i < results.size(); ++i)
    EXPECT_EQ(results[i].status, PRIOQ_E_CLOSED) << "waiter " << i;
}

TEST(CloseWakesWaiters, ConsumersWithSpinningConfiguredAlsoWake) {
  prioq_config config;
  prioq_config_init(&config);
  config.spin_count = 1000;
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const auto results = close_while_waiting(queue.get(), 4, [](prioq_queue *q, size_t) {
    void *item = nullptr;
    return prioq_pop(q, PRIOQ_INFINITE, &item, nullptr);
  });
  for (size_t i = 0; i < results.size(); ++i)
    EXPECT_EQ(results[i].status, PRIOQ_E_CLOSED) << "waiter " << i;
}

}  // namespace
