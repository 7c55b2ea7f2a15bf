// Strict priority under concurrency (prioq.h, "Ordering contract"): a pop
// never returns an item while an item of higher priority, whose push had
// returned before the pop began, is still queued (aging off).
//
// As in producer_order_test.cpp, every call is bracketed by tickets from one
// global counter. A violation is observable as: a pop [begin, end] returned
// an item of priority p, and some item h of a higher priority had been
// pushed (its push returned) before that pop began, yet the pop that
// returned h began only after that pop ended, so h was queued throughout.
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

constexpr size_t kProducers = 4;
constexpr size_t kConsumers = 3;
constexpr size_t kPerProducer = prioq_test::kStressItems / 10 / kProducers;
constexpr size_t kBurst = 64;

std::atomic<uint64_t> g_ticket{0};
uint64_t ticket() {
  return g_ticket.fetch_add(1, std::memory_order_seq_cst);
}

struct record {
  int32_t priority = 0;
  uint64_t pushed = 0;  // ticket after its push returned
  uint64_t pop_begin = 0;
  uint64_t pop_end = 0;
  uint32_t times_popped = 0;  // written by the one consumer that popped it
};

// Producers push bursts that start with lower priorities and end with
// higher ones, so consumers often find a backlog of several priorities;
// consumers pop one item per call, with try_pop like tpool's workers.
std::vector<record> run_workload(size_t consumers) {
  std::vector<record> records(kProducers * kPerProducer);
  for (size_t i = 0; i < records.size(); ++i) {
    const size_t in_burst = i % kBurst;
    records[i].priority = in_burst < kBurst / 2       ? PRIOQ_PRIORITY_LOW
                          : in_burst < 3 * kBurst / 4 ? PRIOQ_PRIORITY_MEDIUM
                                                      : PRIOQ_PRIORITY_HIGH;
  }
  auto queue = create_queue();
  EXPECT_TRUE(queue);
  if (!queue) return records;
  std::atomic<size_t> failures{0};
  std::atomic<size_t> producers_done{0};
  std::vector<std::thread> threads;
  for (size_t c = 0; c < consumers; ++c) {
    threads.emplace_back([&] {
      for (;;) {
        void *item = nullptr;
        const bool last_look = producers_done.load() == kProducers;
        const uint64_t begin = ticket();
        const prioq_status status = prioq_try_pop(queue.get(), &item, nullptr);
        const uint64_t end = ticket();
        if (status == PRIOQ_E_EMPTY) {
          if (last_look) return;
          std::this_thread::yield();
          continue;
        }
        if (status != PRIOQ_OK) {
          failures.fetch_add(1);
          return;
        }
        record *popped = static_cast<record *>(item);
        popped->pop_begin = begin;
        popped->pop_end = end;
        ++popped->times_popped;
      }
    });
  }
  for (size_t p = 0; p < kProducers; ++p) {
    threads.emplace_back([&, p] {
      for (size_t i = p * kPerProducer; i < (p + 1) * kPerProducer; ++i) {
        if (prioq_push(queue.get(), &records[i], records[i].priority) != PRIOQ_OK) {
          failures.fetch_add(1);
        }
        records[i].pushed = ticket();
      }
      producers_done.fetch_add(1);
    });
  }
  for (std::thread &thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0u);
  return records;
}

// Counts pops that overtook a higher-priority item queued before they began.
size_t count_overtakes(const std::vector<record> &records) {
  size_t overtakes = 0;
  for (int32_t lower = PRIOQ_PRIORITY_MEDIUM; lower < PRIOQ_PRIORITY_COUNT; ++lower) {
    // Higher-priority items by the time their push returned, with the
    // latest pop_begin among all items pushed up to each.
    std::vector<const record *> higher;
    for (const record &r : records) {
      if (r.priority < lower) higher.push_back(&r);
    }
    std::sort(higher.begin(), higher.end(),
              [](const record *a, const record *b) { return a->pushed < b->pushed; });
    std::vector<uint64_t> latest_pop_begin(higher.size());
    uint64_t latest = 0;
    for (size_t i = 0; i < higher.size(); ++i) {
      latest = std::max(latest, higher[i]->pop_begin);
      latest_pop_begin[i] = latest;
    }
    for (const record &r : records) {
      if (r.priority != lower) continue;
      // Higher items whose push returned before this pop began.
      const auto pushed_before =
          std::lower_bound(higher.begin(), higher.end(), r.pop_begin,
                           [](const record *h, uint64_t begin) { return h->pushed < begin; });
      if (pushed_before == higher.begin()) continue;
      const size_t last = static_cast<size_t>(pushed_before - higher.begin()) - 1;
      if (latest_pop_begin[last] > r.pop_end && overtakes++ == 0) {
        ADD_FAILURE() << "a pop returned a priority " << lower << " item (tickets " << r.pop_begin
                      << "-" << r.pop_end
                      << ") while a higher-priority item pushed before it began waited until "
                         "ticket "
                      << latest_pop_begin[last];
      }
    }
  }
  return overtakes;
}

TEST(StrictPriority, NoPopReturnsALowerItemWhileAHigherOnePushedBeforeItBeganWaits) {
  const std::vector<record> records = run_workload(kConsumers);
  for (const record &r : records) ASSERT_EQ(r.times_popped, 1u);
  EXPECT_EQ(count_overtakes(records), 0u);
}

TEST(StrictPriority, OneConsumerNeverOvertakesEither) {
  const std::vector<record> records = run_workload(1);
  for (const record &r : records) ASSERT_EQ(r.times_popped, 1u);
  EXPECT_EQ(count_overtakes(records), 0u);
}

}  // namespace
