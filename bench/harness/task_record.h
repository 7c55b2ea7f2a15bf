// One benchmark task, and the body every pool runs for it.
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
#include "task_group.h"

namespace bench {

struct alignas(64) task_record {
  bench_task task;  // first member: pools receive &task and we cast back
  task_group *group = nullptr;
  uint64_t checksum = 0;      // published by the task body
  uint64_t submit_ticks = 0;  // probes only: submit (or scheduled arrival) time
  uint64_t start_ticks = 0;   // probes only: first thing in the body
  uint32_t task_id = 0;
  int8_t priority = 0;
  std::atomic<uint8_t> accepted{0};   // producer: submit returned success
  std::atomic<uint8_t> executed{0};   // body ran
  std::atomic<uint8_t> completed{0};  // outcome reported
  std::atomic<uint8_t> succeeded{0};  // outcome was done
  std::atomic<uint8_t> cancelled{0};  // outcome was cancelled
};
static_assert(sizeof(task_record) == 64, "one task per cache line");

// Submits record's task to pool at priority; true (and the record marked
// accepted) if the pool took it. The mark is written before the submit and
// taken back on a refusal: once the submit returns, a worker may be running
// the task and own the record's line, and a mark written then cost the
// producer a cache miss per task, a cost that grew with how fast the pool
// picks tasks up (the fastest pool paid most).
inline bool submit_task(peer_pool &pool, task_record &record, int32_t priority) {
  record.accepted.store(1, std::memory_order_relaxed);
  if (pool.submit(&record.task, priority)) return true;
  record.accepted.store(0, std::memory_order_relaxed);
  return false;
}

// The task body and outcome callback task_group installs in its kind.
void run_task(bench_task *task);
void finish_task(bench_task *task, task_outcome outcome);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_TASK_RECORD_H
