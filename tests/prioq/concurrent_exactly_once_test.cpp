// Many producers and consumers on one queue: every item is popped exactly
// once, with the priority it was pushed at, and each consumer sees every
// producer's items of one priority in the order that producer pushed them
// (claims follow push order per producer: producer_order_test.cpp). Every
// item is checked individually, not just the total.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"
#include "stress_scale.h"

namespace {

using prioq_test::create_queue;
using prioq_test::kStressItems;

constexpr size_t kProducers = 4;
constexpr size_t kConsumers = 4;
constexpr size_t kBatchSize = 16;
constexpr size_t kPerProducer = kStressItems / kProducers;

// The pushed pointers point into one preallocated array of these, so a popped
// pointer identifies its producer, sequence number and priority.
struct tracked_item {
  uint32_t producer;
  uint32_t sequence;  // position in that producer's push order
  int32_t priority;
};

struct consumer_log {
  std::vector<prioq_item> popped;
  prioq_status final_status = PRIOQ_E_INTERNAL;
};

class ConcurrentQueue : public ::testing::Test {
 protected:
  void SetUp() override {
    items_.resize(kPerProducer * kProducers);
    for (uint32_t producer = 0; producer < kProducers; ++producer) {
      for (uint32_t sequence = 0; sequence < kPerProducer; ++sequence) {
        // Mixes the priorities along each producer's sequence (a fixed
        // pattern, not a round robin, so runs of equal priority occur).
        const uint32_t mixed = (sequence * 2654435761u + producer) >> 7;
        items_[producer * kPerProducer + sequence] = {
            producer, sequence, static_cast<int32_t>(mixed % PRIOQ_PRIORITY_COUNT)};
      }
    }
  }

  tracked_item *producer_items(size_t producer) { return &items_[producer * kPerProducer]; }

  // Runs producers and consumers, joins them, and returns what each consumer
  // popped. Consumers pop until the queue is closed and drained; the queue is
  // closed once every producer has finished.
  template <typename Produce, typename Consume>
  std::vector<consumer_log> run(prioq_queue *queue, Produce produce, Consume consume) {
    std::vector<consumer_log> logs(kConsumers);
    std::vector<prioq_status> producer_status(kProducers, PRIOQ_E_INTERNAL);
    std::vector<std::thread> consumers;
    for (size_t c = 0; c < kConsumers; ++c) {
      consumers.emplace_back([&, c] { logs[c].final_status = consume(queue, logs[c].popped); });
    }
    std::vector<std::thread> producers;
    for (size_t p = 0; p < kProducers; ++p) {
      producers.emplace_back([&, p] { producer_status[p] = produce(queue, producer_items(p)); });
    }
    for (std::thread &producer : producers) producer.join();
    close_status_ = prioq_close(queue);
    for (std::thread &consumer : consumers) consumer.join();
    for (size_t p = 0; p < kProducers; ++p) {
      EXPECT_EQ(producer_status[p], PRIOQ_OK) << "producer " << p;
    }
    return logs;
  }

  // Each pushed item was popped exactly once, at its own priority.
  void expect_every_item_popped_once(const std::vector<consumer_log> &logs) {
    std::vector<uint32_t> times_popped(items_.size(), 0);
    size_t wrong_priority = 0;
    for (const consumer_log &log : logs) {
      for (const prioq_item &popped : log.popped) {
        const auto *item = static_cast<const tracked_item *>(popped.value);
        const size_t index = static_cast<size_t>(item - items_.data());
        ASSERT_LT(index, items_.size()) << "a popped pointer was never pushed";
        ++times_popped[index];
        if (popped.priority != item->priority) ++wrong_priority;
      }
    }
    size_t missing = 0, duplicated = 0, first_bad = items_.size();
    for (size_t i = 0; i < times_popped.size(); ++i) {
      if (times_popped[i] == 1) continue;
      if (times_popped[i] == 0)
        ++missing;
      else
        ++duplicated;
      first_bad = std::min(first_bad, i);
    }
    EXPECT_EQ(missing, 0u) << "first bad item index " << first_bad;
    EXPECT_EQ(duplicated, 0u) << "first bad item index " << first_bad;
    EXPECT_EQ(wrong_priority, 0u);
  }

  // Within one consumer's pops, items of one producer at one priority have
  // increasing sequence numbers (each producer's items are claimed in push
  // order, so every consumer observes a subsequence of that order).
  void expect_per_producer_order_within_each_priority(const std::vector<consumer_log> &logs) {
    size_t out_of_order = 0;
    for (size_t c = 0; c < logs.size(); ++c) {
      int64_t last_sequence[kProducers][PRIOQ_PRIORITY_COUNT];
      for (auto &row : last_sequence) std::fill(std::begin(row), std::end(row), int64_t{-1});
      for (const prioq_item &popped : logs[c].popped) {
        const auto *item = static_cast<const tracked_item *>(popped.value);
        int64_t &last = last_sequence[item->producer][item->priority];
        if (static_cast<int64_t>(item->sequence) <= last) {
          if (out_of_order == 0) {
            ADD_FAILURE() << "consumer " << c << " saw producer " << item->producer << " sequence "
                          << item->sequence << " after " << last << " at priority "
                          << item->priority;
          }
          ++out_of_order;
        }
        last = item->sequence;
      }
    }
    EXPECT_EQ(out_of_order, 0u);
  }

  void expect_consumers_ended_on_closed(const std::vector<consumer_log> &logs) {
    EXPECT_EQ(close_status_, PRIOQ_OK);
    for (size_t c = 0; c < logs.size(); ++c) {
      EXPECT_EQ(logs[c].final_status, PRIOQ_E_CLOSED) << "consumer " << c;
    }
  }

  std::vector<tracked_item> items_;
  prioq_status close_status_ = PRIOQ_E_INTERNAL;
};

prioq_status push_one_by_one(prioq_queue *queue, tracked_item *items) {
  for (size_t i = 0; i < kPerProducer; ++i) {
    const prioq_status status = prioq_push(queue, &items[i], items[i].priority);
    if (status != PRIOQ_OK) return status;
  }
  return PRIOQ_OK;
}

prioq_status push_in_batches(prioq_queue *queue, tracked_item *items) {
  prioq_item batch[kBatchSize];
  for (size_t first = 0; first < kPerProducer; first += kBatchSize) {
    const size_t count = std::min(kBatchSize, kPerProducer - first);
    for (size_t i = 0; i < count; ++i) batch[i] = {&items[first + i], items[first + i].priority};
    const prioq_status status = prioq_push_batch(queue, batch, count);
    if (status != PRIOQ_OK) return status;
  }
  return PRIOQ_OK;
}

prioq_status pop_one_by_one(prioq_queue *queue, std::vector<prioq_item> &popped) {
  for (;;) {
    prioq_item item{nullptr, -1};
    const prioq_status status = prioq_pop(queue, PRIOQ_INFINITE, &item.value, &item.priority);
    if (status != PRIOQ_OK) return status;
    popped.push_back(item);
  }
}

prioq_status pop_in_batches(prioq_queue *queue, std::vector<prioq_item> &popped) {
  prioq_item batch[kBatchSize];
  for (;;) {
    size_t count = 0;
    const prioq_status status = prioq_pop_batch(queue, batch, kBatchSize, PRIOQ_INFINITE, &count);
    if (status != PRIOQ_OK) return status;
    popped.insert(popped.end(), batch, batch + count);
  }
}

// Items copied into the queue: the tracked pointer travels inside a larger
// item next to a checksum and padding, so a torn or mixed-up copy shows.
struct wide_item {
  tracked_item *item;
  uint64_t checksum;
  uint64_t padding[2];
};
uint64_t checksum_of(const tracked_item *item) {
  return (reinterpret_cast<uintptr_t>(item) * 0x9E3779B97F4A7C15ull) ^ 0x5bd1e995u;
}

prioq_config wide_config() {
  prioq_config config = prioq_test::default_config();
  config.item_size = sizeof(wide_item);
  return config;
}

prioq_status push_wide_one_by_one(prioq_queue *queue, tracked_item *items) {
  for (size_t i = 0; i < kPerProducer; ++i) {
    const wide_item wide{&items[i], checksum_of(&items[i]), {i, ~i}};
    const prioq_status status = prioq_push_item(queue, &wide, items[i].priority);
    if (status != PRIOQ_OK) return status;
  }
  return PRIOQ_OK;
}

prioq_status push_wide_in_batches(prioq_queue *queue, tracked_item *items) {
  wide_item batch[kBatchSize];
  int32_t priorities[kBatchSize];
  for (size_t first = 0; first < kPerProducer; first += kBatchSize) {
    const size_t count = std::min(kBatchSize, kPerProducer - first);
    for (size_t i = 0; i < count; ++i) {
      tracked_item *item = &items[first + i];
      batch[i] = {item, checksum_of(item), {first, i}};
      priorities[i] = item->priority;
    }
    const prioq_status status = prioq_push_items(queue, batch, priorities, count);
    if (status != PRIOQ_OK) return status;
  }
  return PRIOQ_OK;
}

prioq_status pop_wide_one_by_one(prioq_queue *queue, std::vector<prioq_item> &popped) {
  for (;;) {
    wide_item wide{};
    int32_t priority = -1;
    const prioq_status status = prioq_pop_item(queue, PRIOQ_INFINITE, &wide, &priority);
    if (status != PRIOQ_OK) return status;
    // A copy that does not carry its own checksum is recorded as a pointer
    // nobody pushed, which expect_every_item_popped_once reports.
    popped.push_back({wide.checksum == checksum_of(wide.item) ? wide.item : nullptr, priority});
  }
}

TEST_F(ConcurrentQueue, CopiedItemsArriveWholeExactlyOnceInPerProducerOrder) {
  const prioq_config config = wide_config();
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const auto logs = run(queue.get(), push_wide_one_by_one, pop_wide_one_by_one);
  expect_every_item_popped_once(logs);
  expect_per_producer_order_within_each_priority(logs);
  expect_consumers_ended_on_closed(logs);
}

TEST_F(ConcurrentQueue, CopiedItemBatchesArriveWholeExactlyOnceInPerProducerOrder) {
  const prioq_config config = wide_config();
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  const auto logs = run(queue.get(), push_wide_in_batches, pop_wide_one_by_one);
  expect_every_item_popped_once(logs);
  expect_per_producer_order_within_each_priority(logs);
}

TEST_F(ConcurrentQueue, SinglePushesAndPopsDeliverEveryItemExactlyOnceInPerProducerOrder) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  const auto logs = run(queue.get(), push_one_by_one, pop_one_by_one);
  expect_every_item_popped_once(logs);
  expect_per_producer_order_within_each_priority(logs);
}

TEST_F(ConcurrentQueue, BatchPushesAndPopsDeliverEveryItemExactlyOnceInPerProducerOrder) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  const auto logs = run(queue.get(), push_in_batches, pop_in_batches);
  expect_every_item_popped_once(logs);
  expect_per_producer_order_within_each_priority(logs);
}

TEST_F(ConcurrentQueue, ConsumersDrainEverythingAndEndWithClosedAfterClose) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  const auto logs = run(queue.get(), push_one_by_one, pop_in_batches);
  expect_consumers_ended_on_closed(logs);
  size_t remaining = 1;
  ASSERT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, &remaining), PRIOQ_OK);
  EXPECT_EQ(remaining, 0u);
}

}  // namespace
