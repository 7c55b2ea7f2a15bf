// bench --compare A.json B.json: per-scenario ratio of medians with a verdict
// that accounts for each run's own variability.
#ifndef TPOOL_BENCH_HARNESS_COMPARE_H
#define TPOOL_BENCH_HARNESS_COMPARE_H

#include <string>

namespace bench {

// For every (pool, scenario) in both captures: the ratio of B's median to
// A's over the per-repetition figures (tasks/s where the rows have a rate,
// ms otherwise; the comparison suite's cells by their own metric), oriented
// so that above 1 means B is better, with a 95% bootstrap interval
// (stats.h: each capture's repetitions resampled independently). Verdict:
// "B faster" when the interval lies above 1, "B slower" below 1, "within
// noise" otherwise. Prints a table to stdout. Returns the process exit code:
// 0 when both files were read (whatever the verdicts), 2 on bad input.
int compare_runs(const std::string &path_a, const std::string &path_b);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_COMPARE_H
