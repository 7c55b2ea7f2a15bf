// Diagnostics snapshots: loads only, so reading the counters never stops or
// slows the pool; O(workers used) loads.
//
// The order of the loads is what keeps tpool_stats' documented per-level
// relations true while jobs run (worker_slot.h has the writer's side):
// every counter is loaded with acquire after the counters whose increments
// come later for the same job. A job's increments happen in the order
// submitted (submitter, before the push), started, queue_wait_cycles_total,
// queue_wait_cycles_max, done or failed (worker) or cancelled (canceller,
// after the push); so the snapshot loads max, total, done, failed, started,
// cancelled and submitted last.
#include <algorithm>

#include "cycle_clock.h"
#include "pool.h"

namespace tpool_impl {
namespace {
uint32_t clamp_count(int64_t value) {
  return value <= 0 ? 0u : static_cast<uint32_t>(std::min<int64_t>(value, UINT32_MAX));
}
}  // namespace

void pool::get_stats(tpool_stats *out) const {
  tpool_stats stats{};
  stats.struct_size = sizeof(tpool_stats);
  stats.workers_live = clamp_count(live_workers_.load(std::memory_order_relaxed));
  stats.workers_idle = clamp_count(idle_workers_.load(std::memory_order_relaxed));
  stats.workers_peak = workers_peak_.load(std::memory_order_relaxed);
  stats.workers_min = min_workers_;
  stats.workers_max = max_workers_;
  stats.workers_grown = workers_grown_.load(std::memory_order_relaxed);
  stats.workers_reaped = workers_reaped_.load(std::memory_order_relaxed);

  const uint32_t used = slots_used_.load(std::memory_order_acquire);
  for (int priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    tpool_priority_stats &level = stats.priority[priority];
    for (uint32_t index = 0; index < used; ++index) {
      const worker_slot &slot = slots_[index];
      const uint64_t wait_max =
          slot.queue_wait_cycles_max[priority].load(std::memory_order_acquire);
      level.queue_wait_ns_total +=
          slot.queue_wait_cycles_total[priority].load(std::memory_order_acquire);
      level.queue_wait_ns_max = std::max(level.queue_wait_ns_max, wait_max);
      level.done += slot.done[priority].load(std::memory_order_acquire);
      level.failed += slot.failed[priority].load(std::memory_order_acquire);
      level.started += slot.started[priority].load(std::memory_order_acquire);
    }
    // Summed in cycles, converted once: the conversion is monotonic, so
    // max <= total survives it, and its rate never changes (cycle_clock.h),
    // so neither value ever moves backwards between snapshots.
    level.queue_wait_ns_total = platform::cycles_to_ns(level.queue_wait_ns_total);
    level.queue_wait_ns_max = platform::cycles_to_ns(level.queue_wait_ns_max);
    level.cancelled = cancelled_[priority].load(std::memory_order_acquire);
    level.submitted = submitted_[priority].load(std::memory_order_acquire);
    // Never negative given the load order; the clamp only keeps a bug from
    // turning into a huge number.
    const uint64_t left = level.started + level.cancelled;
    level.queued = level.submitted > left ? level.submitted - left : 0;
  }
  *out = stats;
}

bool pool::get_worker_stats(size_t index, tpool_worker_stats *out) const {
  if (index >= slots_used_.load(std::memory_order_acquire)) return false;
  const worker_slot &slot = slots_[index];
  tpool_worker_stats worker{};
  worker.struct_size = sizeof(tpool_worker_stats);
  worker.worker_index = static_cast<uint32_t>(index);
  worker.live = slot.live.load(std::memory_order_relaxed);
  worker.jobs_run = slot.jobs_run.load(std::memory_order_relaxed);
  worker.busy_ns = platform::cycles_to_ns(slot.busy_cycles.load(std::memory_order_relaxed));
  worker.idle_ns = platform::cycles_to_ns(slot.idle_cycles.load(std::memory_order_relaxed));
  *out = worker;
  return true;
}

}  // namespace tpool_impl
