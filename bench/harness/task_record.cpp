#include "task_record.h"

#include "bench_os.h"
#include "workload.h"

namespace bench {

void run_task(bench_task *task) {
  task_record *record = reinterpret_cast<task_record *>(task);
  const task_group *group = record->group;
  if (group->record_start_ticks) record->start_ticks = os::ticks();
  record->executed.fetch_add(1, std::memory_order_relaxed);
  record->checksum = compute_checksum(record->task_id, group->iterations);
}

void finish_task(bench_task *task, task_outcome outcome) {
  task_record *record = reinterpret_cast<task_record *>(task);
  record->completed.fetch_add(1, std::memory_order_relaxed);
  if (outcome == task_outcome::done) record->succeeded.fetch_add(1, std::memory_order_relaxed);
  if (outcome == task_outcome::cancelled) record->cancelled.fetch_add(1, std::memory_order_relaxed);
  record->group->note_finished();
}

}  // namespace bench
