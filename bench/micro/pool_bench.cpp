// tpool (public C ABI) against every other pool this binary has
// (peer_registry.cpp: baseline, naive, asio, moodycamel, tbb where built),
// plus the inline rate of the same workload. Items are tasks; times are
// wall-clock (UseRealTime) because the work runs on the pools' threads. The
// pools are registered at start-up, family by family, from the registry, so
// a peer added there is measured here too.
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench_os.h"
#include "counting_task.h"
#include "peer_pool.h"
#include "workload.h"

namespace {

constexpr char kTpool[] = "tpool";
constexpr int kTasksPerIteration = 1000;
constexpr int kBatchTasks = 10000;
// Registry slots for the shared-pool benchmarks (Setup and Teardown take a
// plain function, so each slot is one instantiation). More than any build has.
constexpr size_t kMaxPools = 8;

// Every pool of the registry but thread_per_task (1,000 thread starts per
// iteration would measure the OS, not a pool), tpool first.
const std::vector<std::string> &compared_pools() {
  static const std::vector<std::string> pools = [] {
    std::vector<std::string> names;
    for (const std::string &name : bench::available_peers()) {
      if (name != "thread_per_task" && names.size() < kMaxPools) names.push_back(name);
    }
    return names;
  }();
  return pools;
}

// "tpool" -> "Tpool": the benchmark name's first part.
std::string display_name(const std::string &pool) {
  std::string shown = pool;
  if (!shown.empty() && shown[0] >= 'a' && shown[0] <= 'z')
    shown[0] = static_cast<char>(shown[0] - 'a' + 'A');
  return shown;
}

std::unique_ptr<bench::peer_pool> start_pool(const std::string &name, uint32_t workers,
                                             benchmark::State &state) {
  bench::pool_settings settings;
  settings.workers = workers;
  std::string error;
  std::unique_ptr<bench::peer_pool> pool = bench::make_peer(name, settings, &error);
  if (!pool || !pool->wait_until_ready(30000)) {
    state.SkipWithError(error.empty() ? "pool not ready" : error.c_str());
    return nullptr;
  }
  return pool;
}

// One producer (the benchmark thread) submits kTasksPerIteration tasks and
// waits for all of them; workers = range(0); iterations = range(1).
void one_producer(benchmark::State &state, const std::string &pool_name) {
  auto pool = start_pool(pool_name, static_cast<uint32_t>(state.range(0)), state);
  if (!pool) return;
  bench::counting_task task(static_cast<uint32_t>(state.range(1)));
  uint64_t submitted = 0;
  for (auto _ : state) {
    for (int i = 0; i < kTasksPerIteration; ++i) {
      if (pool->submit(&task.task, i % 3)) ++submitted;
    }
    task.wait_finished(submitted);
  }
  pool->shutdown();
  state.SetItemsProcessed(static_cast<int64_t>(submitted));
}

// 16 benchmark threads share one 8-worker pool; each waits for its own tasks.
std::array<std::unique_ptr<bench::peer_pool>, kMaxPools> &shared_pools() {
  static std::array<std::unique_ptr<bench::peer_pool>, kMaxPools> pools;
  return pools;
}

template <size_t Slot>
void create_shared_pool(const benchmark::State &) {
  bench::pool_settings settings;
  settings.workers = 8;
  std::string error;
  shared_pools()[Slot] = bench::make_peer(compared_pools()[Slot], settings, &error);
  if (shared_pools()[Slot] && !shared_pools()[Slot]->wait_until_ready(30000)) {
    shared_pools()[Slot].reset();
  }
}

template <size_t Slot>
void destroy_shared_pool(const benchmark::State &) {
  if (shared_pools()[Slot]) shared_pools()[Slot]->shutdown();
  shared_pools()[Slot].reset();
}

void many_producers(benchmark::State &state, size_t slot) {
  bench::peer_pool *pool = shared_pools()[slot].get();
  if (pool == nullptr) {
    state.SkipWithError("pool did not start");
    return;
  }
  bench::counting_task task(0);
  uint64_t submitted = 0;
  for (auto _ : state) {
    for (int i = 0; i < kTasksPerIteration / 10; ++i) {
      if (pool->submit(&task.task, i % 3)) ++submitted;
    }
    task.wait_finished(submitted);
  }
  state.SetItemsProcessed(static_cast<int64_t>(submitted));
}

// Apply() takes a plain function: one per iteration count.
void worker_counts(benchmark::internal::Benchmark *b, int64_t iterations) {
  for (int64_t workers : {1, 2, 4, 8}) b->Args({workers, iterations});
  b->ArgNames({"workers", "iters"});
}
void minimal_worker_counts(benchmark::internal::Benchmark *b) {
  worker_counts(b, 0);
}
void compute_worker_counts(benchmark::internal::Benchmark *b) {
  worker_counts(b, 2048);
}

template <size_t Slot>
void register_many_producers() {
  if (Slot >= compared_pools().size()) return;
  const std::string name = display_name(compared_pools()[Slot]) + "/Minimal/16producers_8workers";
  benchmark::RegisterBenchmark(name.c_str(),
                               [](benchmark::State &state) { many_producers(state, Slot); })
      ->Threads(16)
      ->UseRealTime()
      ->Setup(create_shared_pool<Slot>)
      ->Teardown(destroy_shared_pool<Slot>);
}

template <size_t... Slots>
void register_all_many_producers(std::index_sequence<Slots...>) {
  (register_many_producers<Slots>(), ...);
}

void register_one_producer(const char *family,
                           void (*arguments)(benchmark::internal::Benchmark *)) {
  for (const std::string &pool : compared_pools()) {
    const std::string name = display_name(pool) + family;
    benchmark::RegisterBenchmark(name.c_str(),
                                 [pool](benchmark::State &state) { one_producer(state, pool); })
        ->Apply(arguments)
        ->UseRealTime();
  }
}

// Families in the order they are reported: minimal tasks with one producer,
// with 16 producers, then compute-bound tasks with one producer.
const bool kPoolsRegistered = [] {
  register_one_producer("/Minimal/1producer", minimal_worker_counts);
  register_all_many_producers(std::make_index_sequence<kMaxPools>{});
  register_one_producer("/Compute2048/1producer", compute_worker_counts);
  return true;
}();

void BM_InlineCompute(benchmark::State &state) {
  uint64_t sink = 0;
  uint64_t id = 0;
  for (auto _ : state) {
    for (int i = 0; i < kTasksPerIteration; ++i) sink += bench::compute_checksum(++id, 2048);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * kTasksPerIteration);
}

// Submission cost of 10,000 minimal tasks: one tpool_submit_batch call vs
// 10,000 single submits. Only the submit calls are timed; draining is not.
template <bool Batch>
void tpool_submit_10k(benchmark::State &state) {
  auto pool = start_pool(kTpool, bench::os::logical_cpu_count(), state);
  if (!pool) return;
  bench::counting_task task(0);
  std::vector<bench::bench_task *> tasks(kBatchTasks, &task.task);
  std::vector<int32_t> priorities(kBatchTasks);
  for (int i = 0; i < kBatchTasks; ++i) priorities[i] = i % 3;
  uint64_t submitted = 0;
  for (auto _ : state) {
    if (Batch) {
      submitted += pool->submit_batch(tasks.data(), priorities.data(), kBatchTasks);
    } else {
      for (int i = 0; i < kBatchTasks; ++i)
        submitted += pool->submit(&task.task, priorities[i]) ? 1 : 0;
    }
    state.PauseTiming();
    task.wait_finished(submitted);
    state.ResumeTiming();
  }
  pool->shutdown();
  if (submitted != static_cast<uint64_t>(state.iterations()) * kBatchTasks) {
    state.SkipWithError("a submit was rejected");
  }
  state.SetItemsProcessed(static_cast<int64_t>(submitted));
}

}  // namespace

BENCHMARK(BM_InlineCompute)->Name("Inline/Compute2048");
// The machine's own parallel ceiling for the compute target: the same work
// on 2 independent threads, no pool. min(workers, cores) x the inline rate
// assumes this is 2x; on a shared VM it may not be.
BENCHMARK(BM_InlineCompute)->Name("Inline/Compute2048")->Threads(2)->UseRealTime();
BENCHMARK_TEMPLATE(tpool_submit_10k, true)->Name("Tpool/Submit10k/batch")->UseRealTime();
BENCHMARK_TEMPLATE(tpool_submit_10k, false)->Name("Tpool/Submit10k/each")->UseRealTime();
