// One benchmark task and the run it belongs to.
//
// A task_record is exactly one cache line, so two workers finishing
// neighbouring tasks never write the same line. Its counters are written by
// the pool's threads and read only after every pool thread was joined, so the
// join orders them; they are atomics anyway so that a duplicated execution is
// counted, not lost in a race.
#ifndef TPOOL_BENCH_HARNESS_TASK_RECORD_H
#define TPOOL_BENCH_HARNESS_TASK_RECORD_H

#include <atomic>
#include <cstdint>

#include "peer_pool.h"
#include "sync/event_count.h"

namespace bench {

struct run_context;

struct alignas(64) task_record {
  bench_job job;  // first member: pools receive &job and we cast back
  run_context *context = nullptr;
  uint64_t checksum = 0;      // published by the task body
  uint64_t submit_ticks = 0;  // latency runs only: just before submit
  uint64_t start_ticks = 0;   // latency runs only: first thing in the body
  uint32_t task_id = 0;
  int8_t priority = 0;
  std::atomic<uint8_t> accepted{0};   // producer: submit returned success
  std::atomic<uint8_t> executed{0};   // body ran
  std::atomic<uint8_t> completed{0};  // outcome reported
  std::atomic<uint8_t> succeeded{0};  // outcome was done
  std::atomic<uint8_t> cancelled{0};  // outcome was cancelled
};
static_assert(sizeof(task_record) == 64, "one task per cache line");

// Shared by every task of one repetition. Must outlive every pool thread
// that may run or finish its tasks: shut the pool down (joining its threads)
// before destroying the context, because the task that completes the count
// still notifies through the context after the waiter could have seen it.
struct run_context {
  job_kind kind{};
  uint32_t iterations = 0;
  bool record_start_ticks = false;
  // Completion observation: the task whose outcome makes `finished` reach
  // `expected` notifies; the main thread waits on the event count, so no
  // kernel object sits on the per-task path.
  alignas(64) std::atomic<uint64_t> finished{0};
  std::atomic<uint64_t> expected{~uint64_t{0}};
  tpsync::event_count all_finished;

  explicit run_context(uint32_t iterations_per_task);

  // Waits until finished >= expected or timeout_ms elapses (returns false).
  bool wait_all_finished(uint32_t timeout_ms);
};

// The task body and outcome callback installed in run_context::kind.
void run_task(bench_job *job);
void finish_task(bench_job *job, job_outcome outcome);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_TASK_RECORD_H
