// Diagnostics snapshots. Only relaxed loads: reading the counters never
// stops or slows the pool, and costs O(workers used) loads.
#include <algorithm>

#include "tpool/pool.h"

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
      const worker_slot::per_priority &counters = slots_[index].priority[priority];
      level.started += counters.started.load(std::memory_order_relaxed);
      level.done += counters.done.load(std::memory_order_relaxed);
      level.failed += counters.failed.load(std::memory_order_relaxed);
      level.queue_wait_ns_total += counters.queue_wait_ns_total.load(std::memory_order_relaxed);
      level.queue_wait_ns_max = std::max(
          level.queue_wait_ns_max, counters.queue_wait_ns_max.load(std::memory_order_relaxed));
    }
    level.cancelled = cancelled_[priority].load(std::memory_order_relaxed);
    // Read last: submitted only grows, so reading it after started and
    // cancelled keeps the difference from going negative in most races; a
    // job counted as started before its submitter counted it is clamped.
    level.submitted = submitted_[priority].load(std::memory_order_relaxed);
    const uint64_t left = level.started + level.cancelled;
    level.queued = level.submitted > left ? level.submitted - left : 0;
  }
  *out = stats;
}

size_t pool::get_worker_stats(tpool_worker_stats *out, size_t capacity) const {
  const uint32_t used = slots_used_.load(std::memory_order_acquire);
  const size_t filled = std::min<size_t>(capacity, used);
  for (size_t index = 0; index < filled; ++index) {
    const worker_slot &slot = slots_[index];
    tpool_worker_stats worker{};
    worker.struct_size = sizeof(tpool_worker_stats);
    worker.worker_index = static_cast<uint32_t>(index);
    worker.live = slot.live.load(std::memory_order_relaxed);
    worker.jobs_run = slot.jobs_run.load(std::memory_order_relaxed);
    worker.busy_ns = slot.busy_ns.load(std::memory_order_relaxed);
    worker.idle_ns = slot.idle_ns.load(std::memory_order_relaxed);
    out[index] = worker;
  }
  return filled;
}

}  // namespace tpool_impl
