// One task submitted to an idle pool (extra.idle_wake): how long until it
// starts, for every pool, with the submitting thread either spinning until
// the task starts (a thread that submits and keeps computing) or sleeping in
// 50 us steps. Before each sample the pool sits idle for 30 ms, so every
// worker has parked. A scheduler that makes a woken worker wait behind a
// busy submitter (a whole time slice) shows here as milliseconds.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "stats.h"

namespace bench {
namespace {

struct wake_task {
  bench_task task;
  std::atomic<uint64_t> started_ticks{0};
  std::atomic<uint32_t> runs{0};
  std::atomic<uint32_t> finishes{0};
};

void run_wake_task(bench_task *task) {
  auto *self = reinterpret_cast<wake_task *>(task);
  self->runs.fetch_add(1, std::memory_order_relaxed);
  self->started_ticks.store(os::ticks(), std::memory_order_release);
}
void finish_wake_task(bench_task *task, task_outcome outcome) {
  auto *self = reinterpret_cast<wake_task *>(task);
  if (outcome == task_outcome::done) self->finishes.fetch_add(1, std::memory_order_release);
}
const task_kind kWakeTaskKind{&run_wake_task, &finish_wake_task};

constexpr uint32_t kWorkers = 2;
constexpr uint32_t kIdleMs = 30;
constexpr uint32_t kGiveUpMs = 5000;

}  // namespace

bool run_idle_wake_probe(const probe_options &options, run_report *report, std::string *failure) {
  const uint32_t samples = options.quick ? 3 : 15;
  const double tick_us = 1e6 / static_cast<double>(os::tick_frequency());
  nlohmann::json rows = nlohmann::json::array();
  for (const std::string &name : options.pools) {
    pool_settings settings;
    settings.workers = kWorkers;
    std::unique_ptr<peer_pool> peer = make_peer(name, settings, failure);
    if (!peer || !peer->wait_until_ready(30000)) {
      if (failure->empty()) *failure = "idle-wake probe: " + name + " not ready";
      return false;
    }
    for (const bool spinning : {true, false}) {
      std::vector<double> waits;
      std::vector<std::unique_ptr<wake_task>> tasks;
      for (uint32_t sample = 0; sample < samples; ++sample) {
        std::this_thread::sleep_for(std::chrono::milliseconds(kIdleMs));
        tasks.push_back(std::make_unique<wake_task>());
        wake_task &task = *tasks.back();
        task.task.kind = &kWakeTaskKind;
        const uint64_t submitted = os::ticks();
        if (!peer->submit(&task.task, 0)) {
          *failure = "idle-wake probe: " + name + " refused a task";
          return false;
        }
        const uint64_t give_up = os::deadline_after_ms(kGiveUpMs);
        while (task.started_ticks.load(std::memory_order_acquire) == 0) {
          if (os::monotonic_ns() > give_up) break;
          if (spinning) {
            os::cpu_relax();
          } else {
            std::this_thread::sleep_for(std::chrono::microseconds(50));
          }
        }
        const uint64_t started = task.started_ticks.load(std::memory_order_acquire);
        if (started == 0) {
          *failure = "idle-wake probe: " + name + " did not start a task within 5 s";
          return false;
        }
        waits.push_back(static_cast<double>(started > submitted ? started - submitted : 0) *
                        tick_us);
      }
      if (!peer->shutdown()) {
        *failure = "idle-wake probe: " + name + " failed to shut down";
        return false;
      }
      // shutdown drains and joins: every task has its outcome now.
      for (const auto &task : tasks) {
        if (task->runs.load() != 1 || task->finishes.load() != 1 ||
            options.fault == injected_fault::wrong_checksum) {
          *failure = "idle-wake probe: " + name + ": a task did not run and finish exactly once";
          return false;
        }
      }
      std::sort(waits.begin(), waits.end());
      rows.push_back(nlohmann::json{{"pool", name},
                                    {"workers", kWorkers},
                                    {"submitter", spinning ? "spinning" : "sleeping"},
                                    {"samples", samples},
                                    {"p50_us", finite(percentile_of_sorted(waits, 50))},
                                    {"max_us", finite(waits.back())}});
      if (spinning) {
        // A fresh pool for the second mode, so both start from parked workers.
        peer.reset();
        peer = make_peer(name, settings, failure);
        if (!peer || !peer->wait_until_ready(30000)) {
          if (failure->empty()) *failure = "idle-wake probe: " + name + " not ready";
          return false;
        }
      }
    }
  }
  report->extra["idle_wake"] = rows;
  return true;
}

}  // namespace bench
