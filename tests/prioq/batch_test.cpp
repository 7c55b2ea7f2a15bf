// prioq_push_batch and prioq_pop_batch: the same order as single pushes and
// pops, and all-or-nothing batch pushes.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;
using prioq_test::popped_item;

std::vector<popped_item> drain_in_batches(prioq_queue *queue, size_t batch_size) {
  std::vector<popped_item> popped;
  std::vector<prioq_item> buffer(batch_size);
  for (;;) {
    size_t count = 0;
    if (prioq_pop_batch(queue, buffer.data(), batch_size, 0, &count) != PRIOQ_OK) break;
    for (size_t i = 0; i < count; ++i) popped.push_back({buffer[i].value, buffer[i].priority});
  }
  return popped;
}

TEST(PushBatch, QueuesItemsInArrayOrderWithinEachPriority) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  std::array<int, 6> values{};
  const std::array<prioq_item, 6> batch = {{{&values[0], PRIOQ_PRIORITY_LOW},
                                            {&values[1], PRIOQ_PRIORITY_HIGH},
                                            {&values[2], PRIOQ_PRIORITY_LOW},
                                            {&values[3], PRIOQ_PRIORITY_MEDIUM},
                                            {&values[4], PRIOQ_PRIORITY_HIGH},
                                            {&values[5], PRIOQ_PRIORITY_MEDIUM}}};
  ASSERT_EQ(prioq_push_batch(queue.get(), batch.data(), batch.size()), PRIOQ_OK);

  const std::vector<popped_item> expected = {
      {&values[1], PRIOQ_PRIORITY_HIGH},   {&values[4], PRIOQ_PRIORITY_HIGH},
      {&values[3], PRIOQ_PRIORITY_MEDIUM}, {&values[5], PRIOQ_PRIORITY_MEDIUM},
      {&values[0], PRIOQ_PRIORITY_LOW},    {&values[2], PRIOQ_PRIORITY_LOW}};
  EXPECT_EQ(drain_in_batches(queue.get(), 1), expected);
}

TEST(PushBatch, ItemsQueueBehindEarlierSinglePushesOfTheSamePriority) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int single = 0, batched = 0;
  ASSERT_EQ(prioq_push(queue.get(), &single, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  const prioq_item batch[] = {{&batched, PRIOQ_PRIORITY_MEDIUM}};
  ASSERT_EQ(prioq_push_batch(queue.get(), batch, 1), PRIOQ_OK);

  const std::vector<popped_item> expected = {{&single, PRIOQ_PRIORITY_MEDIUM},
                                             {&batched, PRIOQ_PRIORITY_MEDIUM}};
  EXPECT_EQ(drain_in_batches(queue.get(), 4), expected);
}

TEST(PushBatch, EmptyBatchSucceedsAndQueuesNothing) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  ASSERT_EQ(prioq_push_batch(queue.get(), nullptr, 0), PRIOQ_OK);
  size_t total = 99;
  ASSERT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, &total), PRIOQ_OK);
  EXPECT_EQ(total, 0u);
}

TEST(PushBatch, OneBadPriorityRejectsTheWholeBatch) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int a = 0, b = 0;
  const prioq_item batch[] = {{&a, PRIOQ_PRIORITY_HIGH}, {&b, 7}};
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 2), PRIOQ_E_BAD_PRIORITY);
  size_t total = 99;
  ASSERT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, &total), PRIOQ_OK);
  EXPECT_EQ(total, 0u);
}

TEST(PopBatch, ReturnsItemsInTheSameOrderAsSinglePops) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  constexpr int kItems = 25;
  std::array<int, kItems> values{};
  std::vector<popped_item> expected_by_priority[PRIOQ_PRIORITY_COUNT];
  for (int i = 0; i < kItems; ++i) {
    const int32_t priority = (i * 7) % PRIOQ_PRIORITY_COUNT;
    ASSERT_EQ(prioq_push(queue.get(), &values[i], priority), PRIOQ_OK);
    expected_by_priority[priority].push_back({&values[i], priority});
  }
  std::vector<popped_item> expected;
  for (const auto &level : expected_by_priority)
    expected.insert(expected.end(), level.begin(), level.end());

  // 4 does not divide 25: the last batch is partial.
  EXPECT_EQ(drain_in_batches(queue.get(), 4), expected);
}

TEST(PopBatch, ReturnsAtMostMaxCountItems) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  std::array<int, 5> values{};
  for (int &value : values)
    ASSERT_EQ(prioq_push(queue.get(), &value, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  std::array<prioq_item, 5> out{};
  size_t count = 0;
  ASSERT_EQ(prioq_pop_batch(queue.get(), out.data(), 3, 0, &count), PRIOQ_OK);
  EXPECT_EQ(count, 3u);
}

TEST(PopBatch, ReturnsWhatIsThereWhenFewerThanMaxCountAreQueued) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int a = 0, b = 0;
  ASSERT_EQ(prioq_push(queue.get(), &a, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &b, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  std::array<prioq_item, 8> out{};
  size_t count = 0;
  ASSERT_EQ(prioq_pop_batch(queue.get(), out.data(), out.size(), 0, &count), PRIOQ_OK);
  ASSERT_EQ(count, 2u);
  EXPECT_EQ((popped_item{out[0].value, out[0].priority}), (popped_item{&b, PRIOQ_PRIORITY_HIGH}));
  EXPECT_EQ((popped_item{out[1].value, out[1].priority}), (popped_item{&a, PRIOQ_PRIORITY_LOW}));
}

}  // namespace
