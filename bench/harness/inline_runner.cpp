// The physical limit: the same task body run inline on the main thread, one
// task after another, with the same per-task bookkeeping as a pool run.
//
// Timed boundary: the loop over every task. Excluded: input creation and
// validation. Efficiency in the summaries is throughput divided by
// min(workers, logical cores) times this rate.
#include "bench_os.h"
#include "scenario.h"

namespace bench {

bool run_inline(const scenario &s, injected_fault fault, measurement *result,
                std::string *failure) {
  const priority_counts counts = counts_for(s.mix, s.tasks);
  task_group group(s.iterations);
  task_array tasks(shuffled_priorities(counts), &group);
  group.expected.store(tasks.size(), std::memory_order_release);

  const uint64_t start = os::ticks();
  for (size_t i = 0; i < tasks.size(); ++i) {
    task_record &record = tasks[i];
    record.accepted.store(1, std::memory_order_relaxed);
    group.kind.run(&record.task);
    group.kind.finish(&record.task, task_outcome::done);
  }
  const uint64_t stop = os::ticks();

  validated_totals totals;
  if (!validate_tasks(tasks, s.iterations, counts, fault, &totals, failure)) return false;
  result->ticks = stop - start;
  result->tasks = tasks.size();
  result->totals = totals;
  return true;
}

}  // namespace bench
