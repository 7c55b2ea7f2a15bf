// Summary statistics over a scenario's measured repetitions, and the
// comparison suite's ratio of medians with its bootstrap interval and
// verdict (docs/measurement-notes.md#the-comparison-suite).
#ifndef TPOOL_BENCH_HARNESS_STATS_H
#define TPOOL_BENCH_HARNESS_STATS_H

#include <cstdint>
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

// The median of values (mean of the middle pair for an even count); 0 if
// empty.
double median(std::vector<double> values);

// A ratio of medians and its percentile bootstrap interval.
struct ratio_interval {
  double ratio = 0;  // median(numerator) / median(denominator); 0 if undefined
  double low = 0;
  double high = 0;
  bool has_interval = false;  // both samples have at least two values
};

struct bootstrap_settings {
  uint32_t resamples = 10000;
  uint64_t seed = 0x5eed0b57u;
  double confidence = 0.95;
};

// median(numerator) / median(denominator) with a percentile bootstrap
// interval: each sample is resampled independently with replacement
// (settings.resamples times, a fixed-seed generator, so the same inputs give
// the same interval), the ratio of the resamples' medians taken each time,
// and the interval is the (1 - confidence) / 2 and (1 + confidence) / 2
// percentiles of those ratios. A resample whose denominator median is 0 is
// skipped. No interval with fewer than two values on either side.
ratio_interval bootstrap_ratio_of_medians(const std::vector<double> &numerator,
                                          const std::vector<double> &denominator,
                                          const bootstrap_settings &settings = {});

enum class verdict { faster, slower, within_noise, flagged };

// "faster", "slower", "within noise", "flagged".
const char *verdict_name(verdict value);

// faster: the interval lies entirely above 1; slower: entirely below 1;
// within noise otherwise (also without an interval); flagged when either
// side is too noisy to judge, whatever the interval says.
verdict judge(const ratio_interval &interval, bool flagged);

// True when a (cell, pool)'s samples vary more than limit_pct RSD.
bool too_noisy(const std::vector<double> &samples, double limit_pct);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_STATS_H
