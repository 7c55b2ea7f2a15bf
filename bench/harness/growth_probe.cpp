// Growth and reaping: a pool with min 1 / max 4 workers receives 4 tasks that
// block until released. Growth time runs from just before the first submit
// until tpool_get_stats reports 4 live workers; reap time runs from the
// moment every task finished until it reports 1 live worker again (it
// includes idle_timeout_ms, reported alongside).
#include <tpool/tpool.h>

#include <memory>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "tpool_peer.h"

namespace bench {
namespace {

constexpr uint32_t kMaxWorkers = 4;
constexpr uint32_t kIdleTimeoutMs = 50;
constexpr uint64_t kDeadlineNs = 10000000000ull;

// Polls until workers_live == target; returns the elapsed ns or 0 on timeout.
uint64_t wait_live_workers(tpool_pool *pool, uint32_t target, uint64_t since) {
  for (;;) {
    tpool_stats stats{};
    stats.struct_size = sizeof(stats);
    const uint64_t now = os::monotonic_ns();
    if (tpool_get_stats(pool, &stats) == TPOOL_OK && stats.workers_live == target) {
      return now - since;
    }
    if (now - since > kDeadlineNs) return 0;
    os::yield_thread();
  }
}

}  // namespace

bool run_growth_probe(const probe_options &options, run_report *report, std::string *failure) {
  pool_settings settings;
  settings.workers = 1;
  settings.max_workers = kMaxWorkers;
  settings.idle_timeout_ms = kIdleTimeoutMs;
  std::unique_ptr<peer_pool> peer = make_peer("tpool", settings, failure);
  if (!peer || !peer->wait_until_ready(30000)) {
    if (failure->empty()) *failure = "growth probe: pool not ready";
    return false;
  }
  tpool_pool *pool = tpool_handle(peer.get());

  std::atomic<uint32_t> gate_word{0};
  gate_task tasks[kMaxWorkers];
  const uint64_t grow_start = os::monotonic_ns();
  for (gate_task &task : tasks) {
    task.task.kind = &kGateTaskKind;
    task.gate = &gate_word;
    peer->submit(&task.task, 1);
  }
  const uint64_t grow_ns = wait_live_workers(pool, kMaxWorkers, grow_start);
  open_gate(&gate_word);
  const bool idle = tpool_wait_idle(pool, 60000) == TPOOL_OK;
  const uint64_t reap_start = os::monotonic_ns();
  const uint64_t reap_ns = idle ? wait_live_workers(pool, 1, reap_start) : 0;
  peer->shutdown();
  peer.reset();

  for (const gate_task &task : tasks) {
    if (task.started.load() != 1 || task.completed.load() != 1 || task.succeeded.load() != 1) {
      *failure = "growth probe: a blocking task did not run and complete exactly once";
      return false;
    }
  }
  if (!idle || options.fault == injected_fault::wrong_checksum) {
    *failure = idle ? "growth probe: injected fault" : "growth probe: pool never became idle";
    return false;
  }
  report->extra["growth"] = nlohmann::json{
      {"pool", "tpool"},
      {"min_workers", 1},
      {"max_workers", kMaxWorkers},
      {"blocking_tasks", kMaxWorkers},
      {"grew", grow_ns != 0},
      {"growth_ms", grow_ns != 0 ? nlohmann::json(finite(static_cast<double>(grow_ns) / 1e6))
                                 : nlohmann::json(nullptr)},
      {"idle_timeout_ms", kIdleTimeoutMs},
      {"reaped", reap_ns != 0},
      {"reap_ms", reap_ns != 0 ? nlohmann::json(finite(static_cast<double>(reap_ns) / 1e6))
                               : nlohmann::json(nullptr)}};
  return true;
}

}  // namespace bench
