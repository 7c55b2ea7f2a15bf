// Every kind of bad input is refused with its own status code and leaves the
// queue and the out-parameters untouched.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <cstring>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;
using prioq_test::default_config;

size_t total_size(prioq_queue *queue) {
  size_t total = 0;
  EXPECT_EQ(prioq_size(queue, PRIOQ_PRIORITY_ALL, &total), PRIOQ_OK);
  return total;
}

// ---- null queue -----------------------------------------------------------

TEST(NullQueue, EveryFunctionTakingAQueueReturnsNullPointer) {
  int item = 0;
  void *out_item = nullptr;
  int32_t out_int = 0;
  size_t out_size = 0;
  prioq_item items[1] = {{&item, PRIOQ_PRIORITY_HIGH}};
  EXPECT_EQ(prioq_destroy(nullptr), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_push(nullptr, &item, PRIOQ_PRIORITY_HIGH), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_push_batch(nullptr, items, 1), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_try_pop(nullptr, &out_item, &out_int), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_pop(nullptr, 0, &out_item, &out_int), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_pop_batch(nullptr, items, 1, 0, &out_size), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_close(nullptr), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_is_closed(nullptr, &out_int), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(prioq_size(nullptr, PRIOQ_PRIORITY_ALL, &out_size), PRIOQ_E_NULL_POINTER);
}

// ---- null out-pointers ----------------------------------------------------

TEST(NullOutPointer, ConfigInitRejectsNullConfig) {
  EXPECT_EQ(prioq_config_init(nullptr), PRIOQ_E_NULL_POINTER);
}

TEST(NullOutPointer, CreateRejectsNullOutQueue) {
  EXPECT_EQ(prioq_create(nullptr, nullptr), PRIOQ_E_NULL_POINTER);
}

TEST(NullOutPointer, TryPopRejectsNullOutItemAndKeepsTheItemQueued) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  EXPECT_EQ(prioq_try_pop(queue.get(), nullptr, nullptr), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(total_size(queue.get()), 1u);
}

TEST(NullOutPointer, PopRejectsNullOutItemAndKeepsTheItemQueued) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  EXPECT_EQ(prioq_pop(queue.get(), 0, nullptr, nullptr), PRIOQ_E_NULL_POINTER);
  EXPECT_EQ(total_size(queue.get()), 1u);
}

TEST(NullOutPointer, PopBatchRejectsNullOutItems) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  size_t count = 0;
  EXPECT_EQ(prioq_pop_batch(queue.get(), nullptr, 1, 0, &count), PRIOQ_E_NULL_POINTER);
}

TEST(NullOutPointer, PopBatchRejectsNullOutCount) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  prioq_item items[1] = {};
  EXPECT_EQ(prioq_pop_batch(queue.get(), items, 1, 0, nullptr), PRIOQ_E_NULL_POINTER);
}

TEST(NullOutPointer, PushBatchRejectsNullItemsWhenCountIsNotZero) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  EXPECT_EQ(prioq_push_batch(queue.get(), nullptr, 1), PRIOQ_E_NULL_POINTER);
}

TEST(NullOutPointer, IsClosedRejectsNullOutClosed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  EXPECT_EQ(prioq_is_closed(queue.get(), nullptr), PRIOQ_E_NULL_POINTER);
}

TEST(NullOutPointer, SizeRejectsNullOutSize) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  EXPECT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, nullptr), PRIOQ_E_NULL_POINTER);
}

// ---- priorities outside 0..2 ----------------------------------------------

class OutOfRangePriority : public ::testing::TestWithParam<int32_t> {};

TEST_P(OutOfRangePriority, PushReturnsBadPriorityAndQueuesNothing) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  EXPECT_EQ(prioq_push(queue.get(), &item, GetParam()), PRIOQ_E_BAD_PRIORITY);
  EXPECT_EQ(total_size(queue.get()), 0u);
}

TEST_P(OutOfRangePriority, BatchPushReturnsBadPriorityAndQueuesNothing) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int good = 0, bad = 0;
  const prioq_item batch[] = {{&good, PRIOQ_PRIORITY_LOW}, {&bad, GetParam()}};
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 2), PRIOQ_E_BAD_PRIORITY);
  EXPECT_EQ(total_size(queue.get()), 0u);
}

INSTANTIATE_TEST_SUITE_P(BelowAndAboveTheLevels, OutOfRangePriority,
                         ::testing::Values(int32_t{-1}, int32_t{3}, int32_t{INT32_MIN},
                                           int32_t{INT32_MAX}));

// -1 is PRIOQ_PRIORITY_ALL for prioq_size, so its bad values start at -2.
class OutOfRangeSizePriority : public ::testing::TestWithParam<int32_t> {};

TEST_P(OutOfRangeSizePriority, SizeReturnsBadPriorityAndLeavesOutSizeUnchanged) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  size_t size = 1234;
  EXPECT_EQ(prioq_size(queue.get(), GetParam(), &size), PRIOQ_E_BAD_PRIORITY);
  EXPECT_EQ(size, 1234u);
}

INSTANTIATE_TEST_SUITE_P(BelowAndAboveTheLevels, OutOfRangeSizePriority,
                         ::testing::Values(int32_t{-2}, int32_t{3}, int32_t{INT32_MIN},
                                           int32_t{INT32_MAX}));

// ---- versioned config ------------------------------------------------------

class WrongStructSize : public ::testing::TestWithParam<uint32_t> {};

TEST_P(WrongStructSize, CreateReturnsBadStructSizeAndLeavesOutQueueUnchanged) {
  prioq_config config = default_config();
  config.struct_size = GetParam();
  prioq_queue *untouched = reinterpret_cast<prioq_queue *>(&config);
  prioq_queue *queue = untouched;
  EXPECT_EQ(prioq_create(&config, &queue), PRIOQ_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(queue, untouched);
}

// Sizes that are no published version and cannot be a newer one (a newer
// struct's size is a larger multiple of the alignment: versioned_config_test).
INSTANTIATE_TEST_SUITE_P(ZeroSmallerBetweenAndUnaligned, WrongStructSize,
                         ::testing::Values(uint32_t{0}, uint32_t{sizeof(prioq_config) - 1},
                                           uint32_t{sizeof(prioq_config) - 4},
                                           uint32_t{sizeof(prioq_config) + 1}, UINT32_MAX));

TEST(ConfigValidation, NonZeroReservedFieldReturnsInvalidArgument) {
  prioq_config config = default_config();
  config.reserved_ = 1;
  prioq_queue *queue = nullptr;
  EXPECT_EQ(prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(queue, nullptr);
}

TEST(ConfigValidation, ConfigInitSetsStructSizeAndZeroDefaults) {
  prioq_config config;
  std::memset(&config, 0xAB, sizeof config);
  ASSERT_EQ(prioq_config_init(&config), PRIOQ_OK);
  EXPECT_EQ(config.struct_size, sizeof(prioq_config));
  EXPECT_EQ(config.aging_threshold_ms, 0u);
  EXPECT_EQ(config.capacity, 0u);
  EXPECT_EQ(config.spin_count, 0u);
  EXPECT_EQ(config.reserved_, 0u);
  EXPECT_EQ(config.payload_word, 0u);
}

TEST(ConfigValidation, PayloadWordPastTheItemReturnsInvalidArgument) {
  prioq_queue *queue = nullptr;
  prioq_config config = default_config();
  config.payload_word = 2;  // pointer items have one word
  EXPECT_EQ(prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(queue, nullptr);
  config.item_size = 3 * sizeof(void *);
  config.payload_word = 4;
  EXPECT_EQ(prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(queue, nullptr);
  config.payload_word = 3;
  ASSERT_EQ(prioq_create(&config, &queue), PRIOQ_OK);
  EXPECT_EQ(prioq_destroy(queue), PRIOQ_OK);
}

TEST(ConfigValidation, NullConfigCreatesAQueueWithDefaults) {
  prioq_queue *queue = nullptr;
  ASSERT_EQ(prioq_create(nullptr, &queue), PRIOQ_OK);
  EXPECT_NE(queue, nullptr);
  EXPECT_EQ(prioq_destroy(queue), PRIOQ_OK);
}

// ---- other arguments -------------------------------------------------------

TEST(PopBatchArguments, MaxCountZeroReturnsInvalidArgument) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int item = 0;
  ASSERT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  prioq_item items[1] = {};
  size_t count = 77;
  EXPECT_EQ(prioq_pop_batch(queue.get(), items, 0, 0, &count), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(count, 77u);
  EXPECT_EQ(total_size(queue.get()), 1u);
}

TEST(FailedPop, EmptyTryPopLeavesOutParametersUnchanged) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int sentinel = 0;
  void *item = &sentinel;
  int32_t priority = 42;
  ASSERT_EQ(prioq_try_pop(queue.get(), &item, &priority), PRIOQ_E_EMPTY);
  EXPECT_EQ(item, &sentinel);
  EXPECT_EQ(priority, 42);
}

}  // namespace
