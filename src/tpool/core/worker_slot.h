// One worker's slot: its thread handle and its own counters.
//
// Each slot sits on its own cache lines, and only the worker running in it
// writes its counters (plain load + store, no read-modify-write), so the
// statistics cost the hot path no shared cache-line traffic.
//
// Ordering (what makes tpool_stats' per-level relations hold in every
// snapshot): for one job the worker stores started, then
// queue_wait_cycles_total, then queue_wait_cycles_max, and later done or
// failed, each with release; the reader (pool_stats.cpp) loads them with
// acquire in the opposite order, so whatever later counter it sees, it also
// sees the earlier ones it depends on. On x86 both are plain moves. Queue
// waits are kept in cycle-clock units (cycle_clock.h) and converted by the
// reader.
//
// A slot is reused after its thread exited (reaping) and was joined; the join
// orders the old thread's writes before the new thread's, and the counters
// keep accumulating.
#ifndef TPOOL_SRC_TPOOL_CORE_WORKER_SLOT_H
#define TPOOL_SRC_TPOOL_CORE_WORKER_SLOT_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "job_allocator.h"
#include "platform.h"
#include "tpool/tpool.h"

namespace tpool_impl {

class pool;

// Adds to a counter that only the calling thread writes (release: see above).
inline void bump(std::atomic<uint64_t> &counter, uint64_t amount = 1) {
  counter.store(counter.load(std::memory_order_relaxed) + amount, std::memory_order_release);
}

struct alignas(64) worker_slot {
  // Field by field, not priority by priority: every job writes the first
  // line and the second whatever its priority, so a rare HIGH job among LOW
  // ones finds its counters in this worker's cache instead of missing on a
  // line no job had touched since the pool was created (or since a stats
  // snapshot read it). Only failed, written by failures alone, is apart.
  // One job, in order: started, queue_wait_cycles_total, queue_wait_cycles_max
  // (count_start), then busy_cycles, jobs_run and done or failed
  // (count_finish).
  std::atomic<uint64_t> started[TPOOL_PRIORITY_COUNT] = {};
  std::atomic<uint64_t> done[TPOOL_PRIORITY_COUNT] = {};
  std::atomic<uint64_t> jobs_run{0};
  // Busy time (added per job, before its outcome is counted) and idle time
  // (added when the worker leaves the idle state or exits), in cycle-clock
  // units like the queue waits.
  std::atomic<uint64_t> busy_cycles{0};
  std::atomic<uint64_t> queue_wait_cycles_total[TPOOL_PRIORITY_COUNT] = {};
  std::atomic<uint64_t> queue_wait_cycles_max[TPOOL_PRIORITY_COUNT] = {};
  std::atomic<uint64_t> idle_cycles{0};
  std::atomic<int32_t> live{0};
  std::atomic<uint64_t> failed[TPOOL_PRIORITY_COUNT] = {};

  // A job of priority that waited `waited` cycles in the queue starts.
  void count_start(int32_t priority, uint64_t waited) {
    bump(started[priority]);
    bump(queue_wait_cycles_total[priority], waited);
    if (waited > queue_wait_cycles_max[priority].load(std::memory_order_relaxed)) {
      queue_wait_cycles_max[priority].store(waited, std::memory_order_release);
    }
  }
  // A job of priority finished (failed or not) after busy cycles on this
  // worker (0: not counted as busy time, as for a job run inside a wait).
  void count_finish(int32_t priority, bool job_failed, uint64_t busy) {
    if (busy != 0) bump(busy_cycles, busy);
    bump(jobs_run);
    bump(job_failed ? failed[priority] : done[priority]);
  }

  // Records whose last reference this worker dropped (job_allocator.h);
  // empty whenever the worker is not running jobs.
  record_magazine freed;

  // Thread bookkeeping, guarded by the pool's lifecycle lock. exited is set
  // by the worker itself as its last act on the pool.
  std::atomic<bool> exited{false};
  platform::thread_handle thread;
  pool *owner = nullptr;
  uint32_t index = 0;
};

static_assert(offsetof(worker_slot, busy_cycles) + sizeof(uint64_t) <= 64,
              "what every job writes first shares one line");
static_assert(offsetof(worker_slot, live) + sizeof(int32_t) <= 128,
              "queue waits share the second line");

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_WORKER_SLOT_H
