// tpool (public C ABI) against the baseline pool (one lock, three deques,
// one semaphore release per task), plus the inline rate of the same workload.
// Items are tasks; times are wall-clock (UseRealTime) because the work runs
// on the pools' threads.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "bench_os.h"
#include "counting_task.h"
#include "peer_pool.h"
#include "workload.h"

namespace {

constexpr char kTpool[] = "tpool";
constexpr char kBaseline[] = "baseline";
constexpr int kTasksPerIteration = 1000;
constexpr int kBatchTasks = 10000;

std::unique_ptr<bench::peer_pool> start_pool(const char *name, uint32_t workers,
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
template <const char *Pool>
void one_producer(benchmark::State &state) {
  auto pool = start_pool(Pool, static_cast<uint32_t>(state.range(0)), state);
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
template <const char *Pool>
std::unique_ptr<bench::peer_pool> &shared_pool() {
  static std::unique_ptr<bench::peer_pool> pool;
  return pool;
}

template <const char *Pool>
void create_shared_pool(const benchmark::State &) {
  bench::pool_settings settings;
  settings.workers = 8;
  std::string error;
  shared_pool<Pool>() = bench::make_peer(Pool, settings, &error);
  if (shared_pool<Pool>()) shared_pool<Pool>()->wait_until_ready(30000);
}

template <const char *Pool>
void destroy_shared_pool(const benchmark::State &) {
  if (shared_pool<Pool>()) shared_pool<Pool>()->shutdown();
  shared_pool<Pool>().reset();
}

template <const char *Pool>
void many_producers(benchmark::State &state) {
  bench::peer_pool *pool = shared_pool<Pool>().get();
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

void worker_counts(benchmark::internal::Benchmark *b, int64_t iterations) {
  for (int64_t workers : {1, 2, 4, 8}) b->Args({workers, iterations});
  b->ArgNames({"workers", "iters"});
}

}  // namespace

BENCHMARK_TEMPLATE(one_producer, kTpool)
    ->Name("Tpool/Minimal/1producer")
    ->Apply([](benchmark::internal::Benchmark *b) { worker_counts(b, 0); })
    ->UseRealTime();
BENCHMARK_TEMPLATE(one_producer, kBaseline)
    ->Name("Baseline/Minimal/1producer")
    ->Apply([](benchmark::internal::Benchmark *b) { worker_counts(b, 0); })
    ->UseRealTime();
BENCHMARK_TEMPLATE(many_producers, kTpool)
    ->Name("Tpool/Minimal/16producers_8workers")
    ->Threads(16)
    ->UseRealTime()
    ->Setup(create_shared_pool<kTpool>)
    ->Teardown(destroy_shared_pool<kTpool>);
BENCHMARK_TEMPLATE(many_producers, kBaseline)
    ->Name("Baseline/Minimal/16producers_8workers")
    ->Threads(16)
    ->UseRealTime()
    ->Setup(create_shared_pool<kBaseline>)
    ->Teardown(destroy_shared_pool<kBaseline>);
BENCHMARK_TEMPLATE(one_producer, kTpool)
    ->Name("Tpool/Compute2048/1producer")
    ->Apply([](benchmark::internal::Benchmark *b) { worker_counts(b, 2048); })
    ->UseRealTime();
BENCHMARK_TEMPLATE(one_producer, kBaseline)
    ->Name("Baseline/Compute2048/1producer")
    ->Apply([](benchmark::internal::Benchmark *b) { worker_counts(b, 2048); })
    ->UseRealTime();
BENCHMARK(BM_InlineCompute)->Name("Inline/Compute2048");
// The machine's own parallel ceiling for the compute target: the same work
// on 2 independent threads, no pool. min(workers, cores) x the inline rate
// assumes this is 2x; on a shared VM it may not be.
BENCHMARK(BM_InlineCompute)->Name("Inline/Compute2048")->Threads(2)->UseRealTime();
BENCHMARK_TEMPLATE(tpool_submit_10k, true)->Name("Tpool/Submit10k/batch")->UseRealTime();
BENCHMARK_TEMPLATE(tpool_submit_10k, false)->Name("Tpool/Submit10k/each")->UseRealTime();
