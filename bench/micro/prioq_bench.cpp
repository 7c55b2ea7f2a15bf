// prioq through its C API against a std::mutex + three std::deque queue built
// into this binary. Items are operations: every push and every pop counts
// once.
#include <benchmark/benchmark.h>
#include <prioq/prioq.h>

#include <cstdint>

#include "bench_os.h"
#include "mutex_deque_queue.h"

namespace {

constexpr int kBurst = 1024;
// Contended runs: threads 0..producers-1 push, the others pop (4 x 4, and
// 1 x 1 for the hand-off between two cores).
constexpr int kProducers = 4;
// Queue depth the steady contended runs hold: 16 bursts.
constexpr size_t kSteadyBacklog = 16 * kBurst;

void *item_for(int i) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(i + 1));
}

// Uniform adapters so each benchmark body exists once.
struct prioq_adapter {
  prioq_queue *queue = nullptr;
  prioq_adapter() { prioq_create(nullptr, &queue); }
  ~prioq_adapter() { prioq_destroy(queue); }
  bool push(void *item, int32_t priority) { return prioq_push(queue, item, priority) == PRIOQ_OK; }
  bool try_pop(void **item) { return prioq_try_pop(queue, item, nullptr) == PRIOQ_OK; }
  size_t size() {
    size_t total = 0;
    prioq_size(queue, PRIOQ_PRIORITY_ALL, &total);
    return total;
  }
};

struct mutex_adapter {
  bench::mutex_deque_queue queue;
  bool push(void *item, int32_t priority) {
    queue.push(item, priority);
    return true;
  }
  bool try_pop(void **item) { return queue.try_pop(item); }
  size_t size() { return queue.size(); }
};

template <typename Queue>
void push_pop_single_thread(benchmark::State &state) {
  Queue queue;
  void *out = nullptr;
  uint64_t failures = 0;
  for (auto _ : state) {
    for (int i = 0; i < kBurst; ++i) failures += queue.push(item_for(i), i % 3) ? 0 : 1;
    for (int i = 0; i < kBurst; ++i) failures += queue.try_pop(&out) ? 0 : 1;
    benchmark::DoNotOptimize(out);
  }
  if (failures != 0) state.SkipWithError("a push or pop failed");
  state.SetItemsProcessed(state.iterations() * 2 * kBurst);
}

template <typename Queue>
Queue *&shared_queue() {
  static Queue *queue = nullptr;
  return queue;
}

template <typename Queue>
void create_shared(const benchmark::State &) {
  shared_queue<Queue>() = new Queue();
}

template <typename Queue>
void destroy_shared(const benchmark::State &) {
  delete shared_queue<Queue>();
  shared_queue<Queue>() = nullptr;
}

// Producers push kBurst items per iteration, consumers pop kBurst; every
// thread runs the same number of iterations, so pushes and pops balance.
// max_backlog 0: producers run ahead freely (the backlog then reaches
// millions of items, so the run measures memory as much as contention);
// otherwise a producer starts a burst only while at most max_backlog items
// are queued, which keeps both queues at a steady, cache-sized depth. Checked
// once per burst, so the check costs both queues the same and little.
template <typename Queue>
void contended(benchmark::State &state, int producers, size_t max_backlog) {
  Queue &queue = *shared_queue<Queue>();
  const bool producer = state.thread_index() < producers;
  void *out = nullptr;
  uint64_t failures = 0;
  for (auto _ : state) {
    if (producer) {
      if (max_backlog != 0) {
        while (queue.size() > max_backlog) bench::os::yield_thread();
      }
      for (int i = 0; i < kBurst; ++i) failures += queue.push(item_for(i), i % 3) ? 0 : 1;
    } else {
      for (int i = 0; i < kBurst; ++i) {
        while (!queue.try_pop(&out)) bench::os::yield_thread();
      }
    }
  }
  if (failures != 0) state.SkipWithError("a push failed");
  state.SetItemsProcessed(state.iterations() * kBurst);
}

void BM_PrioqPushPopSingleThread(benchmark::State &state) {
  push_pop_single_thread<prioq_adapter>(state);
}
void BM_MutexDequePushPopSingleThread(benchmark::State &state) {
  push_pop_single_thread<mutex_adapter>(state);
}
void BM_PrioqContended4x4(benchmark::State &state) {
  contended<prioq_adapter>(state, kProducers, 0);
}
void BM_MutexDequeContended4x4(benchmark::State &state) {
  contended<mutex_adapter>(state, kProducers, 0);
}
void BM_PrioqContended4x4Steady(benchmark::State &state) {
  contended<prioq_adapter>(state, kProducers, kSteadyBacklog);
}
void BM_MutexDequeContended4x4Steady(benchmark::State &state) {
  contended<mutex_adapter>(state, kProducers, kSteadyBacklog);
}
void BM_PrioqOneProducerOneConsumer(benchmark::State &state) {
  contended<prioq_adapter>(state, 1, kSteadyBacklog);
}
void BM_MutexDequeOneProducerOneConsumer(benchmark::State &state) {
  contended<mutex_adapter>(state, 1, kSteadyBacklog);
}

// Contended runs: producers and as many consumers sharing one queue built
// before and destroyed after the run.
template <typename Queue, int Producers>
void contended_settings(benchmark::internal::Benchmark *b) {
  b->Threads(2 * Producers)
      ->UseRealTime()
      ->Setup(create_shared<Queue>)
      ->Teardown(destroy_shared<Queue>);
}

}  // namespace

BENCHMARK(BM_PrioqPushPopSingleThread);
BENCHMARK(BM_MutexDequePushPopSingleThread);
BENCHMARK(BM_PrioqContended4x4)->Apply(contended_settings<prioq_adapter, kProducers>);
BENCHMARK(BM_MutexDequeContended4x4)->Apply(contended_settings<mutex_adapter, kProducers>);
BENCHMARK(BM_PrioqContended4x4Steady)->Apply(contended_settings<prioq_adapter, kProducers>);
BENCHMARK(BM_MutexDequeContended4x4Steady)->Apply(contended_settings<mutex_adapter, kProducers>);
BENCHMARK(BM_PrioqOneProducerOneConsumer)->Apply(contended_settings<prioq_adapter, 1>);
BENCHMARK(BM_MutexDequeOneProducerOneConsumer)->Apply(contended_settings<mutex_adapter, 1>);
