// Per-task validation, run after the producers were joined and the pool was
// shut down: every task id is checked on its own, never only a total.
#ifndef TPOOL_BENCH_HARNESS_VALIDATION_H
#define TPOOL_BENCH_HARNESS_VALIDATION_H

#include <cstdint>
#include <string>

#include "task_inputs.h"

namespace bench {

struct validated_totals {
  uint64_t accepted = 0;
  uint64_t executed = 0;
  uint64_t completed = 0;
  uint64_t succeeded = 0;
  uint64_t cancelled = 0;
  priority_counts counts;

  // The sums of two validated sets (a repetition made of several runs).
  validated_totals &operator+=(const validated_totals &other) {
    accepted += other.accepted;
    executed += other.executed;
    completed += other.completed;
    succeeded += other.succeeded;
    cancelled += other.cancelled;
    counts.high += other.counts.high;
    counts.medium += other.counts.medium;
    counts.low += other.counts.low;
    return *this;
  }
};

// Test-only faults that prove validation can fail (reachable only through
// bench --inject-fault). wrong_checksum flips a bit in one task's
// published result before validation, as a wrong result from a pool would.
enum class injected_fault { none, wrong_checksum };

// Checks, for every task: accepted = executed = completed = succeeded = 1,
// cancelled = 0 and checksum == compute_checksum(id, iterations); and that the
// priority counts equal `expected`. On success fills *totals and returns true;
// otherwise describes the first few problems in *failure.
bool validate_tasks(task_array &tasks, uint32_t iterations, const priority_counts &expected,
                    injected_fault fault, validated_totals *totals, std::string *failure);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_VALIDATION_H
