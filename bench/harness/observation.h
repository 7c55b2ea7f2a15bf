// One measured, validated repetition: a CSV row and a JSON observation.
// Every column of csv_columns.h is read from the member of the same name.
#ifndef TPOOL_BENCH_HARNESS_OBSERVATION_H
#define TPOOL_BENCH_HARNESS_OBSERVATION_H

#include <cstdint>
#include <string>
#include <vector>

#include "scenario.h"
#include "stats.h"

namespace bench {

struct observation {
  std::string suite;
  std::string scenario;
  std::string kind;
  std::string pool;
  uint32_t workers = 0;
  uint32_t producers = 0;
  uint32_t iterations = 0;
  std::string mix;
  uint32_t repetition = 0;
  uint64_t tasks = 0;
  uint64_t high = 0;
  uint64_t medium = 0;
  uint64_t low = 0;
  uint64_t ticks = 0;
  uint64_t frequency = 0;
  double ms = 0;
  double tasks_per_s = 0;
  uint64_t accepted = 0;
  uint64_t executed = 0;
  uint64_t completed = 0;
  uint64_t succeeded = 0;
  uint64_t cancelled = 0;
  int validated = 1;
};

observation make_observation(const scenario &s, uint32_t repetition, const measurement &m,
                             uint64_t frequency);

// A scenario with all its measured rows and their summary.
struct scenario_result {
  scenario definition;
  std::vector<observation> rows;
  summary ms;
  summary tasks_per_s;
};

void summarize_result(scenario_result *result);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_OBSERVATION_H
