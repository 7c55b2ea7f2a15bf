// What one scenario measures and how one repetition of it is run.
#ifndef TPOOL_BENCH_HARNESS_SCENARIO_H
#define TPOOL_BENCH_HARNESS_SCENARIO_H

#include <cstdint>
#include <string>
#include <vector>

#include "task_inputs.h"
#include "validation.h"

namespace bench {

enum class scenario_kind { throughput, many_producers, serial_threads, lifecycle, inline_rate };

// The CSV `kind` value.
const char *kind_name(scenario_kind kind);

struct scenario {
  std::string id;     // e.g. "throughput/w4/i2048/uniform"
  std::string suite;  // "reference" or "extended"
  scenario_kind kind = scenario_kind::throughput;
  std::string pool;  // "tpool", "baseline", ... or "inline"
  uint32_t workers = 0;
  uint32_t producers = 0;
  uint32_t iterations = 0;
  priority_mix mix = priority_mix::none;
  uint64_t tasks = 0;
  uint32_t warmups = 0;
  uint32_t repetitions = 0;
  // Comparison suite: the block-shuffled inputs (block_shuffled_priorities)
  // instead of the reference shuffle, and, when batch > 0, producers submit
  // through peer_pool::submit_batch in chunks of batch tasks.
  bool block_inputs = false;
  uint32_t batch = 0;
};

// One validated repetition.
struct measurement {
  uint64_t ticks = 0;  // timed interval in os::ticks() units
  uint64_t tasks = 0;
  validated_totals totals;
};

// Runs one repetition of s: builds inputs, creates a fresh pool, times the
// documented boundary, shuts down and validates every task. Returns false and
// sets *failure on any error; *result is then untouched.
bool run_repetition(const scenario &s, injected_fault fault, measurement *result,
                    std::string *failure);

// The runners behind run_repetition, one per kind.
bool run_throughput(const scenario &s, injected_fault fault, measurement *result,
                    std::string *failure);
bool run_serial_threads(const scenario &s, injected_fault fault, measurement *result,
                        std::string *failure);
bool run_lifecycle(const scenario &s, measurement *result, std::string *failure);
bool run_inline(const scenario &s, injected_fault fault, measurement *result, std::string *failure);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_SCENARIO_H
