// Everything one run produced: the environment, the plan, every validated
// row and the probes' results. The writers are in csv_writer.h and
// json_report.h (formats: docs/benchmark-schema.md).
#ifndef TPOOL_BENCH_HARNESS_RUN_REPORT_H
#define TPOOL_BENCH_HARNESS_RUN_REPORT_H

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "environment.h"
#include "observation.h"
#include "source_manifest.h"

namespace bench {

// RSD above this many percent marks a scenario as noisy (rsd_warning).
inline constexpr double kRsdWarningPct = 10.0;

// Latency at a fixed offered load, one pool, load and priority: from each
// task's scheduled arrival to its start (offered_load_probe.cpp).
struct latency_entry {
  std::string pool;
  int load_pct = 0;  // offered load, percent of the slowest pool's capacity
  double offered_tasks_per_s = 0;
  std::string priority;  // "high" | "medium" | "low"
  uint64_t samples = 0;
  double p50_us = 0, p90_us = 0, p99_us = 0, p999_us = 0, max_us = 0;
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
};

// All measured rows in execution order of scenarios (grouped per scenario).
std::vector<const observation *> all_rows(const run_report &report);
// Rows of the reference suite (suite == "reference").
size_t reference_rows(const run_report &report);

// A finite double for the outputs (NaN and infinities become 0).
double finite(double value);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_RUN_REPORT_H
