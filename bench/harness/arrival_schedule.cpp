#include "arrival_schedule.h"

#include <cmath>

#include "task_inputs.h"

namespace bench {

std::vector<double> unit_arrivals(size_t count) {
  std::vector<double> times;
  times.reserve(count);
  input_lcg lcg(kArrivalSeed);
  double now = 0;
  for (size_t i = 0; i < count; ++i) {
    // (draw + 0.5) / 2^32 lies strictly inside (0, 1), so the log is finite.
    const double uniform = (static_cast<double>(lcg.next()) + 0.5) / 4294967296.0;
    now += -std::log(uniform);
    times.push_back(now);
  }
  return times;
}

std::vector<uint64_t> arrival_ticks(const std::vector<double> &unit, double rate_per_s,
                                    uint64_t tick_frequency) {
  std::vector<uint64_t> ticks;
  ticks.reserve(unit.size());
  const double ticks_per_unit = static_cast<double>(tick_frequency) / rate_per_s;
  for (double time : unit)
    ticks.push_back(static_cast<uint64_t>(std::llround(time * ticks_per_unit)));
  return ticks;
}

}  // namespace bench
