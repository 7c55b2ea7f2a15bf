// The queue behind prioq.dll: three levels (level.h), one per priority,
// each a lock-free FIFO, plus an event_count for blocking pops.
//
// Why per-level lock-free FIFOs and not one lock around three queues: with
// one lock every push and pop of every thread serializes on one cache line
// and a descheduled lock holder stalls everyone; here producers of one level
// meet only on that level's tail, consumers on its head, and nobody waits for
// a descheduled thread except a consumer that reached the very position that
// thread reserved.
//
// Cross-level order without a lock: a pop tries HIGH, then MEDIUM, then LOW
// and takes the first item it finds. An item whose push completed before the
// pop started is visible to it (a reserved but unpublished position counts as
// present, and the pop waits for it), so a pop never returns a lower-priority
// item while an older higher-priority one sits in the queue; it may miss an
// item whose push overlaps with it, which is the same as that pop having
// happened first. Aging peeks at the levels' heads instead (select_aged).
//
// Invariants:
//  - Every accepted push reserved positions in exactly one level and
//    publishes them exactly once; every pop claims exactly one position.
//  - closed_ is set only after every level is sealed, so once a pop sees
//    closed_ and then finds every level empty, the queue stays empty.
//  - With a capacity, count_ is the number of accepted, not yet popped
//    items and never exceeds capacity_ (pushes reserve before reserving
//    positions, pops release after claiming).
#ifndef TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H
#define TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "event_count.h"
#include "level.h"
#include "prioq/prioq.h"

namespace prioq_impl {

// Where the items of a batch push come from, or where popped items go:
// item i's bytes at bytes + i * bytes_stride, its priority at
// priorities + i * priorities_stride (in bytes). One shape covers both the
// pointer API's prioq_item arrays (interleaved) and the item API's
// separate arrays.
struct item_source {
  const unsigned char *bytes;
  size_t bytes_stride;
  const unsigned char *priorities;
  size_t priorities_stride;
  const void *item(size_t i) const { return bytes + i * bytes_stride; }
  int32_t priority(size_t i) const {
    int32_t value;
    std::memcpy(&value, priorities + i * priorities_stride, sizeof(value));
    return value;
  }
};
struct item_sink {
  unsigned char *bytes;
  size_t bytes_stride;
  unsigned char *priorities;  // may be null
  size_t priorities_stride;
  void *item(size_t i) const { return bytes + i * bytes_stride; }
  void set_priority(size_t i, int32_t value) const {
    if (priorities != nullptr)
      std::memcpy(priorities + i * priorities_stride, &value, sizeof(value));
  }
};

class priority_queue {
 public:
  explicit priority_queue(const prioq_config &config);
  priority_queue(const priority_queue &) = delete;
  priority_queue &operator=(const priority_queue &) = delete;

  // Allocates the levels' first rings; false if allocation failed (the
  // object must then only be destroyed).
  bool init();

  // Items are item_size() bytes, copied in and out.
  uint32_t item_size() const { return item_size_; }
  prioq_status push(const void *item, int32_t priority);
  prioq_status push_batch(const item_source &items, size_t count);
  // Pops up to max_count items without waiting. *out_count >= 1 on PRIOQ_OK.
  prioq_status try_pop(const item_sink &out, size_t max_count, size_t *out_count);
  // As try_pop, waiting up to timeout_ms for the first item.
  prioq_status pop(const item_sink &out, size_t max_count, uint32_t timeout_ms, size_t *out_count);
  void close();
  bool closed() const { return closed_.load(std::memory_order_seq_cst); }
  size_t size(int32_t priority) const;

 private:
  // Pops one item in contract order; false if every level looked empty.
  // *now_ms caches the coarse clock across the items of one batch (0: unread).
  bool pop_one(void *out, int32_t *out_priority, uint64_t *now_ms);
  // With aging: the level whose head the contract says goes next, or -1.
  int select_aged(uint64_t *now_ms) const;
  // With aging: false while no MEDIUM or LOW head can be overdue at now_ms
  // (then the strict order is the contract's order and select_aged is skipped).
  bool maybe_overdue(uint64_t now_ms) const;
  bool any_nonempty() const;
  bool reserve_capacity(size_t count);
  void release_capacity(size_t count);
  // After a push: wake a sleeper if one should take the new items.
  void wake_after_push(size_t count);
  // After a blocking pop took an item: pass remaining work to a sleeper
  // that a push left asleep because a spinner was about (event_count.h).
  void hand_off();
  bool aging() const { return aging_threshold_ms_ != 0; }

  // Ages use the coarse clock: a precise clock read per push and pop would
  // cost more than the rest of the operation, and a starvation bound is
  // tens of milliseconds, far above the coarse clock's resolution.
  const uint64_t aging_threshold_ms_;
  const size_t capacity_;  // 0: unbounded
  const uint32_t spin_count_;
  const uint32_t item_size_;

  level levels_[PRIOQ_PRIORITY_COUNT];
  std::atomic<size_t> count_{0};  // maintained only when capacity_ != 0
  std::atomic<bool> closed_{false};
  // Per level (HIGH unused): no item of the level can be overdue before this
  // coarse time. Set from the push time of a head select_aged saw not yet
  // overdue: items behind a head were pushed no earlier, except for a
  // producer descheduled between reading the clock and reserving its
  // position, which aging, best effort under concurrency, tolerates. Only
  // ever raised to a true head's bound, so a stale value errs early. 0: unknown.
  mutable std::atomic<uint64_t> no_overdue_before_ms_[PRIOQ_PRIORITY_COUNT] = {};
  tpsync::event_count item_events_;  // notified on push and on close
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H
