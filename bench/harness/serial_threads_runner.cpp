// Serial create-work-join of native threads (CreateThread on Windows,
// pthread_create elsewhere, through platform::thread_start): one thread per
// task, each started only after the previous one was joined.
//
// Timed boundary: just before the first thread start through the last join.
// Excluded: input creation and validation. This is a baseline for what a pool
// saves, not a like-for-like throughput comparison.
#include "platform/platform.h"
#include "scenario.h"

namespace bench {
namespace {

void thread_task(void *raw) {
  task_record *task = static_cast<task_record *>(raw);
  run_task(&task->job);
  finish_task(&task->job, job_outcome::done);
}

}  // namespace

bool run_serial_threads(const scenario &s, injected_fault fault, measurement *result,
                        std::string *failure) {
  const priority_counts counts = counts_for(priority_mix::none, s.tasks);
  run_context context(s.iterations);
  task_array tasks(shuffled_priorities(counts), &context);
  context.expected.store(tasks.size(), std::memory_order_release);

  const uint64_t start = platform::ticks();
  for (size_t i = 0; i < tasks.size(); ++i) {
    platform::thread_handle thread;
    tasks[i].accepted.store(1, std::memory_order_relaxed);
    if (!platform::thread_start(&thread, &thread_task, &tasks[i], {})) {
      *failure = "thread start failed at task " + std::to_string(i);
      return false;
    }
    platform::thread_join(&thread);
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
