// Serial create-work-join of native threads (_beginthreadex on Windows,
// pthread_create elsewhere, through os::start_native_thread): one thread per
// task, each started only after the previous one was joined.
//
// Timed boundary: just before the first thread start through the last join.
// Excluded: input creation and validation. It shows what a pool saves; it is
// not a like-for-like throughput comparison.
#include "bench_os.h"
#include "scenario.h"

namespace bench {
namespace {

void thread_task(void *arg) {
  task_record *record = static_cast<task_record *>(arg);
  run_task(&record->task);
  finish_task(&record->task, task_outcome::done);
}

}  // namespace

bool run_serial_threads(const scenario &s, injected_fault fault, measurement *result,
                        std::string *failure) {
  const priority_counts counts = counts_for(priority_mix::none, s.tasks);
  task_group group(s.iterations);
  task_array tasks(shuffled_priorities(counts), &group);
  group.expected.store(tasks.size(), std::memory_order_release);

  const uint64_t start = os::ticks();
  for (size_t i = 0; i < tasks.size(); ++i) {
    os::native_thread thread;
    tasks[i].accepted.store(1, std::memory_order_relaxed);
    if (!os::start_native_thread(&thread, &thread_task, &tasks[i])) {
      *failure = "thread start failed at task " + std::to_string(i);
      return false;
    }
    os::join_native_thread(&thread);
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
