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
  struct per_priority {
    std::atomic<uint64_t> started{0};
    std::atomic<uint64_t> done{0};
    std::atomic<uint64_t> failed{0};
    std::atomic<uint64_t> queue_wait_cycles_total{0};
    std::atomic<uint64_t> queue_wait_cycles_max{0};
  };

  per_priority priority[TPOOL_PRIORITY_COUNT];
  std::atomic<uint64_t> jobs_run{0};
  // Busy time (added per job, before its outcome is counted) and idle time
  // (added when the worker leaves the idle state or exits), in cycle-clock
  // units like the queue waits.
  std::atomic<uint64_t> busy_cycles{0};
  std::atomic<uint64_t> idle_cycles{0};
  std::atomic<int32_t> live{0};

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

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_WORKER_SLOT_H
