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
  std::vector<std::string> pools;  // pools for the cross-pool probes (tpool first)
};

// Per-priority queue-wait percentiles from per-task submit/start stamps
// (throughput/w4/i2048/uniform), and the start latency of one HIGH task
// submitted behind a flood of LOW tasks.
bool run_latency_probe(const probe_options &options, run_report *report, std::string *failure);

// tpool only: longest wait of LOW tasks under a saturating HIGH stream vs the
// configured starvation bound.
bool run_starvation_probe(const probe_options &options, run_report *report, std::string *failure);

// tpool only: tpool_cancel_all over many queued tasks and tpool_job_cancel per
// job handle.
bool run_cancellation_probe(const probe_options &options, run_report *report, std::string *failure);

// tpool only: time to grow from 1 to 4 workers under blocking tasks, and time
// to reap them back to 1 after idle_timeout_ms.
bool run_growth_probe(const probe_options &options, run_report *report, std::string *failure);

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
