// prioq_close racing with producers and consumers: the queue must decide, for
// every push, either "accepted" (PRIOQ_OK, and then exactly one consumer pops
// the item before any consumer sees PRIOQ_E_CLOSED for good) or "refused"
// (PRIOQ_E_CLOSED, and then nobody ever pops it). This is the contract that
// tpool's CANCEL and DRAIN shutdowns stand on. The queue grows while the
// race runs (rings replaced under the producers' feet) and, in the aging
// variant, pops take the aging path.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "patience.h"
#include "prioq/prioq.h"
#include "queue_handle.h"
#include "stress_scale.h"

namespace {

using prioq_test::create_queue;

constexpr size_t kProducers = 4;
constexpr size_t kConsumers = 3;
constexpr size_t kRounds = 20;
constexpr size_t kPerProducer = prioq_test::kStressItems / 40 / kProducers;
constexpr size_t kBatchSize = 7;

struct slot {
  std::atomic<int> accepted{0};  // 1 if its push returned PRIOQ_OK
  std::atomic<int> popped{0};
};

// One race: producers push (singles or batches) until refused, the main
// thread closes the queue part-way, consumers pop with try_pop (like tpool's
// workers) until they see PRIOQ_E_CLOSED. Returns the number of bad slots.
size_t race_once(const prioq_config *config, bool batches, size_t close_after) {
  auto queue = create_queue(config);
  EXPECT_TRUE(queue);
  if (!queue) return 1;
  std::vector<slot> slots(kProducers * kPerProducer);
  std::atomic<size_t> pushed{0};
  std::vector<std::thread> threads;
  for (size_t producer = 0; producer < kProducers; ++producer) {
    threads.emplace_back([&, producer] {
      const size_t base = producer * kPerProducer;
      for (size_t i = 0; i < kPerProducer;) {
        const size_t count = batches ? std::min(kBatchSize, kPerProducer - i) : 1;
        prioq_item items[kBatchSize];
        for (size_t k = 0; k < count; ++k) {
          items[k] = {&slots[base + i + k], static_cast<int32_t>((base + i + k) % 3)};
        }
        const prioq_status status = count == 1 && !batches
                                        ? prioq_push(queue.get(), items[0].value, items[0].priority)
                                        : prioq_push_batch(queue.get(), items, count);
        if (status == PRIOQ_E_CLOSED) return;
        EXPECT_EQ(status, PRIOQ_OK);
        for (size_t k = 0; k < count; ++k) slots[base + i + k].accepted.store(1);
        pushed.fetch_add(count);
        i += count;
      }
    });
  }
  for (size_t consumer = 0; consumer < kConsumers; ++consumer) {
    threads.emplace_back([&] {
      for (;;) {
        void *item = nullptr;
        const prioq_status status = prioq_try_pop(queue.get(), &item, nullptr);
        if (status == PRIOQ_E_CLOSED) return;
        if (status == PRIOQ_E_EMPTY) {
          std::this_thread::yield();
          continue;
        }
        EXPECT_EQ(status, PRIOQ_OK);
        static_cast<slot *>(item)->popped.fetch_add(1);
      }
    });
  }
  EXPECT_TRUE(test_support::eventually([&] { return pushed.load() >= close_after; },
                                       test_support::kPatienceMs, true));
  EXPECT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  for (std::thread &thread : threads) thread.join();

  // The accepted flag is set after the push returns, so read it only now.
  size_t bad = 0;
  for (size_t i = 0; i < slots.size(); ++i) {
    const int accepted = slots[i].accepted.load();
    const int popped = slots[i].popped.load();
    if (popped != accepted) {
      if (++bad <= 5)
        ADD_FAILURE() << "item " << i << ": accepted " << accepted << ", popped " << popped;
    }
  }
  size_t left = 1;
  EXPECT_EQ(prioq_size(queue.get(), PRIOQ_PRIORITY_ALL, &left), PRIOQ_OK);
  EXPECT_EQ(left, 0u);
  return bad;
}

void race_many(const prioq_config *config, bool batches) {
  for (size_t round = 0; round < kRounds; ++round) {
    // Close at varying depths of the stream, from almost at once to late.
    const size_t close_after = (round + 1) * kProducers * kPerProducer / (kRounds + 2);
    ASSERT_EQ(race_once(config, batches, close_after), 0u) << "round " << round;
  }
}

TEST(CloseRace, EverySinglePushIsEitherPoppedOnceOrRefused) {
  race_many(nullptr, false);
}

TEST(CloseRace, EveryBatchPushIsEitherPoppedOnceOrRefused) {
  race_many(nullptr, true);
}

TEST(CloseRace, WithAgingEveryPushIsEitherPoppedOnceOrRefused) {
  prioq_config config = prioq_test::default_config();
  config.aging_threshold_ms = 1;
  race_many(&config, true);
}

}  // namespace
