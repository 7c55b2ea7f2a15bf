// Pop order with one producer: highest priority first, FIFO among equal
// priorities (the ordering contract in prioq.h is exact for one producer;
// producer_order_test.cpp and strict_priority_test.cpp check it with many).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;
using prioq_test::popped_item;

std::vector<popped_item> drain_with_try_pop(prioq_queue *queue) {
  std::vector<popped_item> popped;
  for (;;) {
    void *value = nullptr;
    int32_t priority = -1;
    if (prioq_try_pop(queue, &value, &priority) != PRIOQ_OK) break;
    popped.push_back({value, priority});
  }
  return popped;
}

TEST(PopOrder, HigherPriorityComesFirstRegardlessOfPushOrder) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int low = 0, medium = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &medium, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  const std::vector<popped_item> expected = {
      {&high, PRIOQ_PRIORITY_HIGH}, {&medium, PRIOQ_PRIORITY_MEDIUM}, {&low, PRIOQ_PRIORITY_LOW}};
  EXPECT_EQ(drain_with_try_pop(queue.get()), expected);
}

TEST(PopOrder, EqualPrioritiesComeOutInPushOrder) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  std::array<int, 5> values{};
  for (int &value : values)
    ASSERT_EQ(prioq_push(queue.get(), &value, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);

  std::vector<popped_item> expected;
  for (int &value : values) expected.push_back({&value, PRIOQ_PRIORITY_MEDIUM});
  EXPECT_EQ(drain_with_try_pop(queue.get()), expected);
}

// 30 items per priority pushed in a shuffled interleaving (fixed seed) must
// come out as all HIGH in push order, then all MEDIUM, then all LOW, compared
// pointer by pointer.
TEST(PopOrder, NinetyPreloadedItemsComeOutInExactPriorityThenFifoOrder) {
  constexpr int kPerPriority = 30;
  std::array<std::array<int, kPerPriority>, PRIOQ_PRIORITY_COUNT> payload{};

  std::vector<int32_t> push_priorities;
  for (int32_t priority = 0; priority < PRIOQ_PRIORITY_COUNT; ++priority) {
    push_priorities.insert(push_priorities.end(), kPerPriority, priority);
  }
  std::mt19937 random(20240611u);
  std::shuffle(push_priorities.begin(), push_priorities.end(), random);

  auto queue = create_queue();
  ASSERT_TRUE(queue);
  std::array<int, PRIOQ_PRIORITY_COUNT> pushed_per_priority{};
  for (const int32_t priority : push_priorities) {
    int *item = &payload[priority][pushed_per_priority[priority]++];
    ASSERT_EQ(prioq_push(queue.get(), item, priority), PRIOQ_OK);
  }

  std::vector<popped_item> expected;
  for (int32_t priority = 0; priority < PRIOQ_PRIORITY_COUNT; ++priority) {
    for (int &item : payload[priority]) expected.push_back({&item, priority});
  }
  const std::vector<popped_item> popped = drain_with_try_pop(queue.get());
  ASSERT_EQ(popped.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(popped[i], expected[i]) << "at pop #" << i;
  }
}

TEST(PopOrder, BlockingPopFollowsTheSameOrderAsTryPop) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int first_low = 0, second_low = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &first_low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &second_low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  std::vector<popped_item> popped;
  for (int i = 0; i < 3; ++i) {
    popped_item item{nullptr, -1};
    ASSERT_EQ(prioq_pop(queue.get(), PRIOQ_INFINITE, &item.value, &item.priority), PRIOQ_OK);
    popped.push_back(item);
  }
  const std::vector<popped_item> expected = {{&high, PRIOQ_PRIORITY_HIGH},
                                             {&first_low, PRIOQ_PRIORITY_LOW},
                                             {&second_low, PRIOQ_PRIORITY_LOW}};
  EXPECT_EQ(popped, expected);
}

TEST(PopOrder, NullOutPriorityIsAllowed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  void *popped = nullptr;
  ASSERT_EQ(prioq_try_pop(queue.get(), &popped, nullptr), PRIOQ_OK);
  EXPECT_EQ(popped, &item);
}

TEST(PopOrder, NullItemValuesAreStoredLikeAnyOther) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  ASSERT_EQ(prioq_push(queue.get(), nullptr, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  int sentinel = 0;
  void *popped = &sentinel;
  ASSERT_EQ(prioq_try_pop(queue.get(), &popped, nullptr), PRIOQ_OK);
  EXPECT_EQ(popped, nullptr);
}

TEST(QueueSize, CountsEachPriorityAndTheTotal) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_LOW), PRIOQ_OK);

  std::array<size_t, PRIOQ_PRIORITY_COUNT> sizes{};
  for (int32_t priority = 0; priority < PRIOQ_PRIORITY_COUNT; ++priority) {
    ASSERT_EQ(prioq_size(queue.get(), priority, &sizes[priority]), PRIOQ_OK);
  }
  size_t total = 0;
  ASSERT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, &total), PRIOQ_OK);
  EXPECT_EQ(sizes, (std::array<size_t, PRIOQ_PRIORITY_COUNT>{1, 0, 2}));
  EXPECT_EQ(total, 3u);
}

TEST(QueueSize, DropsAsItemsArePopped) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  void *popped = nullptr;
  ASSERT_EQ(prioq_try_pop(queue.get(), &popped, nullptr), PRIOQ_OK);
  size_t medium = 0;
  ASSERT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_MEDIUM, &medium), PRIOQ_OK);
  EXPECT_EQ(medium, 1u);
}

}  // namespace
