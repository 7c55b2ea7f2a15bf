#include "task_record.h"

#include "platform/platform.h"
#include "workload.h"

namespace bench {

run_context::run_context(uint32_t iterations_per_task) : iterations(iterations_per_task) {
  kind.run = &run_task;
  kind.finish = &finish_task;
}

bool run_context::wait_all_finished(uint32_t timeout_ms) {
  const uint64_t deadline = platform::monotonic_ns() + uint64_t{timeout_ms} * 1000000u;
  for (;;) {
    const uint32_t key = all_finished.prepare_wait();
    if (finished.load(std::memory_order_acquire) >= expected.load(std::memory_order_acquire)) {
      all_finished.cancel_wait();
      return true;
    }
    const uint64_t now = platform::monotonic_ns();
    if (now >= deadline) {
      all_finished.cancel_wait();
      return false;
    }
    const uint64_t left_ms = (deadline - now) / 1000000u + 1;
    all_finished.wait(key, static_cast<uint32_t>(left_ms < 100 ? left_ms : 100));
  }
}

void run_task(bench_job *job) {
  task_record *task = reinterpret_cast<task_record *>(job);
  const run_context *context = task->context;
  if (context->record_start_ticks) task->start_ticks = platform::ticks();
  task->executed.fetch_add(1, std::memory_order_relaxed);
  task->checksum = compute_checksum(task->task_id, context->iterations);
}

void finish_task(bench_job *job, job_outcome outcome) {
  task_record *task = reinterpret_cast<task_record *>(job);
  run_context *context = task->context;
  task->completed.fetch_add(1, std::memory_order_relaxed);
  if (outcome == job_outcome::done) task->succeeded.fetch_add(1, std::memory_order_relaxed);
  if (outcome == job_outcome::cancelled) task->cancelled.fetch_add(1, std::memory_order_relaxed);
  const uint64_t finished = context->finished.fetch_add(1, std::memory_order_acq_rel) + 1;
  if (finished >= context->expected.load(std::memory_order_acquire)) {
    context->all_finished.notify_all();
  }
}

}  // namespace bench
