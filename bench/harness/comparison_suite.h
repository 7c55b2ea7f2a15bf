// The comparison suite: the cells every verdict about which pool is faster
// comes from (docs/benchmark-schema.md#comparison-suite-schema-4, method in
// docs/measurement-notes.md#the-comparison-suite).
//
// Every pool of a cell gets the same treatment: a calibration run (not
// recorded), the same warm-ups and repetitions, the same inputs (a prefix of
// one deterministic sequence), the same readiness wait and per-task
// validation; the pools are interleaved inside each round and their order
// rotated from one round to the next (comparison_plan.h).
//
// Adding a scenario kind: one comparison_kind entry (name, metric, which
// pools, how units are calibrated) and its runner in comparison_kinds.cpp,
// plus the cells that use it in comparison_cells().
#ifndef TPOOL_BENCH_HARNESS_COMPARISON_SUITE_H
#define TPOOL_BENCH_HARNESS_COMPARISON_SUITE_H

#include <cstdint>
#include <string>
#include <vector>

#include "comparison_plan.h"
#include "run_report.h"
#include "validation.h"

namespace bench {

struct comparison_options {
  bool quick = false;
  injected_fault fault = injected_fault::none;
  // The compared pools other than tpool (baseline and thread_per_task are
  // dropped: straw men, far too slow for calibrated runs).
  std::vector<std::string> peers;
  uint32_t logical_cores = 1;
  double target_ms = 0;          // 0: the default (150 ms; 2 ms with quick)
  uint64_t run_start_ticks = 0;  // os::ticks() when the run started (for elapsed_s)
  std::string cells;             // empty: every cell; else a regex on the cell ids to run
};

// What one repetition of one pool produced.
struct comparison_sample {
  uint64_t ticks = 0;  // the timed interval
  uint64_t tasks = 0;  // the CSV `tasks` value
  validated_totals totals;
  double metric = 0;  // in the kind's unit
};

struct comparison_cell;

// One kind of cell: what it measures and how one repetition runs.
struct comparison_kind {
  const char *name;    // CSV kind
  const char *metric;  // e.g. "tasks_per_s"
  const char *unit;    // e.g. "tasks/s"
  bool higher_is_better;
  // The units of work one repetition is asked for, and whether they are
  // calibrated to the target duration (else rule.min_units always).
  bool calibrated;
  calibration_rule (*rule)(const comparison_cell &cell, const comparison_options &options);
  // The pools that can run this kind, tpool first.
  std::vector<std::string> (*pools)(const comparison_options &options);
  // One validated repetition on a fresh pool. False with *failure set on
  // any error or validation failure.
  bool (*run)(const comparison_cell &cell, const std::string &pool, uint64_t units,
              injected_fault fault, comparison_sample *sample, std::string *failure);
  // A description of how `pool` submits in this kind ("" when not relevant).
  std::string (*submission)(const std::string &pool);
};

struct comparison_cell {
  std::string id;
  std::string title;
  const comparison_kind *kind = nullptr;
  uint32_t workers = 1;
  uint32_t producers = 1;
  uint32_t iterations = 0;
  uint32_t batch = 0;      // batch cell: tasks per submit_batch call
  uint32_t fib_n = 0;      // fork_join: fibonacci(fib_n) per run
  uint64_t low_tasks = 0;  // high_behind_low: LOW tasks ahead
  uint32_t trials = 1;     // high_behind_low: fresh pools per repetition (odd: one median)
  uint64_t elements = 0;   // reduce: elements per run
};

// "1", "cores", "2x cores", "4x cores", or the number.
std::string workers_label(uint32_t workers, uint32_t logical_cores);

// The suite's cells for this machine and these options, in run order.
std::vector<comparison_cell> comparison_cells(const comparison_options &options);

// The kinds (comparison_kinds.cpp).
extern const comparison_kind kThroughputKind;
extern const comparison_kind kManyProducersKind;
extern const comparison_kind kBatchKind;
extern const comparison_kind kHighBehindLowKind;
extern const comparison_kind kForkJoinKind;
extern const comparison_kind kReduceKind;

// Runs every cell, fills report->comparison*, appends a hand-off reading
// after each cell (report->handoff_readings). False with *failure set when
// any repetition failed (nothing of the suite is then kept).
bool run_comparison_suite(const comparison_options &options, run_report *report,
                          std::string *failure);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_COMPARISON_SUITE_H
