#include "stats.h"

#include <algorithm>
#include <cmath>

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

}  // namespace bench
