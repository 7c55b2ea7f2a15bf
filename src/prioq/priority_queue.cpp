#include "priority_queue.h"

#include "deadline.h"
#include "platform.h"

namespace prioq_impl {

static_assert(PRIOQ_INFINITE == platform::kInfinite, "timeouts go to the platform layer unchanged");

priority_queue::priority_queue(const prioq_config &config)
    : aging_threshold_ms_(config.aging_threshold_ms),
      capacity_(config.capacity),
      spin_count_(config.spin_count),
      item_size_(config.item_size) {}

bool priority_queue::init() {
  for (level &each : levels_) {
    if (!each.init(item_size_ / static_cast<uint32_t>(sizeof(uintptr_t)))) return false;
  }
  return true;
}

bool priority_queue::reserve_capacity(size_t count) {
  if (capacity_ == 0) return true;
  size_t current = count_.load(std::memory_order_relaxed);
  do {
    if (current > capacity_ || capacity_ - current < count) return false;
  } while (!count_.compare_exchange_weak(current, current + count, std::memory_order_relaxed));
  return true;
}

void priority_queue::release_capacity(size_t count) {
  if (capacity_ != 0) count_.fetch_sub(count, std::memory_order_relaxed);
}

// No lost wake-up: the reservation that made the items visible was a seq_cst
// compare-and-swap on a ring's tail, a blocking pop checks emptiness with
// seq_cst loads of the tails after prepare_wait(), and this is a seq_cst
// load of the waiter state (event_count::peek_ordered).
void priority_queue::wake_after_push(size_t count) {
  const uint64_t consumers = item_events_.peek_ordered();
  if (count == 1) {
    // A spinning consumer will take the item; waking a sleeper too would
    // only cost a system call (see hand_off).
    if (tpsync::event_count::should_wake(consumers)) item_events_.wake_one();
  } else if (tpsync::event_count::has_waiters(consumers)) {
    item_events_.wake_all();
  }
}

void priority_queue::hand_off() {
  if (tpsync::event_count::should_wake(item_events_.peek_ordered()) && any_nonempty()) {
    item_events_.wake_one();
  }
}

prioq_status priority_queue::push(const void *item, int32_t priority) {
  if (closed()) return PRIOQ_E_CLOSED;
  if (!reserve_capacity(1)) return PRIOQ_E_FULL;
  const uint64_t now = aging() ? platform::coarse_monotonic_ms() : 0;
  reservation spot;
  const prioq_status status = levels_[priority].reserve(1, &spot);
  if (status != PRIOQ_OK) {
    release_capacity(1);
    return status;
  }
  spot.target->publish(spot.first, item, now);
  wake_after_push(1);
  return PRIOQ_OK;
}

prioq_status priority_queue::push_batch(const item_source &items, size_t count) {
  if (closed()) return PRIOQ_E_CLOSED;
  if (!reserve_capacity(count)) return PRIOQ_E_FULL;
  uint64_t per_level[PRIOQ_PRIORITY_COUNT] = {};
  for (size_t i = 0; i < count; ++i) ++per_level[items.priority(i)];
  // All-or-nothing: reserve every level's block first. If one reservation
  // fails (no memory, or the queue closed meanwhile), the blocks already
  // reserved are filled with tombstones, which consumers drop unseen.
  reservation spots[PRIOQ_PRIORITY_COUNT];
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (per_level[p] == 0) continue;
    const prioq_status status = levels_[p].reserve(per_level[p], &spots[p]);
    if (status != PRIOQ_OK) {
      for (int q = 0; q < p; ++q) {
        if (spots[q].count != 0) levels_[q].abandon(spots[q]);
      }
      release_capacity(count);
      return status;
    }
  }
  const uint64_t now = aging() ? platform::coarse_monotonic_ms() : 0;
  uint64_t next[PRIOQ_PRIORITY_COUNT];
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) next[p] = spots[p].first;
  for (size_t i = 0; i < count; ++i) {
    const int32_t p = items.priority(i);
    spots[p].target->publish(next[p]++, items.item(i), now);
  }
  wake_after_push(count);
  return PRIOQ_OK;
}

bool priority_queue::any_nonempty() const {
  for (const level &each : levels_) {
    if (each.maybe_nonempty()) return true;
  }
  return false;
}

int priority_queue::select_aged(uint64_t *now_ms) const {
  int highest = -1;
  bool lower_waits = false;
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (!levels_[p].maybe_nonempty()) continue;
    if (highest < 0) {
      highest = p;
    } else {
      lower_waits = true;
      break;
    }
  }
  // Reading the clock costs more than the rest of a pop; only a choice
  // between two non-empty levels needs it.
  if (highest < 0 || !lower_waits) return highest;
  if (*now_ms == 0) *now_ms = platform::coarse_monotonic_ms();
  // Starvation bound: an overdue head of a lower level is taken only ahead
  // of NEWER items; among the highest level's head and the overdue heads,
  // the oldest wins. An older higher-priority item is never overtaken. A
  // head still being published counts as the newest item.
  int chosen = highest;
  uint64_t oldest = UINT64_MAX;
  levels_[highest].peek_pushed_ms(&oldest);
  for (int p = highest + 1; p < PRIOQ_PRIORITY_COUNT; ++p) {
    uint64_t pushed = 0;
    if (!levels_[p].peek_pushed_ms(&pushed)) continue;
    const bool overdue = *now_ms > pushed && *now_ms - pushed > aging_threshold_ms_;
    if (overdue && pushed < oldest) {
      chosen = p;
      oldest = pushed;
    }
    if (!overdue) {
      // Nothing behind this head was pushed earlier (best effort: see
      // no_overdue_before_ms_), so the level cannot be overdue until then.
      no_overdue_before_ms_[p].store(pushed + aging_threshold_ms_ + 1, std::memory_order_relaxed);
    }
  }
  return chosen;
}

bool priority_queue::maybe_overdue(uint64_t now_ms) const {
  for (int p = PRIOQ_PRIORITY_MEDIUM; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (now_ms >= no_overdue_before_ms_[p].load(std::memory_order_relaxed)) return true;
  }
  return false;
}

bool priority_queue::pop_one(void *out, int32_t *out_priority, uint64_t *now_ms) {
  uint64_t pushed_ms = 0;
  bool strict = !aging();
  if (!strict) {
    if (*now_ms == 0) *now_ms = platform::coarse_monotonic_ms();
    // The common case with aging on: no lower level's head can be overdue
    // yet, and the strict order is the contract's order.
    strict = !maybe_overdue(*now_ms);
  }
  if (strict) {
    for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
      if (levels_[p].pop(out, &pushed_ms)) {
        *out_priority = p;
        release_capacity(1);
        return true;
      }
    }
    return false;
  }
  for (;;) {
    const int chosen = select_aged(now_ms);
    if (chosen < 0) return false;
    if (levels_[chosen].pop(out, &pushed_ms)) {
      *out_priority = chosen;
      release_capacity(1);
      return true;
    }
    // Another consumer emptied that level since select_aged looked: choose again.
  }
}

prioq_status priority_queue::try_pop(const item_sink &out, size_t max_count, size_t *out_count) {
  uint64_t now_ms = 0;
  for (;;) {
    // Read closed_ before looking at the levels: closed_ is set after every
    // level is sealed, so empty levels seen after it stay empty.
    const bool was_closed = closed();
    size_t popped = 0;
    int32_t priority = 0;
    while (popped < max_count && pop_one(out.item(popped), &priority, &now_ms)) {
      out.set_priority(popped, priority);
      ++popped;
    }
    if (popped != 0) {
      *out_count = popped;
      return PRIOQ_OK;
    }
    if (!was_closed) return PRIOQ_E_EMPTY;
    // A push reserved before the seal may still be publishing: drain it.
    if (!any_nonempty()) return PRIOQ_E_CLOSED;
  }
}

prioq_status priority_queue::pop(const item_sink &out, size_t max_count, uint32_t timeout_ms,
                                 size_t *out_count) {
  prioq_status status = try_pop(out, max_count, out_count);
  if (status != PRIOQ_E_EMPTY || timeout_ms == 0) {
    return status == PRIOQ_E_EMPTY ? PRIOQ_E_TIMEOUT : status;
  }
  if (spin_count_ != 0) {
    item_events_.begin_spin();
    for (uint32_t spin = 0; spin < spin_count_; ++spin) {
      platform::cpu_relax();
      if (any_nonempty() || closed()) {
        status = try_pop(out, max_count, out_count);
        if (status != PRIOQ_E_EMPTY) break;
      }
    }
    item_events_.end_spin();
    if (status != PRIOQ_E_EMPTY) {
      if (status == PRIOQ_OK) hand_off();
      return status;
    }
  }
  const uint64_t deadline_ns = tpsync::deadline_after(timeout_ms);
  for (;;) {
    const uint32_t key = item_events_.prepare_wait();
    status = try_pop(out, max_count, out_count);
    if (status != PRIOQ_E_EMPTY) {
      item_events_.cancel_wait();
      if (status == PRIOQ_OK) hand_off();
      return status;
    }
    const uint32_t wait_ms = tpsync::remaining_ms(deadline_ns);
    if (wait_ms == 0) {
      item_events_.cancel_wait();
      return PRIOQ_E_TIMEOUT;
    }
    item_events_.wait(key, wait_ms);
  }
}

void priority_queue::close() {
  for (level &each : levels_) each.seal();
  closed_.store(true, std::memory_order_seq_cst);
  if (tpsync::event_count::has_waiters(item_events_.peek_ordered())) item_events_.wake_all();
}

size_t priority_queue::size(int32_t priority) const {
  uint64_t total = 0;
  if (priority == PRIOQ_PRIORITY_ALL) {
    for (const level &each : levels_) total += each.size();
  } else {
    total = levels_[priority].size();
  }
  return static_cast<size_t>(total);
}

}  // namespace prioq_impl
