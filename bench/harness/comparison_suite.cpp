#include "comparison_suite.h"

#include <algorithm>
#include <cstdio>
#include <regex>

#include "bench_os.h"
#include "machine_probe.h"
#include "observation.h"

namespace bench {
namespace {

constexpr double kTargetMs = 150;
constexpr double kQuickTargetMs = 2;
constexpr uint32_t kWarmups = 1;
constexpr uint32_t kRepetitions = 7;
constexpr uint32_t kMaxRepetitions = 15;
constexpr uint32_t kQuickRepetitions = 3;
constexpr uint32_t kQuickMaxRepetitions = 5;
constexpr double kRsdLimitPct = 5.0;
constexpr uint32_t kCalibrationRuns = 3;
constexpr uint32_t kBatchSize = 256;
constexpr uint64_t kLowTasksAhead = 2000;
constexpr uint64_t kQuickLowTasksAhead = 200;
// One HIGH wait is one draw from a spread of 1 to 7 us (whether a worker is
// on a processor when the HIGH task arrives decides most of it): a
// repetition is the median of this many fresh pools, so that 7 to 15
// repetitions give an interval that can separate two pools.
constexpr uint32_t kHighBehindLowTrials = 21;
constexpr uint32_t kQuickHighBehindLowTrials = 3;
constexpr uint32_t kHighBehindLowWorkers = 2;
constexpr uint32_t kForkJoinN = 25;
constexpr uint32_t kQuickForkJoinN = 16;
constexpr uint64_t kReduceElements = 100000000;
constexpr uint64_t kQuickReduceElements = 1000000;

double elapsed_s(uint64_t since) {
  return static_cast<double>(os::ticks() - since) / static_cast<double>(os::tick_frequency());
}

struct pool_state {
  comparison_pool_result result;
  std::vector<observation> rows;
};

observation make_row(const comparison_cell &cell, const std::string &pool, uint32_t repetition,
                     const comparison_sample &sample) {
  scenario s;
  s.id = cell.id;
  s.suite = "comparison";
  s.kind = scenario_kind::throughput;
  s.pool = pool;
  s.workers = cell.workers;
  s.producers = cell.producers;
  s.iterations = cell.iterations;
  s.mix =
      cell.kind == &kThroughputKind || cell.kind == &kManyProducersKind || cell.kind == &kBatchKind
          ? priority_mix::uniform
          : priority_mix::none;
  measurement m;
  m.ticks = sample.ticks;
  m.tasks = sample.tasks;
  m.totals = sample.totals;
  observation row = make_observation(s, repetition, m, os::tick_frequency());
  row.kind = cell.kind->name;
  if (cell.kind == &kHighBehindLowKind) row.tasks_per_s = 0;
  return row;
}

comparison_ratio ratio_against(const comparison_cell &cell, const pool_state &tpool,
                               const pool_state &other, const bootstrap_settings &bootstrap) {
  comparison_ratio ratio;
  ratio.pool = other.result.pool;
  ratio.interval =
      cell.kind->higher_is_better
          ? bootstrap_ratio_of_medians(tpool.result.samples, other.result.samples, bootstrap)
          : bootstrap_ratio_of_medians(other.result.samples, tpool.result.samples, bootstrap);
  ratio.verdict = verdict_name(judge(ratio.interval, tpool.result.flagged || other.result.flagged));
  return ratio;
}

// Calibration: runs not recorded, scaled until one is long enough to scale
// from (comparison_plan.h).
bool calibrate(const comparison_cell &cell, const std::string &pool,
               const comparison_options &options, pool_state *state, std::string *failure) {
  const calibration_rule rule = cell.kind->rule(cell, options);
  uint64_t units = rule.min_units;
  if (!cell.kind->calibrated) {
    state->result.units = units;
    return true;
  }
  comparison_sample sample;
  double ms = 0;
  for (uint32_t run = 0; run < kCalibrationRuns; ++run) {
    if (!cell.kind->run(cell, pool, units, options.fault, &sample, failure)) return false;
    ms = static_cast<double>(sample.ticks) * 1000.0 / static_cast<double>(os::tick_frequency());
    state->result.calibration_units = units;
    state->result.calibration_ms = ms;
    if (!calibration_needs_another_run(units, ms, rule)) break;
    units = calibrate_units(units, ms, rule).units;
  }
  const calibrated_units chosen = calibrate_units(state->result.calibration_units, ms, rule);
  state->result.units = chosen.units;
  state->result.capped = chosen.capped;
  return true;
}

bool run_cell(const comparison_cell &cell, const comparison_options &options,
              const comparison_method &method, run_report *report, std::string *failure) {
  comparison_cell_result out;
  out.id = cell.id;
  out.kind = cell.kind->name;
  out.title = cell.title;
  out.workers = cell.workers;
  out.workers_label = workers_label(cell.workers, options.logical_cores);
  out.producers = cell.producers;
  out.iterations = cell.iterations;
  out.metric = cell.kind->metric;
  out.unit = cell.kind->unit;
  out.higher_is_better = cell.kind->higher_is_better;
  out.started_s = elapsed_s(options.run_start_ticks);

  std::vector<pool_state> pools;
  for (const std::string &name : cell.kind->pools(options)) {
    pool_state state;
    state.result.pool = name;
    state.result.submission = cell.kind->submission(name);
    pools.push_back(state);
  }
  for (pool_state &state : pools) {
    if (!calibrate(cell, state.result.pool, options, &state, failure)) {
      *failure = cell.id + " " + state.result.pool + " calibration: " + *failure;
      return false;
    }
    if (state.result.capped) {
      out.notes.push_back(state.result.pool + ": count capped at " +
                          std::to_string(state.result.units));
    }
  }

  uint32_t measured = 0;
  uint32_t round = 0;
  auto run_round = [&](bool warmup) {
    for (size_t index : round_order(pools.size(), round)) {
      pool_state &state = pools[index];
      comparison_sample sample;
      std::fprintf(stderr, "[bench] comparison %s %s %s %u\r", cell.id.c_str(),
                   state.result.pool.c_str(), warmup ? "warm-up" : "repetition", measured + 1);
      if (!cell.kind->run(cell, state.result.pool, state.result.units, options.fault, &sample,
                          failure)) {
        *failure = cell.id + " " + state.result.pool + (warmup ? " warm-up: " : " repetition: ") +
                   *failure;
        return false;
      }
      if (!warmup) {
        state.result.tasks = sample.tasks;
        state.result.samples.push_back(sample.metric);
        state.rows.push_back(make_row(cell, state.result.pool, measured + 1, sample));
      }
    }
    ++round;
    if (!warmup) ++measured;
    return true;
  };
  for (uint32_t w = 0; w < method.warmups; ++w) {
    if (!run_round(true)) return false;
  }
  while (measured < method.repetitions) {
    if (!run_round(false)) return false;
  }
  for (;;) {
    std::vector<double> rsd;
    for (const pool_state &state : pools) rsd.push_back(summarize(state.result.samples).rsd_pct);
    if (!wants_more_repetitions(rsd, method.rsd_limit_pct, measured, method.max_repetitions)) break;
    if (!run_round(false)) return false;
  }
  std::fprintf(stderr, "\n");

  for (pool_state &state : pools) {
    state.result.stats = summarize(state.result.samples);
    state.result.flagged = state.result.stats.rsd_pct > method.rsd_limit_pct;
    out.flagged = out.flagged || state.result.flagged;
  }
  const pool_state &tpool = pools.front();
  const pool_state *best = nullptr;
  for (size_t i = 1; i < pools.size(); ++i) {
    const pool_state &other = pools[i];
    out.vs.push_back(ratio_against(cell, tpool, other, method.bootstrap));
    const bool better =
        best == nullptr ||
        (cell.kind->higher_is_better ? other.result.stats.median > best->result.stats.median
                                     : other.result.stats.median < best->result.stats.median);
    if (better) best = &other;
  }
  if (best != nullptr) out.best_other = ratio_against(cell, tpool, *best, method.bootstrap);
  out.repetitions = measured;
  for (pool_state &state : pools) {
    out.rows.insert(out.rows.end(), state.rows.begin(), state.rows.end());
    out.pools.push_back(std::move(state.result));
  }
  out.finished_s = elapsed_s(options.run_start_ticks);
  report->comparison_cells.push_back(std::move(out));
  return true;
}

// The note a kept cell carries for its `index`-th (0-based) discarded try.
std::string discarded_try_note(size_t index, const comparison_cell_result &tried) {
  char note[256];
  std::snprintf(note, sizeof(note),
                "try %zu ran across a hand-off change (%.1f to %.1f ns) and was measured "
                "again; it had tpool / %s at %.3f [%.3f, %.3f]",
                index + 1, tried.handoff_before_ns.value_or(0), tried.handoff_after_ns.value_or(0),
                tried.best_other ? tried.best_other->pool.c_str() : "-",
                tried.best_other ? tried.best_other->interval.ratio : 0.0,
                tried.best_other ? tried.best_other->interval.low : 0.0,
                tried.best_other ? tried.best_other->interval.high : 0.0);
  return note;
}

// Runs one cell, and again while the hand-off readings around it say the
// machine changed phase during the try (wants_another_try, counted in
// *run_retries). The kept try is the cell's entry in report->comparison_cells,
// with every discarded try whole in its discarded_tries and named in its
// notes. Quick runs take no readings between cells and never try again.
bool measure_cell_until_steady(const comparison_cell &cell, const comparison_options &options,
                               const comparison_method &method, run_report *report,
                               uint32_t *run_retries, std::string *failure) {
  std::vector<comparison_cell_result> discarded;
  for (uint32_t tries = 1;; ++tries) {
    // The last reading (after the previous cell, or the suites' last one:
    // run() always takes one first) is this try's "before".
    const std::optional<double> before = report->handoff_readings.empty()
                                             ? std::nullopt
                                             : report->handoff_readings.back().handoff_ns;
    if (!run_cell(cell, options, method, report, failure)) return false;
    if (options.quick) return true;
    // A reading after every cell places a change of the machine's state
    // between two cells.
    handoff_reading reading;
    reading.handoff_ns = measure_cache_line_handoff_ns();
    reading.elapsed_s = elapsed_s(options.run_start_ticks);
    comparison_cell_result &result = report->comparison_cells.back();
    result.handoff_before_ns = before;
    result.handoff_after_ns = reading.handoff_ns;
    const bool again = wants_another_try(before, reading.handoff_ns, tries, *run_retries);
    reading.at = "after comparison cell " + cell.id +
                 (again ? " (try " + std::to_string(tries) +
                              ", discarded: the machine changed phase while it ran)"
                        : std::string());
    report->handoff_readings.push_back(reading);
    if (!again) break;
    std::fprintf(stderr, "[bench] %s ran across a hand-off change (%.1f -> %.1f ns): again\n",
                 cell.id.c_str(), before.value_or(0), reading.handoff_ns.value_or(0));
    ++*run_retries;
    discarded.push_back(std::move(result));
    report->comparison_cells.pop_back();
  }
  comparison_cell_result &kept = report->comparison_cells.back();
  for (size_t i = 0; i < discarded.size(); ++i) {
    kept.notes.push_back(discarded_try_note(i, discarded[i]));
  }
  kept.discarded_tries = std::move(discarded);
  return true;
}

}  // namespace

std::string workers_label(uint32_t workers, uint32_t logical_cores) {
  if (workers == 1) return "1";
  if (workers == logical_cores) return "cores";
  if (logical_cores != 0 && workers % logical_cores == 0) {
    return std::to_string(workers / logical_cores) + "x cores";
  }
  return std::to_string(workers);
}

std::vector<comparison_cell> comparison_cells(const comparison_options &options) {
  const uint32_t cores = std::max<uint32_t>(options.logical_cores, 1);
  std::vector<uint32_t> counts{1, cores, 2 * cores, 4 * cores};
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  std::vector<comparison_cell> cells;
  for (uint32_t iterations : {0u, 2048u}) {
    for (uint32_t workers : counts) {
      comparison_cell cell;
      cell.id = "cmp/w" + std::to_string(workers) + "/i" + std::to_string(iterations);
      cell.title = std::string(iterations == 0 ? "minimal tasks" : "2,048-iteration tasks") + ", " +
                   std::to_string(workers) + " worker(s) (" + workers_label(workers, cores) + ")";
      cell.kind = &kThroughputKind;
      cell.workers = workers;
      cell.iterations = iterations;
      cells.push_back(cell);
    }
  }
  comparison_cell producers;
  producers.id = "cmp/p16/w8/i2048";
  producers.title = "16 producers, 8 workers, 2,048-iteration tasks";
  producers.kind = &kManyProducersKind;
  producers.workers = 8;
  producers.producers = 16;
  producers.iterations = 2048;
  cells.push_back(producers);

  comparison_cell batch;
  batch.id = "cmp/batch/w" + std::to_string(cores) + "/i0";
  batch.title =
      "minimal tasks submitted in batches of 256, " + std::to_string(cores) + " worker(s) (cores)";
  batch.kind = &kBatchKind;
  batch.workers = cores;
  batch.iterations = 0;
  batch.batch = kBatchSize;
  cells.push_back(batch);

  comparison_cell high;
  high.id = "cmp/high-behind-low/w" + std::to_string(kHighBehindLowWorkers);
  high.title = "one HIGH task behind 2,000 LOW tasks, wait until it starts (median of " +
               std::to_string(options.quick ? kQuickHighBehindLowTrials : kHighBehindLowTrials) +
               " fresh pools)";
  high.kind = &kHighBehindLowKind;
  high.workers = kHighBehindLowWorkers;
  high.iterations = 2048;
  high.low_tasks = options.quick ? kQuickLowTasksAhead : kLowTasksAhead;
  high.trials = options.quick ? kQuickHighBehindLowTrials : kHighBehindLowTrials;
  cells.push_back(high);

  comparison_cell fork_join;
  fork_join.fib_n = options.quick ? kQuickForkJoinN : kForkJoinN;
  fork_join.id =
      "cmp/fork-join/w" + std::to_string(cores) + "/fib" + std::to_string(fork_join.fib_n);
  fork_join.title = "fork-join Fibonacci(" + std::to_string(fork_join.fib_n) + "), tiny leaves";
  fork_join.kind = &kForkJoinKind;
  fork_join.workers = cores;
  fork_join.producers = 0;
  cells.push_back(fork_join);

  comparison_cell reduce;
  reduce.elements = options.quick ? kQuickReduceElements : kReduceElements;
  reduce.id = "cmp/reduce/w" + std::to_string(cores);
  reduce.title = "parallel reduce over " + std::to_string(reduce.elements) + " elements";
  reduce.kind = &kReduceKind;
  reduce.workers = cores;
  reduce.producers = 0;
  cells.push_back(reduce);
  return cells;
}

bool run_comparison_suite(const comparison_options &given, run_report *report,
                          std::string *failure) {
  comparison_options options = given;
  if (options.target_ms <= 0) options.target_ms = options.quick ? kQuickTargetMs : kTargetMs;
  options.peers.erase(std::remove_if(options.peers.begin(), options.peers.end(),
                                     [](const std::string &name) {
                                       return name == "tpool" || name == "baseline" ||
                                              name == "thread_per_task";
                                     }),
                      options.peers.end());
  comparison_method method;
  method.target_ms = options.target_ms;
  method.min_tasks = options.quick ? 600 : 12000;
  method.max_tasks = options.quick ? 12000 : 4000000 / kComparisonBlock * kComparisonBlock;
  method.task_granule = kComparisonBlock;
  method.warmups = kWarmups;
  method.repetitions = options.quick ? kQuickRepetitions : kRepetitions;
  method.max_repetitions = options.quick ? kQuickMaxRepetitions : kMaxRepetitions;
  method.rsd_limit_pct = kRsdLimitPct;
  method.quick = options.quick;
  report->comparison = method;
  report->comparison_pools = {"tpool"};
  report->comparison_pools.insert(report->comparison_pools.end(), options.peers.begin(),
                                  options.peers.end());
  std::regex chosen;
  try {
    if (!options.cells.empty()) chosen = std::regex(options.cells);
  } catch (const std::regex_error &error) {
    *failure = std::string("bad --cells: ") + error.what();
    return false;
  }
  uint32_t run_retries = 0;  // tries measured again so far in this run
  for (const comparison_cell &cell : comparison_cells(options)) {
    if (!options.cells.empty() && !std::regex_search(cell.id, chosen)) continue;
    if (!measure_cell_until_steady(cell, options, method, report, &run_retries, failure)) {
      return false;
    }
  }
  report->comparison_ran = true;
  return true;
}

}  // namespace bench
