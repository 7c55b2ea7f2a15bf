// The ordering promise under concurrency (prioq.h, "Ordering contract"):
// items one thread pushes at one priority are claimed in the order it
// pushed them, whatever the other producers and consumers do.
//
// What is observable from outside is the interval of each call, not the
// instant an item is claimed inside a pop. So every push and pop is
// bracketed by tickets from one global counter (taken just before the call
// and just after it returns), and the check is the one the promise allows
// to be checked: if item a was pushed before item b by the same thread at
// the same priority, the pop that returned a must have begun before the pop
// that returned b ended. A pop of a that began only after b's pop had
// returned would mean b was claimed first. With one consumer the check is
// exact order.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"
#include "stress_scale.h"

namespace {

using prioq_test::create_queue;

constexpr size_t kProducers = 6;
constexpr size_t kBatchSize = 5;
constexpr size_t kPerProducer = prioq_test::kStressItems / 10 / kProducers;

std::atomic<uint64_t> g_ticket{0};
uint64_t ticket() {
  return g_ticket.fetch_add(1, std::memory_order_seq_cst);
}

struct record {
  uint32_t producer = 0;
  uint32_t sequence = 0;  // position in its producer's push order
  int32_t priority = 0;
  uint64_t pop_begin = 0;
  uint64_t pop_end = 0;
  std::atomic<uint32_t> times_popped{0};
};

class ProducerOrder : public ::testing::Test {
 protected:
  void SetUp() override {
    records_ = std::vector<record>(kProducers * kPerProducer);
    for (uint32_t p = 0; p < kProducers; ++p) {
      for (uint32_t s = 0; s < kPerProducer; ++s) {
        record &r = records_[p * kPerProducer + s];
        r.producer = p;
        r.sequence = s;
        // Runs of one priority and changes between them, different per producer.
        r.priority = static_cast<int32_t>(((s / (1 + p)) * 2654435761u >> 9) % 3);
      }
    }
  }

  // Producers push their records (one by one, or in batches); consumers pop
  // one item per call until the queue is closed and drained.
  void run(size_t consumers, bool batches) {
    auto queue = create_queue();
    ASSERT_TRUE(queue);
    std::vector<std::thread> threads;
    std::atomic<size_t> failures{0};
    for (size_t c = 0; c < consumers; ++c) {
      threads.emplace_back([&] {
        for (;;) {
          void *item = nullptr;
          const uint64_t begin = ticket();
          const prioq_status status = prioq_pop(queue.get(), PRIOQ_INFINITE, &item, nullptr);
          const uint64_t end = ticket();
          if (status == PRIOQ_E_CLOSED) return;
          if (status != PRIOQ_OK) {
            failures.fetch_add(1);
            return;
          }
          record *popped = static_cast<record *>(item);
          popped->pop_begin = begin;
          popped->pop_end = end;
          popped->times_popped.fetch_add(1);
        }
      });
    }
    std::vector<std::thread> producers;
    for (size_t p = 0; p < kProducers; ++p) {
      producers.emplace_back([&, p] {
        record *mine = &records_[p * kPerProducer];
        for (size_t i = 0; i < kPerProducer;) {
          const size_t count = batches ? std::min(kBatchSize, kPerProducer - i) : 1;
          prioq_item batch[kBatchSize];
          for (size_t k = 0; k < count; ++k) batch[k] = {&mine[i + k], mine[i + k].priority};
          const prioq_status status =
              batches ? prioq_push_batch(queue.get(), batch, count)
                      : prioq_push(queue.get(), batch[0].value, batch[0].priority);
          if (status != PRIOQ_OK) failures.fetch_add(1);
          i += count;
        }
      });
    }
    for (std::thread &producer : producers) producer.join();
    ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
    for (std::thread &thread : threads) thread.join();
    ASSERT_EQ(failures.load(), 0u);
  }

  void expect_each_popped_once() {
    size_t bad = 0;
    for (const record &r : records_) {
      if (r.times_popped.load() != 1 && bad++ == 0) {
        ADD_FAILURE() << "producer " << r.producer << " item " << r.sequence << " popped "
                      << r.times_popped.load() << " times";
      }
    }
    EXPECT_EQ(bad, 0u);
  }

  // For a before b (same producer, same priority): a's pop began before b's
  // pop ended. Checked against every earlier item at once through the
  // latest pop_begin among them.
  void expect_claims_in_push_order() {
    size_t violations = 0;
    for (uint32_t p = 0; p < kProducers; ++p) {
      uint64_t latest_begin[PRIOQ_PRIORITY_COUNT] = {};
      bool any[PRIOQ_PRIORITY_COUNT] = {};
      for (uint32_t s = 0; s < kPerProducer; ++s) {
        const record &r = records_[p * kPerProducer + s];
        if (any[r.priority] && r.pop_end < latest_begin[r.priority] && violations++ == 0) {
          ADD_FAILURE() << "producer " << p << " item " << s << " (priority " << r.priority
                        << ") was popped by a call that returned at ticket " << r.pop_end
                        << ", before the pop of an earlier item of the same producer and "
                           "priority began (ticket "
                        << latest_begin[r.priority] << ")";
        }
        latest_begin[r.priority] = std::max(latest_begin[r.priority], r.pop_begin);
        any[r.priority] = true;
      }
    }
    EXPECT_EQ(violations, 0u);
  }

  std::vector<record> records_;
};

TEST_F(ProducerOrder, OneConsumerGetsEachProducersItemsInPushOrderWithinEachPriority) {
  run(1, false);
  expect_each_popped_once();
  expect_claims_in_push_order();
}

TEST_F(ProducerOrder, ManyConsumersClaimEachProducersItemsInPushOrderWithinEachPriority) {
  run(4, false);
  expect_each_popped_once();
  expect_claims_in_push_order();
}

TEST_F(ProducerOrder, BatchesAreClaimedInArrayOrderWithinEachPriority) {
  run(4, true);
  expect_each_popped_once();
  expect_claims_in_push_order();
}

}  // namespace
