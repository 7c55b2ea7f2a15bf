// What a diagnostics snapshot costs the caller: tpool_get_stats and
// tpool_get_worker_stats on an 8-worker pool, idle and with every worker
// running jobs (target: under 1 us per snapshot with 8 workers).
//
// Timed in the calling thread's CPU time, not wall time: with 8 busy
// workers on a 2-core machine the benchmark thread is descheduled often, and
// those gaps are the scheduler's, not the snapshot's. Busy workers write
// their counters all the time, so most of a busy snapshot's loads miss.
#include <benchmark/benchmark.h>
#include <tpool/tpool.h>

#include <atomic>
#include <cstdint>

#include "workload.h"

namespace {

constexpr uint32_t kWorkers = 8;
constexpr uint32_t kSnapshotsPerCheck = 256;
constexpr uint64_t kLowWater = 4 * kWorkers;  // queued jobs before a top-up
constexpr uint32_t kTopUp = 16 * kWorkers;

std::atomic<uint64_t> g_sink{0};

void TPOOL_CALL compute_job(void *context, tpool_job_info *) {
  const uint64_t seed = reinterpret_cast<uintptr_t>(context);
  g_sink.fetch_add(bench::compute_checksum(seed, 2048), std::memory_order_relaxed);
}

uint64_t queued(const tpool_stats &stats) {
  uint64_t total = 0;
  for (const tpool_priority_stats &level : stats.priority) total += level.queued;
  return total;
}

bool top_up(tpool_pool *pool, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    void *seed = reinterpret_cast<void *>(static_cast<uintptr_t>(i + 1));
    if (tpool_submit(pool, &compute_job, seed, static_cast<int32_t>(i % 3), nullptr) != TPOOL_OK) {
      return false;
    }
  }
  return true;
}

// Busy: workers run 2,048-iteration jobs throughout; the benchmark thread
// keeps at least kLowWater queued, checked every kSnapshotsPerCheck
// snapshots (the check is one more snapshot, counted like the others).
template <bool Busy, bool PerWorker>
void snapshot(benchmark::State &state) {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = kWorkers;
  config.max_workers = kWorkers;
  tpool_pool *pool = nullptr;
  if (tpool_create(&config, &pool) != TPOOL_OK) {
    state.SkipWithError("tpool_create failed");
    return;
  }
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  tpool_worker_stats workers[kWorkers] = {};
  for (tpool_worker_stats &each : workers) each.struct_size = sizeof(each);
  bool ok = !Busy || top_up(pool, kTopUp);
  uint64_t snapshots = 0;
  for (auto _ : state) {
    for (uint32_t i = 0; i < kSnapshotsPerCheck; ++i) {
      if (PerWorker) {
        size_t filled = 0;
        ok &= tpool_get_worker_stats(pool, workers, kWorkers, &filled) == TPOOL_OK;
      } else {
        ok &= tpool_get_stats(pool, &stats) == TPOOL_OK;
      }
      benchmark::DoNotOptimize(stats);
      benchmark::DoNotOptimize(workers);
    }
    snapshots += kSnapshotsPerCheck;
    if (Busy) {
      state.PauseTiming();
      ok &= tpool_get_stats(pool, &stats) == TPOOL_OK;
      if (queued(stats) < kLowWater) ok &= top_up(pool, kTopUp);
      state.ResumeTiming();
    }
  }
  tpool_shutdown(pool, TPOOL_SHUTDOWN_CANCEL, TPOOL_INFINITE);
  tpool_destroy(pool);
  if (!ok) state.SkipWithError("a snapshot or submit failed");
  state.SetItemsProcessed(static_cast<int64_t>(snapshots));
}

}  // namespace

BENCHMARK_TEMPLATE(snapshot, false, false)->Name("Tpool/StatsSnapshot/8workers/idle");
BENCHMARK_TEMPLATE(snapshot, true, false)->Name("Tpool/StatsSnapshot/8workers/busy");
BENCHMARK_TEMPLATE(snapshot, false, true)->Name("Tpool/WorkerStatsSnapshot/8workers/idle");
BENCHMARK_TEMPLATE(snapshot, true, true)->Name("Tpool/WorkerStatsSnapshot/8workers/busy");
