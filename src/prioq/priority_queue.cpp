#include "prioq/priority_queue.h"

#include <cstdlib>
#include <cstring>
#include <new>

#include "platform/fault_injection.h"
#include "platform/platform.h"

namespace prioq_impl {

bool ring::reserve(size_t extra) {
  if (capacity - count >= extra) return true;
  size_t new_capacity = capacity == 0 ? 64 : capacity;
  while (new_capacity - count < extra) {
    if (new_capacity > (SIZE_MAX / sizeof(entry)) / 2) return false;
    new_capacity *= 2;
  }
  if (platform::fault::should_fail(platform::fault::point::allocation)) return false;
  entry *grown = static_cast<entry *>(std::malloc(new_capacity * sizeof(entry)));
  if (grown == nullptr) return false;
  // Unwrap the ring into the front of the new buffer.
  for (size_t i = 0; i < count; ++i) grown[i] = slots[(head + i) & (capacity - 1)];
  std::free(slots);
  slots = grown;
  capacity = new_capacity;
  head = 0;
  return true;
}

void ring::release() {
  std::free(slots);
  slots = nullptr;
  capacity = head = count = 0;
}

priority_queue::priority_queue(const prioq_config &config)
    : aging_threshold_ms_(config.aging_threshold_ms),
      capacity_(config.capacity),
      spin_count_(config.spin_count) {}

priority_queue::~priority_queue() {
  tpsync::lock_guard guard(lock_);
  for (ring &level : levels_) level.release();
}

void priority_queue::publish_sizes() {
  total_snapshot_.store(total_, std::memory_order_relaxed);
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    level_sizes_[p].store(levels_[p].count, std::memory_order_relaxed);
  }
}

prioq_status priority_queue::push(void *item, int32_t priority) {
  const uint64_t now = aging() ? platform::coarse_monotonic_ms() : 0;
  uint32_t consumers = 0;
  {
    tpsync::lock_guard guard(lock_);
    if (closed_.load(std::memory_order_relaxed)) return PRIOQ_E_CLOSED;
    if (capacity_ != 0 && total_ >= capacity_) return PRIOQ_E_FULL;
    ring &level = levels_[priority];
    if (!level.reserve(1)) return PRIOQ_E_OUT_OF_MEMORY;
    level.push_back(entry{item, now});
    ++total_;
    total_snapshot_.store(total_, std::memory_order_relaxed);
    level_sizes_[priority].store(level.count, std::memory_order_relaxed);
    consumers = item_events_.peek();  // under lock_: see event_count::peek
  }
  // A spinning consumer will take the item; waking a sleeper too would only
  // cost a system call (see the hand-off rule in event_count.h).
  if (tpsync::event_count::should_wake(consumers)) item_events_.wake_one();
  return PRIOQ_OK;
}

prioq_status priority_queue::push_batch(const prioq_item *items, size_t count) {
  size_t per_level[PRIOQ_PRIORITY_COUNT] = {};
  uint32_t consumers = 0;
  for (size_t i = 0; i < count; ++i) ++per_level[items[i].priority];
  const uint64_t now = aging() ? platform::coarse_monotonic_ms() : 0;
  {
    tpsync::lock_guard guard(lock_);
    if (closed_.load(std::memory_order_relaxed)) return PRIOQ_E_CLOSED;
    if (capacity_ != 0 && (total_ > capacity_ || capacity_ - total_ < count)) return PRIOQ_E_FULL;
    // Reserve everything first so the batch is all-or-nothing: a failed
    // reservation leaves only spare capacity behind, never a partial batch.
    for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
      if (!levels_[p].reserve(per_level[p])) return PRIOQ_E_OUT_OF_MEMORY;
    }
    for (size_t i = 0; i < count; ++i) levels_[items[i].priority].push_back(entry{items[i].value, now});
    total_ += count;
    publish_sizes();
    consumers = item_events_.peek();
  }
  if (tpsync::event_count::has_waiters(consumers)) {
    if (count == 1) {
      item_events_.wake_one();
    } else {
      item_events_.wake_all();
    }
  }
  return PRIOQ_OK;
}

int priority_queue::select_level(uint64_t now_ms) const {
  int highest = -1;
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (levels_[p].count != 0) {
      highest = p;
      break;
    }
  }
  if (highest < 0 || !aging()) return highest;
  // Starvation bound: an overdue head of a lower level is taken only ahead
  // of NEWER items; among the highest level's head and the overdue heads, the
  // oldest wins. An older higher-priority item is never overtaken.
  int chosen = highest;
  uint64_t oldest = levels_[highest].front().pushed_ms;
  for (int p = highest + 1; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (levels_[p].count == 0) continue;
    const uint64_t pushed = levels_[p].front().pushed_ms;
    const bool overdue = now_ms > pushed && now_ms - pushed > aging_threshold_ms_;
    if (overdue && pushed < oldest) {
      chosen = p;
      oldest = pushed;
    }
  }
  return chosen;
}

prioq_status priority_queue::try_pop(prioq_item *out_items, size_t max_count, size_t *out_count) {
  // Empty fast path without the lock, for callers that will not sleep on the
  // answer. A stale zero is a pop that linearized before the push.
  if (total_snapshot_.load(std::memory_order_acquire) == 0) {
    return closed() ? PRIOQ_E_CLOSED : PRIOQ_E_EMPTY;
  }
  return pop_locked(out_items, max_count, out_count);
}

prioq_status priority_queue::pop_locked(prioq_item *out_items, size_t max_count,
                                        size_t *out_count) {
  size_t popped = 0;
  bool more_left = false;
  uint32_t consumers = 0;
  {
    tpsync::lock_guard guard(lock_);
    if (total_ == 0) return closed_.load(std::memory_order_relaxed) ? PRIOQ_E_CLOSED : PRIOQ_E_EMPTY;
    // Reading the clock costs far more than the rest of a pop; only aging
    // with at least two non-empty levels needs it.
    bool need_clock = false;
    if (aging()) {
      int non_empty = 0;
      for (const ring &level : levels_) non_empty += level.count != 0 ? 1 : 0;
      need_clock = non_empty > 1;
    }
    const uint64_t now = need_clock ? platform::coarse_monotonic_ms() : 0;
    while (popped < max_count && total_ != 0) {
      const int level = select_level(now);
      const entry item = levels_[level].pop_front();
      out_items[popped].value = item.value;
      out_items[popped].priority = level;
      ++popped;
      --total_;
    }
    more_left = total_ != 0;
    publish_sizes();
    if (more_left) consumers = item_events_.peek();
  }
  *out_count = popped;
  // Hand-off: a push may have skipped waking a sleeper because a consumer
  // was spinning; pass the remaining work on (event_count.h).
  if (more_left && tpsync::event_count::should_wake(consumers)) item_events_.wake_one();
  return PRIOQ_OK;
}

prioq_status priority_queue::pop(prioq_item *out_items, size_t max_count, uint32_t timeout_ms,
                                 size_t *out_count) {
  prioq_status status = try_pop(out_items, max_count, out_count);
  if (status != PRIOQ_E_EMPTY || timeout_ms == 0) {
    return status == PRIOQ_E_EMPTY ? PRIOQ_E_TIMEOUT : status;
  }
  if (spin_count_ != 0) {
    item_events_.begin_spin();
    for (uint32_t spin = 0; spin < spin_count_; ++spin) {
      platform::cpu_relax();
      if (total_snapshot_.load(std::memory_order_relaxed) != 0 || closed()) {
        status = try_pop(out_items, max_count, out_count);
        if (status != PRIOQ_E_EMPTY) {
          item_events_.end_spin();
          return status;
        }
      }
    }
    item_events_.end_spin();
  }
  const bool infinite = timeout_ms == PRIOQ_INFINITE;
  const uint64_t deadline =
      infinite ? 0 : platform::monotonic_ns() + static_cast<uint64_t>(timeout_ms) * 1000000ull;
  for (;;) {
    const uint32_t key = item_events_.prepare_wait();
    // Under the lock, never the lock-free fast path: pushes read the waiter
    // count under the same lock, which is what makes a lost wake-up
    // impossible (event_count::peek).
    status = pop_locked(out_items, max_count, out_count);
    if (status != PRIOQ_E_EMPTY) {
      item_events_.cancel_wait();
      return status;
    }
    uint32_t wait_ms = platform::kInfinite;
    if (!infinite) {
      const uint64_t now = platform::monotonic_ns();
      if (now >= deadline) {
        item_events_.cancel_wait();
        return PRIOQ_E_TIMEOUT;
      }
      // Round up so we never wake just before the deadline and spin.
      const uint64_t remaining_ms = (deadline - now + 999999ull) / 1000000ull;
      wait_ms = remaining_ms >= platform::kInfinite ? platform::kInfinite - 1
                                                    : static_cast<uint32_t>(remaining_ms);
    }
    item_events_.wait(key, wait_ms);
  }
}

void priority_queue::close() {
  uint32_t consumers = 0;
  {
    tpsync::lock_guard guard(lock_);
    closed_.store(true, std::memory_order_release);
    consumers = item_events_.peek();
  }
  if (tpsync::event_count::has_waiters(consumers)) item_events_.wake_all();
}

size_t priority_queue::size(int32_t priority) const {
  if (priority == PRIOQ_PRIORITY_ALL) return total_snapshot_.load(std::memory_order_acquire);
  return level_sizes_[priority].load(std::memory_order_acquire);
}

}  // namespace prioq_impl
