#include "stats.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>

namespace bench {

summary summarize(std::vector<double> values) {
  summary result;
  if (values.empty()) return result;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  result.min = values.front();
  result.max = values.back();
  result.median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  double sum = 0;
  for (double value : values) sum += value;
  result.mean = sum / static_cast<double>(n);
  if (n >= 2 && result.mean != 0) {
    double squares = 0;
    for (double value : values) squares += (value - result.mean) * (value - result.mean);
    result.rsd_pct = std::sqrt(squares / static_cast<double>(n - 1)) / result.mean * 100.0;
  }
  return result;
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return percentile_of_sorted(values, p);
}

double percentile_of_sorted(const std::vector<double> &sorted, double p) {
  if (sorted.empty()) return 0;
  const double rank = std::ceil(p / 100.0 * static_cast<double>(sorted.size()));
  size_t index = rank < 1 ? 0 : static_cast<size_t>(rank) - 1;
  if (index >= sorted.size()) index = sorted.size() - 1;
  return sorted[index];
}

double median(std::vector<double> values) {
  return summarize(std::move(values)).median;
}

namespace {

// splitmix64: a fixed, documented sequence, so intervals are reproducible.
class resample_rng {
 public:
  explicit resample_rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  size_t below(size_t bound) {
    return static_cast<size_t>((next() >> 32) * static_cast<uint64_t>(bound) >> 32);
  }

 private:
  uint64_t state_;
};

double resampled_median(const std::vector<double> &values, resample_rng *rng,
                        std::vector<double> *scratch) {
  scratch->resize(values.size());
  for (double &value : *scratch) value = values[rng->below(values.size())];
  const size_t n = scratch->size();
  auto middle = scratch->begin() + static_cast<std::ptrdiff_t>(n / 2);
  std::nth_element(scratch->begin(), middle, scratch->end());
  const double upper = *middle;
  if (n % 2 == 1) return upper;
  const double lower = *std::max_element(scratch->begin(), middle);
  return (lower + upper) / 2;
}

}  // namespace

ratio_interval bootstrap_ratio_of_medians(const std::vector<double> &numerator,
                                          const std::vector<double> &denominator,
                                          const bootstrap_settings &settings) {
  ratio_interval result;
  if (numerator.empty() || denominator.empty()) return result;
  const double bottom = median(denominator);
  if (bottom == 0) return result;
  result.ratio = median(numerator) / bottom;
  if (numerator.size() < 2 || denominator.size() < 2 || settings.resamples == 0) return result;
  resample_rng rng(settings.seed);
  std::vector<double> ratios;
  ratios.reserve(settings.resamples);
  std::vector<double> scratch;
  for (uint32_t i = 0; i < settings.resamples; ++i) {
    const double top = resampled_median(numerator, &rng, &scratch);
    const double under = resampled_median(denominator, &rng, &scratch);
    if (under != 0) ratios.push_back(top / under);
  }
  if (ratios.empty()) return result;
  std::sort(ratios.begin(), ratios.end());
  const double tail = (1.0 - settings.confidence) / 2.0 * 100.0;
  result.low = percentile_of_sorted(ratios, tail);
  result.high = percentile_of_sorted(ratios, 100.0 - tail);
  result.has_interval = true;
  return result;
}

const char *verdict_name(verdict value) {
  switch (value) {
    case verdict::faster:
      return "faster";
    case verdict::slower:
      return "slower";
    case verdict::within_noise:
      return "within noise";
    case verdict::flagged:
      return "flagged";
  }
  return "flagged";
}

verdict judge(const ratio_interval &interval, bool flagged) {
  if (flagged) return verdict::flagged;
  if (!interval.has_interval) return verdict::within_noise;
  if (interval.low > 1.0) return verdict::faster;
  if (interval.high < 1.0) return verdict::slower;
  return verdict::within_noise;
}

bool too_noisy(const std::vector<double> &samples, double limit_pct) {
  return summarize(samples).rsd_pct > limit_pct;
}

}  // namespace bench
