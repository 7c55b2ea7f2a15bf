// Summary statistics over a scenario's measured repetitions.
#ifndef TPOOL_BENCH_HARNESS_STATS_H
#define TPOOL_BENCH_HARNESS_STATS_H

#include <vector>

namespace bench {

struct summary {
  double min = 0;
  double median = 0;
  double max = 0;
  double mean = 0;
  // Relative standard deviation in percent: sample standard deviation
  // (n - 1) over the mean; 0 with fewer than two values or a zero mean.
  double rsd_pct = 0;
};

summary summarize(std::vector<double> values);

// The p-th percentile (0..100) by nearest rank on a copy; 0 if empty.
double percentile(std::vector<double> values, double p);

// The same on values already sorted ascending (no copy); 0 if empty.
double percentile_of_sorted(const std::vector<double> &sorted, double p);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_STATS_H
