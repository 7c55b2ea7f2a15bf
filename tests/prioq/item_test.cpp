// Queues whose items are copied in and out (prioq_config.item_size): the
// same contract as pointer queues (priority order, FIFO ties, batches
// all-or-nothing, aging), with each item's bytes arriving intact; and the
// line between the two APIs.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;

struct job_like {
  uint64_t id;
  uint64_t payload[3];
};

prioq_config item_config(uint32_t size, size_t capacity = 0) {
  prioq_config config = prioq_test::default_config();
  config.item_size = size;
  config.capacity = capacity;
  return config;
}

job_like make(uint64_t id) {
  return {id, {id * 3, id * 5, ~id}};
}

void expect_intact(const job_like &popped, uint64_t id) {
  EXPECT_EQ(popped.id, id);
  EXPECT_EQ(popped.payload[0], id * 3);
  EXPECT_EQ(popped.payload[1], id * 5);
  EXPECT_EQ(popped.payload[2], ~id);
}

TEST(CopiedItems, DefaultItemsArePointersAndTheirSizeIsReported) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  uint32_t size = 0;
  ASSERT_EQ(prioq_item_size(queue.get(), &size), PRIOQ_OK);
  EXPECT_EQ(size, sizeof(void *));
}

TEST(CopiedItems, ComeOutInPriorityOrderWithFifoTiesAndWhole) {
  const prioq_config config = item_config(sizeof(job_like));
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const int32_t priorities[] = {2, 0, 1, 0, 2, 1};
  for (uint64_t i = 0; i < 6; ++i) {
    const job_like item = make(i);
    ASSERT_EQ(prioq_push_item(queue.get(), &item, priorities[i]), PRIOQ_OK);
  }
  const uint64_t expected[] = {1, 3, 2, 5, 0, 4};
  for (uint64_t id : expected) {
    job_like popped{};
    int32_t priority = -1;
    ASSERT_EQ(prioq_try_pop_item(queue.get(), &popped, &priority), PRIOQ_OK);
    expect_intact(popped, id);
    EXPECT_EQ(priority, priorities[id]);
  }
  job_like none{};
  EXPECT_EQ(prioq_try_pop_item(queue.get(), &none, nullptr), PRIOQ_E_EMPTY);
}

TEST(CopiedItems, ABatchKeepsArrayOrderPerPriorityAndGrowsPastTheFirstRing) {
  const prioq_config config = item_config(sizeof(job_like));
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  std::vector<job_like> items;
  std::vector<int32_t> priorities;
  for (uint64_t i = 0; i < 1000; ++i) {
    items.push_back(make(i));
    priorities.push_back(static_cast<int32_t>(i % 2));  // HIGH and MEDIUM interleaved
  }
  ASSERT_EQ(prioq_push_items(queue.get(), items.data(), priorities.data(), items.size()), PRIOQ_OK);
  for (uint64_t want_priority = 0; want_priority < 2; ++want_priority) {
    for (uint64_t i = want_priority; i < 1000; i += 2) {
      job_like popped{};
      ASSERT_EQ(prioq_try_pop_item(queue.get(), &popped, nullptr), PRIOQ_OK);
      expect_intact(popped, i);
    }
  }
}

TEST(CopiedItems, AQueueMadeAfterAnotherWasDestroyedHoldsOnlyItsOwnItems) {
  // The first queue grows several rings and is destroyed with its items
  // inside; a later queue of the same shape reuses that memory (the ring
  // cache), which must not show it the old items.
  const prioq_config config = item_config(sizeof(job_like));
  constexpr uint64_t kCount = 5000;
  {
    auto earlier = create_queue(&config);
    ASSERT_TRUE(earlier);
    for (uint64_t i = 0; i < kCount; ++i) {
      const job_like item = make(i);
      ASSERT_EQ(prioq_push_item(earlier.get(), &item, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
    }
  }
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  job_like none{};
  EXPECT_EQ(prioq_try_pop_item(queue.get(), &none, nullptr), PRIOQ_E_EMPTY);
  for (uint64_t i = 0; i < kCount; i += 2) {
    const job_like item = make(kCount + i);
    ASSERT_EQ(prioq_push_item(queue.get(), &item, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  }
  for (uint64_t i = 0; i < kCount; i += 2) {
    job_like popped{};
    ASSERT_EQ(prioq_try_pop_item(queue.get(), &popped, nullptr), PRIOQ_OK) << i;
    expect_intact(popped, kCount + i);
  }
  EXPECT_EQ(prioq_try_pop_item(queue.get(), &none, nullptr), PRIOQ_E_EMPTY);
}

TEST(CopiedItems, ABatchThatDoesNotFitQueuesNothing) {
  const prioq_config config = item_config(sizeof(job_like), 3);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const job_like items[4] = {make(1), make(2), make(3), make(4)};
  const int32_t priorities[4] = {0, 1, 2, 0};
  EXPECT_EQ(prioq_push_items(queue.get(), items, priorities, 4), PRIOQ_E_FULL);
  const int32_t bad[2] = {0, -1};
  EXPECT_EQ(prioq_push_items(queue.get(), items, bad, 2), PRIOQ_E_BAD_PRIORITY);
  size_t size = 9;
  ASSERT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
  EXPECT_EQ(size, 0u);
}

TEST(CopiedItems, ThePointerFunctionsRefuseAQueueOfOtherItems) {
  const prioq_config config = item_config(sizeof(job_like));
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int value = 0;
  void *out = nullptr;
  prioq_item batch[1] = {{&value, 0}};
  size_t count = 0;
  EXPECT_EQ(prioq_push(queue.get(), &value, 0), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 1), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(prioq_try_pop(queue.get(), &out, nullptr), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(prioq_pop(queue.get(), 0, &out, nullptr), PRIOQ_E_INVALID_ARGUMENT);
  EXPECT_EQ(prioq_pop_batch(queue.get(), batch, 1, 0, &count), PRIOQ_E_INVALID_ARGUMENT);
}

TEST(CopiedItems, TheItemFunctionsWorkOnAPointerQueue) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int value = 0;
  void *pushed = &value;
  ASSERT_EQ(prioq_push_item(queue.get(), &pushed, 1), PRIOQ_OK);
  void *popped = nullptr;
  ASSERT_EQ(prioq_try_pop(queue.get(), &popped, nullptr), PRIOQ_OK);
  EXPECT_EQ(popped, &value);
  ASSERT_EQ(prioq_push(queue.get(), &value, 2), PRIOQ_OK);
  popped = nullptr;
  ASSERT_EQ(prioq_pop_item(queue.get(), 0, &popped, nullptr), PRIOQ_OK);
  EXPECT_EQ(popped, &value);
}

// The payload hint prefetches through whatever the chosen word holds, so
// it must be harmless for any value: null, small integers, addresses of
// freed memory, all bits set. Items still come out whole and in order.
TEST(CopiedItems, APayloadWordHintLeavesItemsIntactWhateverTheWordHolds) {
  prioq_config config = item_config(sizeof(job_like));
  // payload[0] (its low half on 32-bit targets), counted from 1.
  config.payload_word = static_cast<uint32_t>(offsetof(job_like, payload) / sizeof(void *)) + 1;
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const uint64_t dangling = [] {
    auto *freed = new uint64_t(1);
    const auto address = reinterpret_cast<uintptr_t>(freed);
    delete freed;
    return static_cast<uint64_t>(address);
  }();
  const uint64_t words[] = {0, 1, 4096, dangling, ~uint64_t{0}, 0x8000000000000000u};
  std::vector<job_like> pushed;
  for (int round = 0; round < 3; ++round) {
    for (uint64_t word : words) {
      job_like item = make(pushed.size());
      item.payload[0] = word;
      pushed.push_back(item);
      ASSERT_EQ(prioq_push_item(queue.get(), &item, round % PRIOQ_PRIORITY_COUNT), PRIOQ_OK);
    }
  }
  // One at a time (the hint follows every pop), then the rest as a run.
  std::vector<job_like> popped;
  for (int i = 0; i < 5; ++i) {
    job_like item{};
    ASSERT_EQ(prioq_try_pop_item(queue.get(), &item, nullptr), PRIOQ_OK);
    popped.push_back(item);
  }
  std::vector<job_like> rest(pushed.size());
  size_t count = 0;
  ASSERT_EQ(prioq_pop_items(queue.get(), rest.data(), nullptr, rest.size(), 0, &count), PRIOQ_OK);
  popped.insert(popped.end(), rest.begin(), rest.begin() + static_cast<ptrdiff_t>(count));
  ASSERT_EQ(popped.size(), pushed.size());
  // Priorities were pushed round by round, HIGH first: the order is push order.
  for (size_t i = 0; i < pushed.size(); ++i) {
    EXPECT_EQ(popped[i].id, pushed[i].id);
    EXPECT_EQ(popped[i].payload[0], pushed[i].payload[0]);
    EXPECT_EQ(popped[i].payload[1], pushed[i].payload[1]);
    EXPECT_EQ(popped[i].payload[2], pushed[i].payload[2]);
  }
}

TEST(CopiedItems, ItemSizesMustBePointerMultiplesUpToTheMaximum) {
  prioq_queue *queue = nullptr;
  for (uint32_t size : {1u, static_cast<uint32_t>(sizeof(void *)) + 1u,
                        PRIOQ_MAX_ITEM_SIZE + static_cast<uint32_t>(sizeof(void *))}) {
    const prioq_config config = item_config(size);
    EXPECT_EQ(prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT) << size;
  }
  const prioq_config largest = item_config(PRIOQ_MAX_ITEM_SIZE);
  auto queue_handle = create_queue(&largest);
  ASSERT_TRUE(queue_handle);
  std::vector<unsigned char> in(PRIOQ_MAX_ITEM_SIZE), out(PRIOQ_MAX_ITEM_SIZE);
  for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<unsigned char>(i * 7 + 1);
  ASSERT_EQ(prioq_push_item(queue_handle.get(), in.data(), 0), PRIOQ_OK);
  ASSERT_EQ(prioq_try_pop_item(queue_handle.get(), out.data(), nullptr), PRIOQ_OK);
  EXPECT_EQ(in, out);
}

TEST(CopiedItems, AZeroItemSizeMeansPointerItems) {
  const prioq_config config = item_config(0);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  uint32_t size = 0;
  ASSERT_EQ(prioq_item_size(queue.get(), &size), PRIOQ_OK);
  EXPECT_EQ(size, sizeof(void *));
  int value = 0;
  EXPECT_EQ(prioq_push(queue.get(), &value, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
}

TEST(CopiedItems, ABatchPopTakesItemsInContractOrderWithTheirPriorities) {
  const prioq_config config = item_config(sizeof(job_like));
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const int32_t priorities[] = {2, 1, 0, 2, 0};
  for (uint64_t i = 0; i < 5; ++i) {
    const job_like item = make(i);
    ASSERT_EQ(prioq_push_item(queue.get(), &item, priorities[i]), PRIOQ_OK);
  }
  job_like out[8] = {};
  int32_t out_priorities[8] = {};
  size_t count = 0;
  ASSERT_EQ(prioq_pop_items(queue.get(), out, out_priorities, 3, 0, &count), PRIOQ_OK);
  ASSERT_EQ(count, 3u);
  const uint64_t first[] = {2, 4, 1};
  for (size_t i = 0; i < 3; ++i) {
    expect_intact(out[i], first[i]);
    EXPECT_EQ(out_priorities[i], priorities[first[i]]);
  }
  ASSERT_EQ(prioq_pop_items(queue.get(), out, nullptr, 8, 0, &count), PRIOQ_OK);
  ASSERT_EQ(count, 2u);
  expect_intact(out[0], 0);
  expect_intact(out[1], 3);
}

TEST(CopiedItems, AFailedPopLeavesTheCallersBufferUntouched) {
  const prioq_config config = item_config(sizeof(job_like));
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  job_like untouched = make(99);
  int32_t priority = 42;
  EXPECT_EQ(prioq_try_pop_item(queue.get(), &untouched, &priority), PRIOQ_E_EMPTY);
  expect_intact(untouched, 99);
  EXPECT_EQ(priority, 42);
}

TEST(CopiedItems, AFirstVersionConfigGetsPointerItems) {
  std::vector<unsigned char> bytes(PRIOQ_CONFIG_SIZE_V1);
  auto *config = reinterpret_cast<prioq_config *>(bytes.data());
  ASSERT_EQ(prioq_config_init_sized(config, PRIOQ_CONFIG_SIZE_V1), PRIOQ_OK);
  prioq_queue *queue = nullptr;
  ASSERT_EQ(prioq_create(config, &queue), PRIOQ_OK);
  uint32_t size = 0;
  EXPECT_EQ(prioq_item_size(queue, &size), PRIOQ_OK);
  EXPECT_EQ(size, sizeof(void *));
  EXPECT_EQ(prioq_destroy(queue), PRIOQ_OK);
}

}  // namespace
