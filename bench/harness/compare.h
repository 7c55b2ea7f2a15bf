// bench --compare A.json B.json: per-scenario ratio of medians with a verdict
// that accounts for each run's own variability.
#ifndef TPOOL_BENCH_HARNESS_COMPARE_H
#define TPOOL_BENCH_HARNESS_COMPARE_H

#include <string>

namespace bench {

// Verdict rule: speed-up = B median tasks/s / A median tasks/s (for
// lifecycle and other rate-less scenarios, A median ms / B median ms), so > 1
// means B is faster. Noise = sqrt(rsdA^2 + rsdB^2) percent. The change counts
// only if |speed-up - 1| exceeds max(2 x noise, 2%); otherwise "within noise".
// Prints a table to stdout. Returns the process exit code (2 on bad input).
int compare_runs(const std::string &path_a, const std::string &path_b);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_COMPARE_H
