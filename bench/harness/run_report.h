// Everything one run produced: the environment, the plan, every validated
// row and the probes' results. The writers are in csv_writer.h and
// json_report.h (formats: docs/benchmark-schema.md).
#ifndef TPOOL_BENCH_HARNESS_RUN_REPORT_H
#define TPOOL_BENCH_HARNESS_RUN_REPORT_H

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "environment.h"
#include "observation.h"
#include "source_manifest.h"
#include "stats.h"

namespace bench {

// RSD above this many percent marks a scenario as noisy (rsd_warning).
inline constexpr double kRsdWarningPct = 10.0;

// Latency at a fixed offered load, one pool, load and priority: from each
// task's scheduled arrival to its start (offered_load_probe.cpp).
struct latency_entry {
  std::string pool;
  double load_pct = 0;  // offered load, percent of this pool's own capacity
  bool common = false;  // the rate every pool is offered alike
  double offered_tasks_per_s = 0;
  std::string priority;  // "high" | "medium" | "low"
  uint64_t samples = 0;
  double p50_us = 0, p90_us = 0, p99_us = 0, p999_us = 0, max_us = 0;
  bool generator_fell_behind = false;  // the producer missed its schedule
};

// One pool of one comparison cell (comparison_suite.h).
struct comparison_pool_result {
  std::string pool;
  uint64_t tasks = 0;  // calibrated units per repetition (tasks, forks or elements)
  uint64_t units = 0;  // what the runner was asked for (tasks, runs or elements)
  bool capped = false;
  uint64_t calibration_units = 0;
  double calibration_ms = 0;
  std::string submission;       // batch cell: the pool's batch call or "one by one"
  std::vector<double> samples;  // the cell's metric, one per measured repetition
  summary stats;
  bool flagged = false;
};

// tpool against one other pool of a cell; ratio > 1 means tpool is better.
struct comparison_ratio {
  std::string pool;
  ratio_interval interval;
  std::string verdict;
};

struct comparison_cell_result {
  std::string id;
  std::string kind;  // CSV kind value
  std::string title;
  uint32_t workers = 0;
  std::string workers_label;
  uint32_t producers = 0;
  uint32_t iterations = 0;
  std::string mix;
  std::string metric;
  std::string unit;
  bool higher_is_better = true;
  uint32_t repetitions = 0;
  double started_s = 0;
  double finished_s = 0;
  std::vector<comparison_pool_result> pools;  // tpool first
  std::optional<comparison_ratio> best_other;
  std::vector<comparison_ratio> vs;
  bool flagged = false;
  std::vector<std::string> notes;
  std::vector<observation> rows;  // CSV rows, suite "comparison" (not of discarded tries)
  // The cache-line hand-off readings just before and just after this try.
  std::optional<double> handoff_before_ns;
  std::optional<double> handoff_after_ns;
  // Earlier tries that ran across a machine phase change and were measured
  // again (comparison_plan.h, wants_another_try), oldest first. Kept whole:
  // nothing measured is hidden, but neither their rows nor their ratios
  // count.
  std::vector<comparison_cell_result> discarded_tries;
};

struct comparison_method {
  double target_ms = 0;
  uint64_t min_tasks = 0;
  uint64_t max_tasks = 0;
  uint64_t task_granule = 0;
  uint32_t warmups = 0;
  uint32_t repetitions = 0;
  uint32_t max_repetitions = 0;
  double rsd_limit_pct = 0;
  bootstrap_settings bootstrap;
  bool quick = false;
};

// One cache-line hand-off reading (machine_probe.h) and when it was taken.
struct handoff_reading {
  std::string at;  // e.g. "before reference and extended suites"
  double elapsed_s = 0;
  std::optional<double> handoff_ns;
};

struct run_report {
  std::string captured_utc;
  std::string platform;  // x64 | Win32 | linux-x64
  environment_info environment;
  std::vector<source_entry> sources;
  size_t sources_missing = 0;
  bool quick = false;
  uint32_t warmups = 0;
  uint32_t repetitions = 0;
  uint32_t peer_warmups = 0;
  uint32_t peer_repetitions = 0;
  size_t expected_reference_rows = 0;
  std::vector<std::string> peers;  // pools compared in the extended suite
  std::vector<std::string> notes;  // deviations from the default plan, in words
  std::vector<scenario_result> results;
  std::vector<latency_entry> latency;
  nlohmann::json latency_method;  // how latency was measured; null when not measured
  // Per pool measured: whether it runs HIGH before MEDIUM before LOW.
  std::map<std::string, bool> honours_priorities;
  nlohmann::json starvation;  // null when not measured
  nlohmann::json extra = nlohmann::json::object();
  // The comparison suite; ran = false when not run (--reference-only, --filter).
  bool comparison_ran = false;
  comparison_method comparison;
  std::vector<std::string> comparison_pools;
  std::vector<comparison_cell_result> comparison_cells;
  std::vector<handoff_reading> handoff_readings;
};

// All measured rows: the reference and extended suites' in execution order
// of scenarios (grouped per scenario), then the comparison suite's per cell.
std::vector<const observation *> all_rows(const run_report &report);
// Rows of the reference suite (suite == "reference").
size_t reference_rows(const run_report &report);

// A finite double for the outputs (NaN and infinities become 0).
double finite(double value);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_RUN_REPORT_H
