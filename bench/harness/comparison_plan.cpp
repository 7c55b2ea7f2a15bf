#include "comparison_plan.h"

#include <algorithm>
#include <cmath>

namespace bench {
namespace {

uint64_t round_up(uint64_t value, uint64_t granule) {
  return (value + granule - 1) / granule * granule;
}

}  // namespace

calibrated_units calibrate_units(uint64_t measured_units, double measured_ms,
                                 const calibration_rule &rule) {
  const uint64_t granule = std::max<uint64_t>(rule.granule, 1);
  const uint64_t low = round_up(std::max<uint64_t>(rule.min_units, 1), granule);
  const uint64_t high = std::max(low, rule.max_units / granule * granule);
  const double ms = measured_ms > 0 ? measured_ms : rule.target_ms / 1000.0;
  const double wanted =
      static_cast<double>(std::max<uint64_t>(measured_units, 1)) * rule.target_ms / ms;
  calibrated_units result;
  if (!(wanted < static_cast<double>(high))) {
    result.units = high;
    result.capped = wanted > static_cast<double>(high);
    return result;
  }
  result.units = std::clamp(round_up(static_cast<uint64_t>(std::ceil(wanted)), granule), low, high);
  return result;
}

bool calibration_needs_another_run(uint64_t measured_units, double measured_ms,
                                   const calibration_rule &rule) {
  return measured_ms < rule.target_ms / 4 && measured_units < rule.max_units;
}

std::vector<size_t> round_order(size_t pools, uint32_t round) {
  std::vector<size_t> order(pools);
  for (size_t i = 0; i < pools; ++i) order[i] = (i + round) % pools;
  return order;
}

bool wants_more_repetitions(const std::vector<double> &rsd_pct_per_pool, double limit_pct,
                            uint32_t repetitions, uint32_t max_repetitions) {
  if (repetitions >= max_repetitions) return false;
  return std::any_of(rsd_pct_per_pool.begin(), rsd_pct_per_pool.end(),
                     [limit_pct](double rsd) { return rsd > limit_pct; });
}

std::optional<double> handoff_ratio(std::optional<double> before_ns,
                                    std::optional<double> after_ns) {
  if (!before_ns || !after_ns || *before_ns <= 0 || *after_ns <= 0) return std::nullopt;
  return *after_ns / *before_ns;
}

bool is_handoff_change(double ratio) {
  return ratio > kHandoffChangeFactor || ratio < 1.0 / kHandoffChangeFactor;
}

bool handoff_changed(std::optional<double> before_ns, std::optional<double> after_ns) {
  const std::optional<double> ratio = handoff_ratio(before_ns, after_ns);
  return ratio && is_handoff_change(*ratio);
}

bool wants_another_try(std::optional<double> before_ns, std::optional<double> after_ns,
                       uint32_t tries, uint32_t run_retries) {
  return tries < kMaxCellTries && run_retries < kMaxRetriesPerRun &&
         handoff_changed(before_ns, after_ns);
}

}  // namespace bench
