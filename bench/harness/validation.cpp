#include "validation.h"

#include <sstream>

#include "workload.h"

namespace bench {

bool validate_tasks(task_array &tasks, uint32_t iterations, const priority_counts &expected,
                    injected_fault fault, validated_totals *totals, std::string *failure) {
  if (fault == injected_fault::wrong_checksum && tasks.size() > 0) {
    tasks[tasks.size() / 2].checksum ^= 1u;
  }
  validated_totals sums;
  std::ostringstream problems;
  uint64_t bad_tasks = 0;
  for (size_t i = 0; i < tasks.size(); ++i) {
    const task_record &task = tasks[i];
    const unsigned accepted = task.accepted.load(std::memory_order_relaxed);
    const unsigned executed = task.executed.load(std::memory_order_relaxed);
    const unsigned completed = task.completed.load(std::memory_order_relaxed);
    const unsigned succeeded = task.succeeded.load(std::memory_order_relaxed);
    const unsigned cancelled = task.cancelled.load(std::memory_order_relaxed);
    const bool checksum_ok = task.checksum == compute_checksum(task.task_id, iterations);
    sums.accepted += accepted;
    sums.executed += executed;
    sums.completed += completed;
    sums.succeeded += succeeded;
    sums.cancelled += cancelled;
    if (task.priority == 0) ++sums.counts.high;
    if (task.priority == 1) ++sums.counts.medium;
    if (task.priority == 2) ++sums.counts.low;
    const bool ok = accepted == 1 && executed == 1 && completed == 1 && succeeded == 1 &&
                    cancelled == 0 && checksum_ok;
    if (!ok) {
      if (bad_tasks < 5) {
        problems << " task " << task.task_id << ": accepted=" << accepted
                 << " executed=" << executed << " completed=" << completed
                 << " succeeded=" << succeeded << " cancelled=" << cancelled
                 << " checksum=" << (checksum_ok ? "ok" : "WRONG") << ";";
      }
      ++bad_tasks;
    }
  }
  if (sums.counts.high != expected.high || sums.counts.medium != expected.medium ||
      sums.counts.low != expected.low) {
    problems << " priority counts differ from the mix;";
    ++bad_tasks;
  }
  if (bad_tasks != 0) {
    *failure = std::to_string(bad_tasks) + " task(s) failed validation:" + problems.str();
    return false;
  }
  *totals = sums;
  return true;
}

}  // namespace bench
