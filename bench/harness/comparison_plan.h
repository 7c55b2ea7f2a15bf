// The comparison suite's rules that do not touch a pool: how a (cell, pool)'s
// task count is calibrated, in which order the pools of a cell run in each
// round, and when a cell takes more repetitions. Pure functions, unit-tested
// (tests/comparison_plan_test.cpp); the suite itself is comparison_suite.cpp.
#ifndef TPOOL_BENCH_HARNESS_COMPARISON_PLAN_H
#define TPOOL_BENCH_HARNESS_COMPARISON_PLAN_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace bench {

struct calibration_rule {
  double target_ms = 150;  // wanted length of one repetition
  uint64_t min_units = 0;  // never fewer (e.g. 12,000 tasks)
  uint64_t max_units = 0;  // never more (e.g. 4,000,000 tasks): a slow pool cannot blow the budget
  uint64_t granule = 1;    // counts are whole multiples of this (600 tasks: whole input blocks)
};

struct calibrated_units {
  uint64_t units = 0;
  bool capped = false;  // the rule wanted more than max_units
};

// The count that makes one repetition last about rule.target_ms, from a run
// of measured_units that took measured_ms: scaled linearly, rounded up to the
// granule, clamped to [min_units, max_units] (min_units and max_units are
// themselves rounded to the granule). A run too short to time (0 ms) scales
// as if it took a thousandth of the target.
calibrated_units calibrate_units(uint64_t measured_units, double measured_ms,
                                 const calibration_rule &rule);

// True when a calibration run was too short to scale from reliably (under a
// quarter of the target) and a bigger run is still possible.
bool calibration_needs_another_run(uint64_t measured_units, double measured_ms,
                                   const calibration_rule &rule);

// The order of pool indices [0, pools) in round `round` (0-based, warm-ups
// included): the list rotated left by round % pools, so over any `pools`
// consecutive rounds every pool runs first, and in every position, exactly
// once.
std::vector<size_t> round_order(size_t pools, uint32_t round);

// Whether a cell takes one more round: some pool's RSD is above limit_pct
// and the cell has fewer than max_repetitions.
bool wants_more_repetitions(const std::vector<double> &rsd_pct_per_pool, double limit_pct,
                            uint32_t repetitions, uint32_t max_repetitions);

// Two cache-line hand-off readings (machine_probe.h) more than this far
// apart, either way, say the machine changed phase between them. On the
// virtual machines we measure on, the two vCPUs move between sharing one
// physical core (hand-off about 20 ns, half the compute each) and separate
// cores (about 200 ns): a 10x step, not a drift of a few percent.
constexpr double kHandoffChangeFactor = 2.0;

// after_ns / before_ns; empty when either reading is missing or not
// positive (nothing is known).
std::optional<double> handoff_ratio(std::optional<double> before_ns,
                                    std::optional<double> after_ns);

// Whether a handoff_ratio is beyond kHandoffChangeFactor, either way.
bool is_handoff_change(double ratio);

// Whether two readings differ by more than kHandoffChangeFactor, either way;
// false when handoff_ratio is empty.
bool handoff_changed(std::optional<double> before_ns, std::optional<double> after_ns);

// Most tries a comparison cell gets, and most tries measured again in one
// run (see wants_another_try): a machine that keeps changing phase must not
// make a run outlast its watchdog (a cell takes up to about 70 s under Wine).
constexpr uint32_t kMaxCellTries = 3;
constexpr uint32_t kMaxRetriesPerRun = 4;

// Whether a comparison cell whose `tries`-th try (1-based) ran between the
// readings before_ns and after_ns is measured again, when the run has
// already measured `run_retries` tries again: when the machine changed phase
// during it, its pools ran partly in one phase and partly in the other, and
// the ratio says more about when each ran than about the pools. Decided from
// the readings only, never from what the try measured; at most
// kMaxCellTries tries per cell and kMaxRetriesPerRun retries per run, the
// last try kept whatever the readings say.
bool wants_another_try(std::optional<double> before_ns, std::optional<double> after_ns,
                       uint32_t tries, uint32_t run_retries);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_COMPARISON_PLAN_H
