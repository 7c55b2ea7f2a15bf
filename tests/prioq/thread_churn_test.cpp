// A queue fed by thousands of short-lived threads (a pool whose submitters
// come and go): every item arrives exactly once, in its thread's push order
// within each priority, and the queue's memory does not grow with the
// number of threads (their sub-queues are recycled with their slots). In
// fault-injection builds the memory bound is checked exactly: the number of
// allocations the queue makes stays below a bound that does not depend on
// how many threads pushed.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"
#include "slow_environment.h"
#if defined(PRIOQ_TEST_FAULT_COUNTERS)
#include "prioq_testing.h"
#endif

namespace {

using prioq_test::create_queue;

constexpr uint32_t kThreads = test_support::kSlowEnvironment ? 400 : 3000;
constexpr uint32_t kConcurrent = 8;
constexpr uint32_t kItemsPerThread = 40;

struct item {
  uint32_t thread;
  uint32_t sequence;
  int32_t priority;
};

void push_from_a_new_thread(prioq_queue *queue, item *items, std::atomic<size_t> *failures) {
  // Singles and a batch in the middle, over every priority.
  uint32_t i = 0;
  while (i < kItemsPerThread) {
    if (i == kItemsPerThread / 2) {
      prioq_item batch[8];
      for (uint32_t k = 0; k < 8; ++k) batch[k] = {&items[i + k], items[i + k].priority};
      if (prioq_push_batch(queue, batch, 8) != PRIOQ_OK) failures->fetch_add(1);
      i += 8;
    } else {
      if (prioq_push(queue, &items[i], items[i].priority) != PRIOQ_OK) failures->fetch_add(1);
      ++i;
    }
  }
}

TEST(ThreadChurn, ThousandsOfShortLivedProducersDeliverEveryItemInOrderWithBoundedMemory) {
  std::vector<item> items(size_t{kThreads} * kItemsPerThread);
  for (uint32_t t = 0; t < kThreads; ++t) {
    for (uint32_t s = 0; s < kItemsPerThread; ++s) {
      items[size_t{t} * kItemsPerThread + s] = {t, s, static_cast<int32_t>((s * 7 + t) % 3)};
    }
  }
  auto queue = create_queue();
  ASSERT_TRUE(queue);
#if defined(PRIOQ_TEST_FAULT_COUNTERS)
  const uint64_t allocations_before = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
#endif
  // One consumer: it sees every thread's items in the order they were claimed.
  std::vector<uint32_t> popped(items.size(), 0);
  std::vector<int64_t> last_sequence(size_t{kThreads} * PRIOQ_PRIORITY_COUNT, -1);
  size_t out_of_order = 0;
  prioq_status consumer_end = PRIOQ_OK;
  std::thread consumer([&] {
    for (;;) {
      void *value = nullptr;
      const prioq_status status = prioq_pop(queue.get(), PRIOQ_INFINITE, &value, nullptr);
      if (status != PRIOQ_OK) {
        consumer_end = status;
        return;
      }
      const item *got = static_cast<const item *>(value);
      ++popped[static_cast<size_t>(got - items.data())];
      int64_t &last = last_sequence[size_t{got->thread} * PRIOQ_PRIORITY_COUNT + got->priority];
      if (got->sequence <= last) ++out_of_order;
      last = got->sequence;
    }
  });
  std::atomic<size_t> failures{0};
  for (uint32_t first = 0; first < kThreads; first += kConcurrent) {
    std::vector<std::thread> wave;
    for (uint32_t t = first; t < std::min(first + kConcurrent, kThreads); ++t) {
      wave.emplace_back(push_from_a_new_thread, queue.get(), &items[size_t{t} * kItemsPerThread],
                        &failures);
    }
    for (std::thread &producer : wave) producer.join();
  }
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  consumer.join();

  EXPECT_EQ(failures.load(), 0u);
  EXPECT_EQ(consumer_end, PRIOQ_E_CLOSED);
  EXPECT_EQ(out_of_order, 0u);
  const size_t not_once = static_cast<size_t>(
      std::count_if(popped.begin(), popped.end(), [](uint32_t n) { return n != 1; }));
  EXPECT_EQ(not_once, 0u);
#if defined(PRIOQ_TEST_FAULT_COUNTERS)
  // 3 priorities x 32 sub-queues, each with a first ring and at most a few
  // larger ones for the backlog of 8 threads: far below one per thread.
  const uint64_t allocations =
      prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION) - allocations_before;
  EXPECT_LE(allocations, 3u * 32u * 4u) << kThreads << " threads";
#endif
}

}  // namespace
