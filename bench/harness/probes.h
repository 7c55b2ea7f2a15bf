// Extended measurements beyond throughput, written into benchmarks.json
// (`latency`, `starvation`, `extra`). Each probe validates every task it
// submits; a validation failure fails the whole run like a scenario would.
#ifndef TPOOL_BENCH_HARNESS_PROBES_H
#define TPOOL_BENCH_HARNESS_PROBES_H

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "peer_pool.h"
#include "run_report.h"
#include "validation.h"

namespace bench {

struct probe_options {
  bool quick = false;
  injected_fault fault = injected_fault::none;
  // Pools for the cross-pool probes: tpool first, then every compared pool
  // (thread_per_task is never one: it has no queue).
  std::vector<std::string> pools;
};

// Latency versus load (offered_load_probe.cpp): per pool, load (50, 80, 90
// and 95% of the pool's own capacity from the comparison suite's
// cmp/w<cores>/i2048 cell, and one rate common to all) and priority, the
// time from each task's scheduled arrival to its start. Fills
// report->latency and report->latency_method; leaves them empty when the
// comparison suite did not run.
bool run_offered_load_probe(const probe_options &options, run_report *report, std::string *failure);

// One sample of the start latency of a HIGH task submitted behind low_tasks
// LOW tasks of `iterations`, by this thread, into a fresh, idle pool of
// `workers` workers; every task validated. The comparison suite's
// high_behind_low kind repeats it.
struct high_behind_low_result {
  uint64_t wait_ticks = 0;  // the HIGH task's start minus its submit
  uint64_t tasks = 0;
  validated_totals totals;
};
bool high_behind_low_sample(const std::string &pool_name, uint32_t workers, size_t low_tasks,
                            uint32_t iterations, injected_fault fault,
                            high_behind_low_result *result, std::string *failure);

// tpool only: longest wait of LOW tasks under a saturating HIGH stream vs the
// configured starvation bound.
bool run_starvation_probe(const probe_options &options, run_report *report, std::string *failure);

// tpool only: tpool_cancel_all over many queued tasks and tpool_job_cancel per
// job handle.
bool run_cancellation_probe(const probe_options &options, run_report *report, std::string *failure);

// tpool only: time to grow from 1 to 4 workers under blocking tasks, and time
// to reap them back to 1 after idle_timeout_ms.
bool run_growth_probe(const probe_options &options, run_report *report, std::string *failure);

// Parallel loops: tpool_parallel_for beside oneTBB's parallel_for (native),
// one tpool job per worker, and inline, over a small and a 2,048-iteration
// body (extra.parallel_loop).
bool run_parallel_loop_probe(const probe_options &options, run_report *report,
                             std::string *failure);

// One task submitted to an idle pool, every pool, the submitter spinning or
// sleeping until it starts (extra.idle_wake).
bool run_idle_wake_probe(const probe_options &options, run_report *report, std::string *failure);

// tpool only: timer lateness (start minus due time) with 1,000 and 100,000
// armed timers, and the process CPU of 10,000 idle armed timers
// (extra.timers; timer_probe.cpp).
bool run_timer_probe(const probe_options &options, run_report *report, std::string *failure);

// A task that blocks its worker until the gate opens (probes only).
struct gate_task {
  bench_task task;
  std::atomic<uint32_t> *gate = nullptr;
  std::atomic<uint32_t> started{0};
  std::atomic<uint32_t> completed{0};
  std::atomic<uint32_t> succeeded{0};
};
extern const task_kind kGateTaskKind;
void open_gate(std::atomic<uint32_t> *gate);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_PROBES_H
