// prioq under injected faults: allocation failure while creating a queue and
// while growing it (push, push_batch), and address waits that return early.
// Specification: a failed call reports PRIOQ_E_OUT_OF_MEMORY (or, for waits,
// an ordinary status), leaves the queue usable, and loses or duplicates no
// item that was accepted.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <thread>
#include <vector>

#include "patience.h"
#include "prioq/prioq.h"
#include "prioq_testing.h"

namespace {

// Items are small integers stored in the pointer value; 0 is never used, so a
// null pointer popped is always a bug.
void *item_of(uintptr_t id) {
  return reinterpret_cast<void *>(id);
}
uintptr_t id_of(void *item) {
  return reinterpret_cast<uintptr_t>(item);
}

// What a correct queue must hold: the accepted ids per priority, in push order.
struct model {
  std::deque<uintptr_t> levels[PRIOQ_PRIORITY_COUNT];
  size_t size() const { return levels[0].size() + levels[1].size() + levels[2].size(); }
};

class PrioqFault : public ::testing::Test {
 protected:
  void SetUp() override { prioq_testing_fault_reset(); }
  void TearDown() override {
    prioq_testing_fault_reset();
    if (queue_ != nullptr) {
      EXPECT_EQ(prioq_destroy(queue_), PRIOQ_OK);
    }
  }
  void create() { ASSERT_EQ(prioq_create(nullptr, &queue_), PRIOQ_OK); }

  // Pops everything and checks it against expected: strict priority, FIFO
  // within a priority, nothing extra, nothing missing.
  void expect_drains_exactly(model expected) {
    for (;;) {
      void *item = nullptr;
      int32_t priority = -1;
      const prioq_status status = prioq_try_pop(queue_, &item, &priority);
      if (status == PRIOQ_E_EMPTY) break;
      ASSERT_EQ(status, PRIOQ_OK);
      int32_t want_level = 0;
      while (want_level < PRIOQ_PRIORITY_COUNT && expected.levels[want_level].empty()) ++want_level;
      ASSERT_LT(want_level, PRIOQ_PRIORITY_COUNT)
          << "popped item " << id_of(item) << " was never accepted";
      ASSERT_EQ(priority, want_level);
      ASSERT_EQ(id_of(item), expected.levels[want_level].front());
      expected.levels[want_level].pop_front();
    }
    EXPECT_EQ(expected.size(), 0u) << "accepted items missing from the queue";
  }

  prioq_queue *queue_ = nullptr;
};

TEST_F(PrioqFault, CreateReportsOutOfMemoryWhenItsAllocationFails) {
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  prioq_queue *untouched = reinterpret_cast<prioq_queue *>(&queue_);
  EXPECT_EQ(prioq_create(nullptr, &untouched), PRIOQ_E_OUT_OF_MEMORY);
  EXPECT_EQ(untouched, reinterpret_cast<prioq_queue *>(&queue_))
      << "out-parameter written on failure";
  EXPECT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
}

TEST_F(PrioqFault, CreateSucceedsOnTheNextAttemptAfterAFailure) {
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1);
  prioq_queue *failed = nullptr;
  ASSERT_EQ(prioq_create(nullptr, &failed), PRIOQ_E_OUT_OF_MEMORY);
  create();
  EXPECT_EQ(prioq_push(queue_, item_of(1), PRIOQ_PRIORITY_LOW), PRIOQ_OK);
}

TEST_F(PrioqFault, CreateAllocatesOnlyTheQueueItself) {
  // Storage for items comes with the first push at each priority, from
  // each pushing thread: creating a queue allocates exactly once.
  const uint64_t before = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
  create();
  EXPECT_EQ(prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION), before + 1);
}

TEST_F(PrioqFault, FirstPushAtAPriorityReportsOutOfMemoryWhenItsStorageCannotBeAllocated) {
  create();
  for (int32_t priority = 0; priority < PRIOQ_PRIORITY_COUNT; ++priority) {
    SCOPED_TRACE("priority " + std::to_string(priority));
    prioq_testing_fault_reset();
    ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
    EXPECT_EQ(prioq_push(queue_, item_of(1), priority), PRIOQ_E_OUT_OF_MEMORY);
    EXPECT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
    size_t size = 1;
    ASSERT_EQ(prioq_size(queue_, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
    EXPECT_EQ(size, 0u);
  }
  // The failures left nothing behind: the next pushes allocate and succeed.
  model expected;
  for (int32_t priority = 0; priority < PRIOQ_PRIORITY_COUNT; ++priority) {
    ASSERT_EQ(prioq_push(queue_, item_of(10 + priority), priority), PRIOQ_OK);
    expected.levels[priority].push_back(10 + priority);
  }
  expect_drains_exactly(expected);
}

TEST_F(PrioqFault, AThreadsFirstPushMakesRoomAtEveryPrioritySoLaterFirstPushesAllocateNothing) {
  // A HIGH item arriving behind a stream of LOW ones must not wait for an
  // allocation: the thread's first push made room at every level.
  create();
  ASSERT_EQ(prioq_push(queue_, item_of(1), PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  const uint64_t before = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  EXPECT_EQ(prioq_push(queue_, item_of(2), PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  prioq_item batch[] = {{item_of(3), PRIOQ_PRIORITY_MEDIUM}, {item_of(4), PRIOQ_PRIORITY_HIGH}};
  EXPECT_EQ(prioq_push_batch(queue_, batch, 2), PRIOQ_OK);
  EXPECT_EQ(prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION), before);
  EXPECT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 0u);
  model expected;
  expected.levels[PRIOQ_PRIORITY_HIGH] = {2, 4};
  expected.levels[PRIOQ_PRIORITY_MEDIUM] = {3};
  expected.levels[PRIOQ_PRIORITY_LOW] = {1};
  expect_drains_exactly(expected);
}

TEST_F(PrioqFault, AFirstPushWhoseRoomAtAnotherPriorityCannotBeMadeReportsOutOfMemory) {
  // The first push makes room at all three levels; any of those
  // allocations failing fails the push, with nothing queued.
  for (uint64_t nth = 1; nth <= 3; ++nth) {
    SCOPED_TRACE("allocation " + std::to_string(nth));
    prioq_testing_fault_reset();
    create();
    ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, nth), PRIOQ_OK);
    EXPECT_EQ(prioq_push(queue_, item_of(1), PRIOQ_PRIORITY_MEDIUM), PRIOQ_E_OUT_OF_MEMORY);
    EXPECT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
    ASSERT_EQ(prioq_push(queue_, item_of(2), PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
    model expected;
    expected.levels[PRIOQ_PRIORITY_MEDIUM] = {2};
    expect_drains_exactly(expected);
    ASSERT_EQ(prioq_destroy(queue_), PRIOQ_OK);
    queue_ = nullptr;
  }
}

// Pushes at one priority until that priority's first ring is exactly full,
// so the next push there must allocate a larger ring. The capacity is
// measured (not assumed) on a scratch queue: the first push allocates the
// first ring, and the push that grows is the next one that reaches the
// allocation fault point. Returns the model of what was pushed.
model fill_first_ring(prioq_queue *queue, int32_t priority, uintptr_t first_id) {
  model filled;
  prioq_queue *scratch = nullptr;
  EXPECT_EQ(prioq_create(nullptr, &scratch), PRIOQ_OK);
  EXPECT_EQ(prioq_push(scratch, item_of(1), priority), PRIOQ_OK);
  const uint64_t scratch_start = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
  size_t capacity = 1;
  while (prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION) == scratch_start) {
    EXPECT_EQ(prioq_push(scratch, item_of(1), priority), PRIOQ_OK);
    ++capacity;
  }
  --capacity;  // the last push was the one that grew
  EXPECT_EQ(prioq_destroy(scratch), PRIOQ_OK);
  for (size_t i = 0; i < capacity; ++i) {
    EXPECT_EQ(prioq_push(queue, item_of(first_id + i), priority), PRIOQ_OK);
    filled.levels[priority].push_back(first_id + i);
  }
  return filled;
}

TEST_F(PrioqFault, PushThatMustGrowAFullRingReportsOutOfMemoryAndKeepsEveryItem) {
  create();
  const model expected = fill_first_ring(queue_, PRIOQ_PRIORITY_HIGH, 1000);
  ASSERT_GT(expected.size(), 0u);
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1);
  EXPECT_EQ(prioq_push(queue_, item_of(1), PRIOQ_PRIORITY_HIGH), PRIOQ_E_OUT_OF_MEMORY);
  EXPECT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
  size_t size = 0;
  ASSERT_EQ(prioq_size(queue_, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
  EXPECT_EQ(size, expected.size());
  expect_drains_exactly(expected);
}

TEST_F(PrioqFault, FailedGrowthKeepsEveryEarlierItemAndTheQueueAcceptsMoreAfterwards) {
  create();
  model expected;
  // Push until the level has grown at least twice, so the failure hits a
  // ring that already holds items (and may wrap).
  uintptr_t next_id = 1;
  while (prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION) < 3) {
    ASSERT_EQ(prioq_push(queue_, item_of(next_id), PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
    expected.levels[1].push_back(next_id++);
    if (next_id % 3 == 0) {  // pop a few so head is not at slot 0
      void *item = nullptr;
      ASSERT_EQ(prioq_try_pop(queue_, &item, nullptr), PRIOQ_OK);
      ASSERT_EQ(id_of(item), expected.levels[1].front());
      expected.levels[1].pop_front();
    }
  }
  // Fill the current ring exactly, then make the next growth fail.
  const uint64_t arrivals_before = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1);
  prioq_status status = PRIOQ_OK;
  while (status == PRIOQ_OK) {
    status = prioq_push(queue_, item_of(next_id), PRIOQ_PRIORITY_MEDIUM);
    if (status == PRIOQ_OK) expected.levels[1].push_back(next_id);
    ++next_id;
  }
  ASSERT_EQ(status, PRIOQ_E_OUT_OF_MEMORY);
  ASSERT_EQ(prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION), arrivals_before + 1);
  ASSERT_EQ(prioq_push(queue_, item_of(next_id), PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  expected.levels[1].push_back(next_id);
  expect_drains_exactly(expected);
}

TEST_F(PrioqFault, BatchWhoseSecondLevelCannotGrowIsRejectedWhole) {
  create();
  // HIGH and LOW have room (a ring each, empty again); MEDIUM's ring is
  // full. The batch makes room at HIGH first and then fails to grow MEDIUM:
  // the HIGH items must vanish without a trace.
  for (const int32_t priority : {PRIOQ_PRIORITY_HIGH, PRIOQ_PRIORITY_LOW}) {
    void *item = nullptr;
    ASSERT_EQ(prioq_push(queue_, item_of(1), priority), PRIOQ_OK);
    ASSERT_EQ(prioq_try_pop(queue_, &item, nullptr), PRIOQ_OK);
  }
  const model expected = fill_first_ring(queue_, PRIOQ_PRIORITY_MEDIUM, 1000);
  const uint64_t arrivals = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
  const prioq_item batch[] = {{item_of(1), PRIOQ_PRIORITY_LOW},
                              {item_of(2), PRIOQ_PRIORITY_HIGH},
                              {item_of(3), PRIOQ_PRIORITY_MEDIUM},
                              {item_of(4), PRIOQ_PRIORITY_HIGH}};
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1);
  ASSERT_EQ(prioq_push_batch(queue_, batch, 4), PRIOQ_E_OUT_OF_MEMORY);
  ASSERT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
  EXPECT_EQ(prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION), arrivals + 1)
      << "the batch allocated for a priority other than MEDIUM";
  size_t size = 0;
  ASSERT_EQ(prioq_size(queue_, PRIOQ_PRIORITY_HIGH, &size), PRIOQ_OK);
  EXPECT_EQ(size, 0u) << "the abandoned HIGH block is visible";
  ASSERT_EQ(prioq_size(queue_, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
  EXPECT_EQ(size, expected.size());
  expect_drains_exactly(expected);
}

TEST_F(PrioqFault, BatchSucceedsWhenRetriedAfterAnAllocationFailure) {
  create();
  model expected = fill_first_ring(queue_, PRIOQ_PRIORITY_LOW, 1000);
  const prioq_item batch[] = {{item_of(1), PRIOQ_PRIORITY_LOW}, {item_of(2), PRIOQ_PRIORITY_HIGH}};
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1);
  ASSERT_EQ(prioq_push_batch(queue_, batch, 2), PRIOQ_E_OUT_OF_MEMORY);
  ASSERT_EQ(prioq_push_batch(queue_, batch, 2), PRIOQ_OK);
  expected.levels[0].push_back(2);
  expected.levels[2].push_back(1);
  expect_drains_exactly(expected);
}

// A scripted workload of single and batch pushes over all priorities with
// pops in between, run once to count allocation arrivals and then once per
// arrival with that one failing. Every run must end with exactly the accepted
// items in the queue, in order.
class PrioqAllocationSweep : public PrioqFault {
 protected:
  // Returns the model of what the queue must hold afterwards.
  model run_workload() {
    model expected;
    uintptr_t next_id = 1;
    for (int round = 0; round < 400; ++round) {
      for (int k = 0; k < 7; ++k) {
        const int32_t priority = (round + k) % PRIOQ_PRIORITY_COUNT;
        const uintptr_t id = next_id++;
        const prioq_status status = prioq_push(queue_, item_of(id), priority);
        EXPECT_TRUE(status == PRIOQ_OK || status == PRIOQ_E_OUT_OF_MEMORY) << status;
        if (status == PRIOQ_OK) expected.levels[priority].push_back(id);
        if (status != PRIOQ_OK) ++failures_seen_;
      }
      std::vector<prioq_item> batch;
      for (int k = 0; k < round % 11; ++k) {
        batch.push_back({item_of(next_id++), (round * 5 + k) % PRIOQ_PRIORITY_COUNT});
      }
      const prioq_status status = prioq_push_batch(queue_, batch.data(), batch.size());
      EXPECT_TRUE(status == PRIOQ_OK || status == PRIOQ_E_OUT_OF_MEMORY) << status;
      if (status == PRIOQ_OK) {
        for (const prioq_item &item : batch)
          expected.levels[item.priority].push_back(id_of(item.value));
      } else {
        ++failures_seen_;
      }
      // Pop a few so rings wrap before they grow (every other round only, so
      // that even HIGH, which pops drain first, outgrows two rings).
      for (int k = 0; k < 3 && round % 2 == 0 && expected.size() != 0; ++k) {
        void *item = nullptr;
        int32_t priority = -1;
        EXPECT_EQ(prioq_try_pop(queue_, &item, &priority), PRIOQ_OK);
        int32_t want = 0;
        while (expected.levels[want].empty()) ++want;
        EXPECT_EQ(priority, want);
        EXPECT_EQ(id_of(item), expected.levels[want].front());
        expected.levels[want].pop_front();
      }
    }
    return expected;
  }
  int failures_seen_ = 0;
};

TEST_F(PrioqAllocationSweep, EveryFailedGrowthIsReportedAndLosesOrDuplicatesNothing) {
  create();
  const uint64_t create_arrivals = prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION);
  expect_drains_exactly(run_workload());
  const uint64_t workload_arrivals =
      prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION) - create_arrivals;
  ASSERT_GE(workload_arrivals, 6u) << "the workload must grow every level at least twice";
  ASSERT_EQ(prioq_destroy(queue_), PRIOQ_OK);
  queue_ = nullptr;

  for (uint64_t nth = 1; nth <= workload_arrivals; ++nth) {
    SCOPED_TRACE("allocation arrival " + std::to_string(nth));
    prioq_testing_fault_reset();
    create();
    failures_seen_ = 0;
    prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, nth);
    const model expected = run_workload();
    EXPECT_EQ(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
    EXPECT_EQ(failures_seen_, 1);
    expect_drains_exactly(expected);
    ASSERT_EQ(prioq_destroy(queue_), PRIOQ_OK);
    queue_ = nullptr;
  }
  // Reported for docs/reliability.md: how many distinct faults the sweep injected.
  std::printf("[ sweep    ] %llu allocation faults injected, one run each\n",
              static_cast<unsigned long long>(workload_arrivals));
}

TEST_F(PrioqFault, TimedPopWhoseWaitFailsEarlyStillReportsTimeoutAndNoItem) {
  create();
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_WAIT, 1);
  void *item = item_of(77);
  EXPECT_EQ(prioq_pop(queue_, 30, &item, nullptr), PRIOQ_E_TIMEOUT);
  EXPECT_EQ(item, item_of(77));
}

TEST_F(PrioqFault, InfinitePopTreatsAFailedWaitAsSpuriousAndReturnsTheNextItem) {
  create();
  std::atomic<int> result{-1};
  void *popped = nullptr;
  prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_WAIT, 1);
  std::thread consumer([&] { result = prioq_pop(queue_, PRIOQ_INFINITE, &popped, nullptr); });
  // Give the consumer time to reach its (failing) wait; correctness does not
  // depend on it, only the coverage of this test does.
  test_support::eventually([&] {
    return prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_WAIT) != 0 || result.load() != -1;
  });
  ASSERT_EQ(prioq_push(queue_, item_of(5), PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  consumer.join();
  EXPECT_EQ(result.load(), PRIOQ_OK);
  EXPECT_EQ(popped, item_of(5));
}

TEST_F(PrioqFault, EveryItemReachesBlockedConsumersExactlyOnceWhileWaitsFail) {
  create();
  constexpr int kConsumers = 3;
  constexpr uintptr_t kItems = 600;
  std::vector<std::atomic<int>> seen(kItems + 1);
  std::vector<std::thread> consumers;
  for (int c = 0; c < kConsumers; ++c) {
    consumers.emplace_back([&] {
      for (;;) {
        void *item = nullptr;
        const prioq_status status = prioq_pop(queue_, PRIOQ_INFINITE, &item, nullptr);
        if (status == PRIOQ_E_CLOSED) return;
        ASSERT_EQ(status, PRIOQ_OK);
        ASSERT_GE(id_of(item), 1u);
        ASSERT_LE(id_of(item), kItems);
        seen[id_of(item)].fetch_add(1);
      }
    });
  }
  // Re-arm the wait point every few pushes so that waits keep failing early
  // (a point fails once per arming).
  for (uintptr_t id = 1; id <= kItems; ++id) {
    if (id % 4 == 0) prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_WAIT, 1);
    ASSERT_EQ(prioq_push(queue_, item_of(id), static_cast<int32_t>(id % 3)), PRIOQ_OK);
    if (id % 50 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // Wait until the consumers emptied the queue, then close to release them.
  size_t size = 1;
  while (size != 0) {
    ASSERT_EQ(prioq_size(queue_, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
    std::this_thread::yield();
  }
  ASSERT_EQ(prioq_close(queue_), PRIOQ_OK);
  for (std::thread &consumer : consumers) consumer.join();
  for (uintptr_t id = 1; id <= kItems; ++id) ASSERT_EQ(seen[id].load(), 1) << "item " << id;
  EXPECT_GE(prioq_testing_fault_injected(PRIOQ_TESTING_FAULT_WAIT), 1u);
}

TEST_F(PrioqFault, ArmingAnUnknownPointIsRejected) {
  EXPECT_EQ(prioq_testing_fault_arm(7, 1), PRIOQ_E_INVALID_ARGUMENT);
}

}  // namespace
