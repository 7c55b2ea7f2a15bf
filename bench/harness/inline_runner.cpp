// The physical limit: the same task body run inline on the main thread, one
// task after another, with the same per-task bookkeeping as a pool run.
//
// Timed boundary: the loop over every task. Excluded: input creation and
// validation. Efficiency in the summaries is throughput divided by
// min(workers, logical cores) times this rate.
#include "platform/platform.h"
#include "scenario.h"

namespace bench {

bool run_inline(const scenario &s, injected_fault fault, measurement *result,
                std::string *failure) {
  const priority_counts counts = counts_for(s.mix, s.tasks);
  run_context context(s.iterations);
  task_array tasks(shuffled_priorities(counts), &context);
  context.expected.store(tasks.size(), std::memory_order_release);

  const uint64_t start = platform::ticks();
  for (size_t i = 0; i < tasks.size(); ++i) {
    task_record &task = tasks[i];
    task.accepted.store(1, std::memory_order_relaxed);
    context.kind.run(&task.job);
    context.kind.finish(&task.job, job_outcome::done);
  }
  const uint64_t stop = platform::ticks();

  validated_totals totals;
  if (!validate_tasks(tasks, s.iterations, counts, fault, &totals, failure)) return false;
  result->ticks = stop - start;
  result->tasks = tasks.size();
  result->totals = totals;
  return true;
}

}  // namespace bench
