// bench: runs the reference suite and the extended comparisons, validates
// every task, and writes native-runs.csv, benchmarks.json and gbench.json.
//
// Order: repetitions are the outer loop and scenarios the inner one, so
// consecutive runs rotate worker counts and pools (spreading thermal and
// ordering drift over all scenarios). A validation failure stops the run at
// once: nothing is written, no success marker is printed, exit code 1.
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "bench_os.h"
#include "cli.h"
#include "compare.h"
#include "comparison_suite.h"
#include "csv_writer.h"
#include "environment.h"
#include "json_report.h"
#include "machine_probe.h"
#include "observation.h"
#include "peer_pool.h"
#include "probes.h"
#include "progress.h"
#include "run_report.h"
#include "scenario_catalog.h"
#include "source_manifest.h"

namespace bench {
namespace {

const char *platform_name() {
#if defined(_WIN64)
  return "x64";
#elif defined(_WIN32)
  return "Win32";
#elif defined(__x86_64__)
  return "linux-x64";
#else
  return "linux-other";
#endif
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
#if defined(_WIN32)
  gmtime_s(&parts, &now);
#else
  gmtime_r(&now, &parts);
#endif
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

int fail(const std::string &message) {
  std::fprintf(stderr, "bench: FAILED: %s\n", message.c_str());
  std::fprintf(stderr, "bench: no results written\n");
  return 1;
}

// Filters the catalog by --filter (regex on "<pool>/<id>").
std::vector<scenario> select(std::vector<scenario> catalog, const std::string &filter) {
  if (filter.empty()) return catalog;
  const std::regex pattern(filter);
  std::vector<scenario> chosen;
  for (scenario &s : catalog) {
    if (std::regex_search(s.pool + "/" + s.id, pattern)) chosen.push_back(std::move(s));
  }
  return chosen;
}

// Asks every compared pool whether it honours priorities (the pool's own
// answer, peer_pool::honours_priorities), on a 1-worker pool started and shut
// down for the purpose, outside every timed interval.
bool record_priority_order(const std::vector<std::string> &peers, run_report *report,
                           std::string *failure) {
  std::vector<std::string> pools{"tpool"};
  pools.insert(pools.end(), peers.begin(), peers.end());
  for (const std::string &name : pools) {
    pool_settings settings;
    settings.workers = 1;
    std::unique_ptr<peer_pool> pool = make_peer(name, settings, failure);
    if (!pool) return false;
    report->honours_priorities[name] = pool->honours_priorities();
    pool->shutdown();
  }
  return true;
}

void take_reading(run_report *report, const char *at, uint64_t run_start,
                  std::optional<double> handoff_ns) {
  handoff_reading reading;
  reading.at = at;
  reading.elapsed_s =
      static_cast<double>(os::ticks() - run_start) / static_cast<double>(os::tick_frequency());
  reading.handoff_ns = handoff_ns;
  report->handoff_readings.push_back(reading);
}

int run(const cli_options &options) {
  run_report report;
  report.captured_utc = utc_now();
  report.platform = platform_name();
  report.environment = collect_environment();
  stability_request stability;
  stability.stable = options.stable;
  stability.affinity = options.affinity;
  stability.process_priority = options.process_priority;
  if (!apply_stable_settings(stability, &report.environment)) {
    std::fprintf(stderr,
                 "bench: warning: some --stable/--affinity/--process-priority settings "
                 "were refused by the OS (see environment in benchmarks.json)\n");
  }

  catalog_options catalog;
  catalog.quick = options.quick;
  catalog.warmups = options.warmups;
  catalog.repetitions = options.repeats;
  catalog.peer_warmups = options.peer_warmups;
  catalog.peer_repetitions = options.peer_repeats;
  catalog.extended = !options.reference_only;
  catalog.peers = options.peers.empty() ? available_peers() : options.peers;
  if (options.peers.empty() && report.environment.wine_version) {
    // Under Wine one thread start+join costs milliseconds, so thread_per_task
    // would need minutes per repetition. Ask for it with --peers to run it.
    catalog.peers.erase(std::remove(catalog.peers.begin(), catalog.peers.end(), "thread_per_task"),
                        catalog.peers.end());
    report.notes.push_back("thread_per_task skipped by default under Wine (thread start cost)");
  }
  report.peers = catalog.peers;
  const uint64_t run_start = os::ticks();
  report.environment.handoff_ns_start = measure_cache_line_handoff_ns();
  take_reading(&report, "before reference and extended suites", run_start,
               report.environment.handoff_ns_start);
  catalog.logical_cores = report.environment.logical_cores;
  // With --cells only the chosen comparison cells run: no plan.
  const bool cells_only = !options.cells.empty();
  std::vector<scenario> plan;
  try {
    if (!cells_only) plan = select(build_catalog(catalog), options.filter);
  } catch (const std::regex_error &error) {
    std::fprintf(stderr, "bench: bad --filter: %s\n", error.what());
    return 2;
  }
  if (options.list) {
    for (const scenario &s : plan) {
      std::printf("%-9s %-16s %-34s warmups=%u repetitions=%u\n", s.suite.c_str(), s.pool.c_str(),
                  s.id.c_str(), s.warmups, s.repetitions);
    }
    return 0;
  }

  const std::string out_dir = options.out_dir.empty()
                                  ? std::string("artifacts/benchmark/results/") + platform_name()
                                  : options.out_dir;
  const std::filesystem::path out(out_dir);
  std::error_code io_error;
  std::filesystem::create_directories(out, io_error);
  // Stale results from an earlier run must never pass for this run's.
  for (const char *file : {"native-runs.csv", "benchmarks.json", "gbench.json"}) {
    std::filesystem::remove(out / file, io_error);
  }

  report.quick = options.quick;
  report.warmups = options.quick ? 1 : options.warmups;
  report.repetitions = options.quick ? 2 : options.repeats;
  report.peer_warmups = options.quick ? 1 : options.peer_warmups;
  report.peer_repetitions = options.quick ? 2 : options.peer_repeats;
  report.sources = hash_sources(options.source_root, &report.sources_missing);
  if (report.sources_missing != 0) {
    std::fprintf(stderr, "bench: warning: %zu manifest file(s) not found under --source-root\n",
                 report.sources_missing);
  }

  uint32_t rounds = 0;
  uint64_t steps = 0;
  for (const scenario &s : plan) {
    rounds = std::max(rounds, s.warmups + s.repetitions);
    steps += s.warmups + s.repetitions;
    if (s.suite == "reference") report.expected_reference_rows += s.repetitions;
  }
  report.results.resize(plan.size());
  for (size_t i = 0; i < plan.size(); ++i) report.results[i].definition = plan[i];

  progress meter(steps);
  const uint64_t frequency = os::tick_frequency();
  for (uint32_t round = 0; round < rounds; ++round) {
    for (size_t i = 0; i < plan.size(); ++i) {
      const scenario &s = plan[i];
      if (round >= s.warmups + s.repetitions) continue;
      const bool warmup = round < s.warmups;
      const uint32_t index = warmup ? round + 1 : round - s.warmups + 1;
      const std::string name = s.pool + "/" + s.id;
      meter.step(i, plan.size(), name, index, warmup ? s.warmups : s.repetitions, warmup);
      measurement result;
      std::string failure;
      if (!run_repetition(s, options.fault, &result, &failure)) {
        return fail(name + (warmup ? " warm-up " : " repetition ") + std::to_string(index) + ": " +
                    failure);
      }
      if (!warmup) report.results[i].rows.push_back(make_observation(s, index, result, frequency));
    }
  }
  for (scenario_result &result : report.results) summarize_result(&result);
  if (!options.reference_only) {
    take_reading(&report, "after reference and extended suites", run_start,
                 measure_cache_line_handoff_ns());
  }

  if (!options.reference_only && (options.filter.empty() || cells_only)) {
    comparison_options comparison;
    comparison.cells = options.cells;
    comparison.quick = options.quick;
    comparison.fault = options.fault;
    comparison.peers = catalog.peers;
    comparison.logical_cores = report.environment.logical_cores;
    comparison.target_ms = options.target_ms;
    comparison.run_start_ticks = run_start;
    std::fprintf(stderr, "[bench] comparison suite\n");
    std::string failure;
    if (!run_comparison_suite(comparison, &report, &failure)) return fail(failure);
  }

  if (!options.reference_only && !cells_only) {
    std::string failure;
    if (!record_priority_order(catalog.peers, &report, &failure)) return fail(failure);
  }

  if (!options.reference_only && !options.skip_probes && options.filter.empty() && !cells_only) {
    probe_options probe;
    probe.quick = options.quick;
    probe.fault = options.fault;
    probe.pools.push_back("tpool");
    for (const std::string &pool : catalog.peers) {
      // One OS thread per task has no queue to wait in.
      if (pool != "tpool" && pool != "thread_per_task") probe.pools.push_back(pool);
    }
    struct named_probe {
      const char *name;
      bool (*run)(const probe_options &, run_report *, std::string *);
    };
    const named_probe probes[] = {{"latency versus load", &run_offered_load_probe},
                                  {"starvation", &run_starvation_probe},
                                  {"cancellation", &run_cancellation_probe},
                                  {"growth", &run_growth_probe},
                                  {"parallel loop", &run_parallel_loop_probe},
                                  {"idle wake", &run_idle_wake_probe},
                                  {"timers", &run_timer_probe}};
    for (const named_probe &p : probes) {
      std::fprintf(stderr, "[bench] probe %s\n", p.name);
      std::string failure;
      if (!p.run(probe, &report, &failure)) return fail(std::string(p.name) + ": " + failure);
    }
  }

  report.environment.handoff_ns_end = measure_cache_line_handoff_ns();
  take_reading(&report, "after the last suite", run_start, report.environment.handoff_ns_end);

  size_t noisy = 0;
  for (const scenario_result &result : report.results) {
    if (result.ms.rsd_pct <= kRsdWarningPct) continue;
    ++noisy;
    // Quick runs have two tiny repetitions: their spread says nothing.
    if (!options.quick) {
      std::fprintf(stderr, "bench: warning: %s/%s varies by %.1f%% RSD (threshold %.0f%%)\n",
                   result.definition.pool.c_str(), result.definition.id.c_str(), result.ms.rsd_pct,
                   kRsdWarningPct);
    }
  }
  if (noisy != 0) {
    std::fprintf(stderr, "bench: %zu of %zu scenario(s) above %.0f%% RSD%s\n", noisy,
                 report.results.size(), kRsdWarningPct,
                 options.quick ? " (expected in --quick mode)" : "");
  }
  if (report.starvation.is_object() && !report.starvation.value("pass", false)) {
    std::fprintf(stderr, "bench: warning: starvation bound exceeded (see benchmarks.json)\n");
  }

  const size_t rows = reference_rows(report);
  if (rows != report.expected_reference_rows) {
    return fail("expected " + std::to_string(report.expected_reference_rows) +
                " reference rows, measured " + std::to_string(rows));
  }
  std::string error;
  if (!write_csv(report, (out / "native-runs.csv").string(), &error) ||
      !write_json(build_benchmarks_json(report), (out / "benchmarks.json").string(), &error) ||
      !write_json(build_gbench_json(report), (out / "gbench.json").string(), &error)) {
    return fail(error);
  }
  std::fprintf(stderr, "[bench] done in %.1f s; results in %s\n", meter.elapsed_s(),
               out_dir.c_str());
  std::printf("TPOOL_BENCH_OK artifact_version=1 rows=%zu\n", rows);
  std::fflush(stdout);
  return 0;
}

}  // namespace
}  // namespace bench

int main(int argc, char **argv) {
  try {
    bench::cli_options options;
    const int parsed = bench::parse_cli(argc, argv, &options);
    if (parsed >= 0) return parsed;
    if (!options.compare.empty())
      return bench::compare_runs(options.compare[0], options.compare[1]);
    return bench::run(options);
  } catch (const std::exception &error) {
    std::fprintf(stderr, "bench: FAILED: unexpected exception: %s\n", error.what());
    return 1;
  }
}
