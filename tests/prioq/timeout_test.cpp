// Waiting pops on an empty open queue: timeout 0 does not wait, a finite
// timeout ends with PRIOQ_E_TIMEOUT, and an item arriving in time is returned.
#include <gtest/gtest.h>

#include <thread>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;

TEST(PopTimeout, ZeroTimeoutOnEmptyQueueReturnsTimeoutAtOnce) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  void *item = nullptr;
  EXPECT_EQ(prioq_pop(queue.get(), 0, &item, nullptr), PRIOQ_E_TIMEOUT);
}

TEST(PopTimeout, FiniteTimeoutOnEmptyQueueReturnsTimeout) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  void *item = nullptr;
  EXPECT_EQ(prioq_pop(queue.get(), 30, &item, nullptr), PRIOQ_E_TIMEOUT);
}

TEST(PopTimeout, BatchPopWithFiniteTimeoutOnEmptyQueueReturnsTimeout) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  prioq_item items[4] = {};
  size_t count = 0;
  EXPECT_EQ(prioq_pop_batch(queue.get(), items, 4, 30, &count), PRIOQ_E_TIMEOUT);
}

TEST(PopTimeout, TimedOutPopLeavesOutParametersUnchanged) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int sentinel = 0;
  void *item = &sentinel;
  int32_t priority = 42;
  ASSERT_EQ(prioq_pop(queue.get(), 10, &item, &priority), PRIOQ_E_TIMEOUT);
  EXPECT_EQ(item, &sentinel);
  EXPECT_EQ(priority, 42);
}

TEST(PopTimeout, TryPopOnEmptyOpenQueueReturnsEmpty) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  void *item = nullptr;
  EXPECT_EQ(prioq_try_pop(queue.get(), &item, nullptr), PRIOQ_E_EMPTY);
}

TEST(PopTimeout, ZeroTimeoutPopReturnsAnItemThatIsAlreadyQueued) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int queued = 0;
  ASSERT_EQ(prioq_push(queue.get(), &queued, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  void *item = nullptr;
  ASSERT_EQ(prioq_pop(queue.get(), 0, &item, nullptr), PRIOQ_OK);
  EXPECT_EQ(item, &queued);
}

TEST(PopTimeout, WaitingPopReceivesAnItemPushedByAnotherThread) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int pushed = 0;
  void *item = nullptr;
  prioq_status status = PRIOQ_E_INTERNAL;
  // The timeout only bounds a failing run; a passing run returns on the push.
  std::thread consumer([&] { status = prioq_pop(queue.get(), 60000, &item, nullptr); });
  const prioq_status push_status = prioq_push(queue.get(), &pushed, PRIOQ_PRIORITY_MEDIUM);
  consumer.join();
  ASSERT_EQ(push_status, PRIOQ_OK);
  ASSERT_EQ(status, PRIOQ_OK);
  EXPECT_EQ(item, &pushed);
}

}  // namespace
