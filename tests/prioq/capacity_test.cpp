// prioq_config.capacity: a bounded queue refuses pushes with PRIOQ_E_FULL
// (never blocks), and refuses a batch that does not fit as a whole.
#include <gtest/gtest.h>

#include <array>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::config_with_capacity;
using prioq_test::create_queue;

constexpr size_t kCapacity = 4;

// Fills a queue of kCapacity with `count` items spread over the priorities.
void push_items(prioq_queue *queue, size_t count, int *payload) {
  for (size_t i = 0; i < count; ++i) {
    ASSERT_EQ(prioq_push(queue, &payload[i], static_cast<int32_t>(i % PRIOQ_PRIORITY_COUNT)),
              PRIOQ_OK);
  }
}

size_t total_size(prioq_queue *queue) {
  size_t total = 0;
  EXPECT_EQ(prioq_size(queue, PRIOQ_PRIORITY_ALL, &total), PRIOQ_OK);
  return total;
}

TEST(Capacity, PushBeyondCapacityFailsWithFullInsteadOfBlocking) {
  const prioq_config config = config_with_capacity(kCapacity);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  std::array<int, kCapacity + 1> payload{};
  push_items(queue.get(), kCapacity, payload.data());

  EXPECT_EQ(prioq_push(queue.get(), &payload[kCapacity], PRIOQ_PRIORITY_HIGH), PRIOQ_E_FULL);
}

TEST(Capacity, CountsItemsOfEveryPriorityTogether) {
  const prioq_config config = config_with_capacity(2);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int a = 0, b = 0, c = 0;
  ASSERT_EQ(prioq_push(queue.get(), &a, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &b, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);

  EXPECT_EQ(prioq_push(queue.get(), &c, PRIOQ_PRIORITY_HIGH), PRIOQ_E_FULL);
}

TEST(Capacity, RejectedPushLeavesTheQueueUnchanged) {
  const prioq_config config = config_with_capacity(kCapacity);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  std::array<int, kCapacity + 1> payload{};
  push_items(queue.get(), kCapacity, payload.data());
  ASSERT_EQ(prioq_push(queue.get(), &payload[kCapacity], PRIOQ_PRIORITY_HIGH), PRIOQ_E_FULL);

  EXPECT_EQ(total_size(queue.get()), kCapacity);
}

TEST(Capacity, PopMakesRoomForTheNextPush) {
  const prioq_config config = config_with_capacity(kCapacity);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  std::array<int, kCapacity + 1> payload{};
  push_items(queue.get(), kCapacity, payload.data());
  void *popped = nullptr;
  ASSERT_EQ(prioq_try_pop(queue.get(), &popped, nullptr), PRIOQ_OK);

  EXPECT_EQ(prioq_push(queue.get(), &payload[kCapacity], PRIOQ_PRIORITY_LOW), PRIOQ_OK);
}

TEST(Capacity, BatchThatDoesNotFitIsRejectedWhole) {
  const prioq_config config = config_with_capacity(kCapacity);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  std::array<int, kCapacity> payload{};
  push_items(queue.get(), 2, payload.data());
  // Three more would make five: none of them may be queued.
  const prioq_item batch[] = {{&payload[2], PRIOQ_PRIORITY_HIGH},
                              {&payload[3], PRIOQ_PRIORITY_HIGH},
                              {&payload[0], PRIOQ_PRIORITY_HIGH}};
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 3), PRIOQ_E_FULL);
  EXPECT_EQ(total_size(queue.get()), 2u);
}

TEST(Capacity, BatchLargerThanTheWholeCapacityIsRejectedOnAnEmptyQueue) {
  const prioq_config config = config_with_capacity(2);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int a = 0, b = 0, c = 0;
  const prioq_item batch[] = {
      {&a, PRIOQ_PRIORITY_LOW}, {&b, PRIOQ_PRIORITY_LOW}, {&c, PRIOQ_PRIORITY_LOW}};
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 3), PRIOQ_E_FULL);
  EXPECT_EQ(total_size(queue.get()), 0u);
}

TEST(Capacity, BatchThatExactlyFillsTheQueueIsAccepted) {
  const prioq_config config = config_with_capacity(kCapacity);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  std::array<int, kCapacity> payload{};
  push_items(queue.get(), 2, payload.data());
  const prioq_item batch[] = {{&payload[2], PRIOQ_PRIORITY_MEDIUM},
                              {&payload[3], PRIOQ_PRIORITY_LOW}};
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 2), PRIOQ_OK);
  EXPECT_EQ(total_size(queue.get()), kCapacity);
}

TEST(Capacity, ZeroMeansUnbounded) {
  const prioq_config config = config_with_capacity(0);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  // Well past the initial ring size, so the queue has to grow.
  constexpr int kItems = 10000;
  int item = 0;
  for (int i = 0; i < kItems; ++i) {
    ASSERT_EQ(prioq_push(queue.get(), &item, i % PRIOQ_PRIORITY_COUNT), PRIOQ_OK) << "push #" << i;
  }
  EXPECT_EQ(total_size(queue.get()), static_cast<size_t>(kItems));
}

}  // namespace
