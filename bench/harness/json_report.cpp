#include "json_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "comparison_plan.h"
#include "csv_columns.h"
#include "csv_writer.h"

namespace bench {
namespace {

using json = nlohmann::json;

// An observation field per column kind (csv_columns.h); a decimal holds
// the value exactly as the CSV prints it, so observations equal the CSV.
json text_field(const std::string &value) {
  return value;
}
template <typename Integer>
json integer_field(Integer value) {
  return value;
}
json decimal_field(double value) {
  return std::stod(csv_decimal(value));
}

json optional_string(const std::optional<std::string> &value) {
  return value ? json(*value) : json(nullptr);
}

// Tenths are all the precision a machine description needs.
json optional_number(const std::optional<double> &value) {
  return value ? json(std::round(finite(*value) * 10.0) / 10.0) : json(nullptr);
}

json observation_json(const observation &row) {
  json fields = json::object();
#define BENCH_OBSERVATION_FIELD(name, kind) fields[#name] = kind##_field(row.name);
  BENCH_CSV_COLUMNS(BENCH_OBSERVATION_FIELD)
#undef BENCH_OBSERVATION_FIELD
  return fields;
}

json summary_json(const summary &s) {
  return json{{"min", finite(s.min)}, {"median", finite(s.median)}, {"max", finite(s.max)}};
}

bool is_pool_scenario(const scenario &s) {
  return s.kind == scenario_kind::throughput || s.kind == scenario_kind::many_producers;
}

json environment_json(const environment_info &env) {
  return json{{"cpu_model", env.cpu_model},
              {"logical_cores", env.logical_cores},
              {"physical_cores", env.physical_cores},
              {"os", env.os},
              {"wine_version", optional_string(env.wine_version)},
              {"host_os", optional_string(env.host_os)},
              {"compiler", env.compiler},
              {"build_type", env.build_type},
              {"cxx_standard", env.cxx_standard},
              {"clock", env.clock},
              {"clock_frequency", env.clock_frequency},
              {"power_plan", optional_string(env.power_plan)},
              {"process_priority", env.process_priority},
              {"affinity", optional_string(env.affinity)},
              {"main_thread_priority", env.main_thread_priority},
              {"stable_mode", env.stable_mode},
              {"cache_line_handoff_ns", json{{"start", optional_number(env.handoff_ns_start)},
                                             {"end", optional_number(env.handoff_ns_end)}}},
              {"virtual_machine", env.virtual_machine},
              {"virtual_machine_evidence", optional_string(env.virtual_machine_evidence)},
              {"under_wine", env.wine_version.has_value()},
              {"summary", environment_summary(env)}};
}

json boundaries_json() {
  return json{
      {"throughput",
       "from just before the gated producers are released, through every producer join and the "
       "main thread observing the completion counter reach the task count (address wait)"},
      {"many_producers", "same boundary as throughput, 16 producers"},
      {"serial_threads", "from just before the first thread start through the last thread join"},
      {"lifecycle", "from just before tpool_create through the return of tpool_shutdown(DRAIN)"},
      {"inline", "the loop running every task body and completion inline on the main thread"},
      {"excluded",
       "input creation, pool and producer creation, the readiness wait, shutdown, validation"}};
}

// Values a reader compares keep 6 significant decimals at most.
double rounded(double value, double scale = 1e6) {
  return std::round(finite(value) * scale) / scale;
}

json ratio_json(const comparison_ratio &ratio) {
  return json{
      {"pool", ratio.pool},
      {"ratio", rounded(ratio.interval.ratio)},
      {"ci_low", ratio.interval.has_interval ? json(rounded(ratio.interval.low)) : json(nullptr)},
      {"ci_high", ratio.interval.has_interval ? json(rounded(ratio.interval.high)) : json(nullptr)},
      {"verdict", ratio.verdict}};
}

// One comparison cell (or one discarded try of it) as the JSON's cells[] entry.
json cell_json(const comparison_cell_result &cell) {
  json pools = json::array();
  for (const comparison_pool_result &pool : cell.pools) {
    json samples = json::array();
    for (double value : pool.samples) samples.push_back(rounded(value));
    json entry{{"pool", pool.pool},
               {"tasks", pool.tasks},
               {"capped", pool.capped},
               {"calibration", pool.calibration_units == 0
                                   ? json(nullptr)
                                   : json{{"units", pool.calibration_units},
                                          {"ms", rounded(pool.calibration_ms, 1e3)}}},
               {"samples", samples},
               {"median", rounded(pool.stats.median)},
               {"min", rounded(pool.stats.min)},
               {"max", rounded(pool.stats.max)},
               {"rsd_pct", rounded(pool.stats.rsd_pct, 1e3)},
               {"flagged", pool.flagged}};
    if (!pool.submission.empty()) entry["submission"] = pool.submission;
    pools.push_back(entry);
  }
  json vs = json::array();
  for (const comparison_ratio &ratio : cell.vs) vs.push_back(ratio_json(ratio));
  json entry{{"id", cell.id},
             {"kind", cell.kind},
             {"title", cell.title},
             {"workers", cell.workers},
             {"workers_label", cell.workers_label},
             {"producers", cell.producers},
             {"iterations", cell.iterations},
             {"mix", cell.rows.empty() ? std::string("none") : cell.rows.front().mix},
             {"metric", cell.metric},
             {"unit", cell.unit},
             {"higher_is_better", cell.higher_is_better},
             {"repetitions", cell.repetitions},
             {"started_s", rounded(cell.started_s, 1e3)},
             {"finished_s", rounded(cell.finished_s, 1e3)},
             {"pools", pools},
             {"best_other", cell.best_other ? ratio_json(*cell.best_other) : json(nullptr)},
             {"vs", vs},
             {"flagged", cell.flagged},
             {"notes", cell.notes}};
  entry["handoff_ns"] = json{{"before", optional_number(cell.handoff_before_ns)},
                             {"after", optional_number(cell.handoff_after_ns)}};
  json tries = json::array();
  for (const comparison_cell_result &tried : cell.discarded_tries)
    tries.push_back(cell_json(tried));
  entry["discarded_tries"] = tries;
  return entry;
}

json comparison_json(const run_report &report) {
  if (!report.comparison_ran) return nullptr;
  const comparison_method &m = report.comparison;
  char seed[32];
  std::snprintf(seed, sizeof(seed), "0x%llx", static_cast<unsigned long long>(m.bootstrap.seed));
  json method{
      {"target_ms", m.target_ms},
      {"min_tasks", m.min_tasks},
      {"max_tasks", m.max_tasks},
      {"task_granule", m.task_granule},
      {"warmups", m.warmups},
      {"repetitions", m.repetitions},
      {"max_repetitions", m.max_repetitions},
      {"rsd_limit_pct", m.rsd_limit_pct},
      {"bootstrap", json{{"resamples", m.bootstrap.resamples},
                         {"seed", seed},
                         {"confidence", m.bootstrap.confidence},
                         {"interval", "percentile"}}},
      {"order",
       "per cell: a calibration run per pool, then rounds of one repetition of every pool; "
       "round r runs the pools rotated left by r (warm-up rounds included); extra rounds for "
       "every pool while any pool's RSD is above rsd_limit_pct, up to max_repetitions"},
      {"phase_retries",
       json{{"max_tries", kMaxCellTries},
            {"max_retries_per_run", kMaxRetriesPerRun},
            {"handoff_change_factor", kHandoffChangeFactor},
            {"rule",
             "a cell whose cache-line hand-off readings before and after it differ by more "
             "than handoff_change_factor (the machine changed phase while it ran) is measured "
             "again, up to max_tries tries per cell and max_retries_per_run retries per run; "
             "the decision reads the hand-off readings only, and every discarded try is kept "
             "in its cell's discarded_tries"}}},
      {"quick", m.quick}};
  json cells = json::array();
  for (const comparison_cell_result &cell : report.comparison_cells)
    cells.push_back(cell_json(cell));
  return json{{"method", method}, {"pools", report.comparison_pools}, {"cells", cells}};
}

json stability_json(const run_report &report) {
  json readings = json::array();
  double low = 0;
  double high = 0;
  for (const handoff_reading &reading : report.handoff_readings) {
    readings.push_back(json{{"at", reading.at},
                            {"elapsed_s", rounded(reading.elapsed_s, 1e3)},
                            {"handoff_ns", optional_number(reading.handoff_ns)}});
    if (!reading.handoff_ns || *reading.handoff_ns <= 0) continue;
    low = low == 0 ? *reading.handoff_ns : std::min(low, *reading.handoff_ns);
    high = std::max(high, *reading.handoff_ns);
  }
  json changes = json::array();
  const std::vector<handoff_reading> &r = report.handoff_readings;
  for (size_t i = 1; i < r.size(); ++i) {
    const std::optional<double> ratio = handoff_ratio(r[i - 1].handoff_ns, r[i].handoff_ns);
    if (!ratio || !is_handoff_change(*ratio)) continue;
    json cells = json::array();
    for (const comparison_cell_result &cell : report.comparison_cells) {
      if (cell.finished_s > r[i - 1].elapsed_s && cell.started_s < r[i].elapsed_s) {
        cells.push_back(cell.id);
      }
    }
    changes.push_back(json{
        {"from", r[i - 1].at}, {"to", r[i].at}, {"ratio", rounded(*ratio, 1e3)}, {"cells", cells}});
  }
  const double spread = low > 0 ? high / low : 0;
  return json{{"readings", readings},
              {"max_over_min", rounded(spread, 1e3)},
              {"moved_over_2x", spread > kHandoffChangeFactor},
              {"changes", changes}};
}

}  // namespace

json build_benchmarks_json(const run_report &report) {
  // Median tasks/s per (scenario id, pool) and inline rate per iteration count.
  std::map<std::pair<std::string, std::string>, double> medians;
  std::map<uint32_t, double> inline_rate;
  for (const scenario_result &result : report.results) {
    medians[{result.definition.id, result.definition.pool}] = result.tasks_per_s.median;
    if (result.definition.kind == scenario_kind::inline_rate) {
      inline_rate[result.definition.iterations] = result.tasks_per_s.median;
    }
  }

  json scenarios = json::array();
  for (const scenario_result &result : report.results) {
    const scenario &s = result.definition;
    json entry{{"id", s.id},
               {"suite", s.suite},
               {"kind", kind_name(s.kind)},
               {"pool", s.pool},
               {"workers", s.workers},
               {"producers", s.producers},
               {"iterations", s.iterations},
               {"mix", mix_name(s.mix)},
               {"tasks", s.tasks},
               {"repetitions", result.rows.size()},
               {"ms", summary_json(result.ms)},
               {"tasks_per_s", summary_json(result.tasks_per_s)},
               {"rsd_pct", finite(result.ms.rsd_pct)},
               {"rsd_warning", result.ms.rsd_pct > kRsdWarningPct}};
    // tpool's cells: the ratio to every other pool measured on the same id,
    // and the fastest of them (the page's first table).
    json ratios = json::object();
    json best_peer = nullptr;
    json ratio_to_best_peer = nullptr;
    if (s.pool == "tpool" && is_pool_scenario(s)) {
      double best_rate = 0;
      for (const scenario_result &peer : report.results) {
        if (peer.definition.id != s.id || peer.definition.pool == "tpool") continue;
        if (peer.tasks_per_s.median <= 0) continue;
        ratios[peer.definition.pool] = finite(result.tasks_per_s.median / peer.tasks_per_s.median);
        if (peer.tasks_per_s.median > best_rate) {
          best_rate = peer.tasks_per_s.median;
          best_peer = peer.definition.pool;
        }
      }
      if (best_rate > 0) ratio_to_best_peer = finite(result.tasks_per_s.median / best_rate);
    }
    entry["ratios"] = ratios;
    entry["best_peer"] = best_peer;
    entry["ratio_to_best_peer"] = ratio_to_best_peer;
    json efficiency = nullptr;
    const auto rate = inline_rate.find(s.iterations);
    if (is_pool_scenario(s) && rate != inline_rate.end() && rate->second > 0) {
      const uint32_t cores = report.environment.logical_cores;
      const uint32_t usable = s.workers < cores ? s.workers : cores;
      efficiency = finite(result.tasks_per_s.median / (usable * rate->second));
    }
    entry["efficiency"] = efficiency;
    scenarios.push_back(entry);
  }

  json latency = json::array();
  for (const latency_entry &entry : report.latency) {
    latency.push_back(json{{"pool", entry.pool},
                           {"load_pct", entry.load_pct},
                           {"common", entry.common},
                           {"offered_tasks_per_s", finite(entry.offered_tasks_per_s)},
                           {"priority", entry.priority},
                           {"samples", entry.samples},
                           {"p50_us", finite(entry.p50_us)},
                           {"p90_us", finite(entry.p90_us)},
                           {"p99_us", finite(entry.p99_us)},
                           {"p999_us", finite(entry.p999_us)},
                           {"max_us", finite(entry.max_us)},
                           {"generator_fell_behind", entry.generator_fell_behind}});
  }

  json sources = json::array();
  for (const source_entry &source : report.sources) {
    sources.push_back(
        json{{"path", source.path},
             {"sha256", source.sha256.empty() ? json(nullptr) : json(source.sha256)}});
  }

  json observations = json::array();
  for (const observation *row : all_rows(report)) observations.push_back(observation_json(*row));

  return json{
      {"schema", "tpool-bench"},
      {"schema_version", kBenchmarksSchemaVersion},
      {"artifact_version", 1},
      {"success_marker", "TPOOL_BENCH_OK"},
      {"captured_utc", report.captured_utc},
      {"platform", report.platform},
      {"environment", environment_json(report.environment)},
      {"sources", sources},
      {"sources_missing", report.sources_missing},
      {"methodology", json{{"warmups", report.warmups},
                           {"repetitions", report.repetitions},
                           {"peer_warmups", report.peer_warmups},
                           {"peer_repetitions", report.peer_repetitions},
                           {"quick", report.quick},
                           {"seed", "0x5eed1234"},
                           {"shuffle",
                            "Fisher-Yates with the MMIX LCG (a=6364136223846793005, "
                            "c=1442695040888963407), high 32 bits per draw"},
                           {"workload",
                            "noinline chain of dependent 64-bit xorshift(13,7,17)/multiply steps "
                            "seeded by the task id"},
                           {"rsd_warning_pct", kRsdWarningPct},
                           {"peers", report.peers},
                           {"honours_priorities", report.honours_priorities},
                           {"notes", report.notes},
                           {"boundaries", boundaries_json()}}},
      {"expected_rows", json{{"reference", report.expected_reference_rows}}},
      {"scenarios", scenarios},
      {"latency", latency},
      {"latency_method", report.latency_method},
      {"starvation", report.starvation},
      {"comparison", comparison_json(report)},
      {"stability", stability_json(report)},
      {"extra", report.extra},
      {"observations", observations}};
}

json build_gbench_json(const run_report &report) {
  json benchmarks = json::array();
  for (const scenario_result &result : report.results) {
    const std::string name = result.definition.pool + "/" + result.definition.id;
    const size_t count = result.rows.size();
    for (size_t i = 0; i < count; ++i) {
      const observation &row = result.rows[i];
      json entry{{"name", name},
                 {"family_index", 0},
                 {"per_family_instance_index", 0},
                 {"run_name", name},
                 {"run_type", "iteration"},
                 {"repetitions", count},
                 {"repetition_index", i},
                 {"threads", 1},
                 {"iterations", 1},
                 {"real_time", finite(row.ms)},
                 {"cpu_time", finite(row.ms)},
                 {"time_unit", "ms"}};
      if (row.tasks > 0) entry["items_per_second"] = finite(row.tasks_per_s);
      benchmarks.push_back(entry);
    }
    if (count > 0) {
      json median{{"name", name + "_median"},
                  {"family_index", 0},
                  {"per_family_instance_index", 0},
                  {"run_name", name},
                  {"run_type", "aggregate"},
                  {"repetitions", count},
                  {"threads", 1},
                  {"aggregate_name", "median"},
                  {"aggregate_unit", "time"},
                  {"iterations", count},
                  {"real_time", finite(result.ms.median)},
                  {"cpu_time", finite(result.ms.median)},
                  {"time_unit", "ms"}};
      if (result.definition.tasks > 0)
        median["items_per_second"] = finite(result.tasks_per_s.median);
      benchmarks.push_back(median);
    }
  }
  json context{
      {"date", report.captured_utc},
      {"num_cpus", report.environment.logical_cores},
      {"mhz_per_cpu", 0},
      {"cpu_scaling_enabled", false},
      {"caches", json::array()},
      {"library_build_type", report.environment.build_type == "Debug" ? "debug" : "release"},
      {"tpool_platform", report.platform}};
  return json{{"context", context}, {"benchmarks", benchmarks}};
}

bool write_json(const json &document, const std::string &path, std::string *error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    *error = "cannot write " + path;
    return false;
  }
  out << document.dump(2) << '\n';
  out.flush();
  if (!out) {
    *error = "write failed: " + path;
    return false;
  }
  return true;
}

}  // namespace bench
