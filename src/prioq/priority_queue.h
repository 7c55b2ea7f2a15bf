// The queue behind prioq.dll: three growable FIFO rings (one per priority)
// under one word_lock, plus an event_count for blocking pops.
//
// Why one lock and not a lock-free structure: a pop must choose among three
// levels atomically (oldest item of the highest non-empty level, or an
// overdue item under aging), which per-level lock-free queues cannot do
// without a second protocol on top. The critical sections are a few dozen
// instructions with no allocation in the common case, and the lock spins
// before it sleeps, so the queue stays in user mode.
//
// Invariants (all under lock_):
//  - levels_[p] holds exactly the items pushed at priority p and not yet
//    popped, oldest at head.
//  - total_ == sum of levels_[p].count; level_sizes_[p] == levels_[p].count.
//    Both are mirrored into atomics only so that size() and the empty fast
//    path can read them without the lock.
//  - Once closed_ is set it never clears; pushes fail, pops drain.
#ifndef TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H
#define TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "prioq/prioq.h"
#include "sync/event_count.h"
#include "sync/thread_annotations.h"
#include "sync/word_lock.h"

namespace prioq_impl {

struct entry {
  void *value;
  uint64_t pushed_ms;  // platform::coarse_monotonic_ms() at push; 0 unless aging is on
};

// A FIFO ring whose capacity is a power of two; grows by doubling.
struct ring {
  entry *slots = nullptr;
  size_t capacity = 0;  // 0 or a power of two
  size_t head = 0;      // index of the oldest entry
  size_t count = 0;

  // Makes room for `extra` more entries. False if allocation failed (ring unchanged).
  bool reserve(size_t extra);
  void push_back(const entry &item) {
    slots[(head + count) & (capacity - 1)] = item;
    ++count;
  }
  const entry &front() const { return slots[head]; }
  entry pop_front() {
    const entry item = slots[head];
    head = (head + 1) & (capacity - 1);
    --count;
    return item;
  }
  void release();
};

class priority_queue {
 public:
  explicit priority_queue(const prioq_config &config);
  ~priority_queue();
  priority_queue(const priority_queue &) = delete;
  priority_queue &operator=(const priority_queue &) = delete;

  prioq_status push(void *item, int32_t priority) EXCLUDES(lock_);
  prioq_status push_batch(const prioq_item *items, size_t count) EXCLUDES(lock_);
  // Pops up to max_count items without waiting. *out_count >= 1 on PRIOQ_OK.
  prioq_status try_pop(prioq_item *out_items, size_t max_count, size_t *out_count) EXCLUDES(lock_);
  // As try_pop, waiting up to timeout_ms for the first item.
  prioq_status pop(prioq_item *out_items, size_t max_count, uint32_t timeout_ms, size_t *out_count)
      EXCLUDES(lock_);
  void close() EXCLUDES(lock_);
  bool closed() const { return closed_.load(std::memory_order_acquire); }
  size_t size(int32_t priority) const;

 private:
  // try_pop without the lock-free empty check.
  prioq_status pop_locked(prioq_item *out_items, size_t max_count, size_t *out_count)
      EXCLUDES(lock_);
  // The level the next pop takes from, or -1 if empty.
  int select_level(uint64_t now_ms) const REQUIRES(lock_);
  bool aging() const { return aging_threshold_ms_ != 0; }
  void publish_sizes() REQUIRES(lock_);

  // Ages use the coarse clock: a precise clock read per push and pop would
  // cost more than the rest of the operation, and a starvation bound is
  // tens of milliseconds, far above the coarse clock's resolution.
  const uint64_t aging_threshold_ms_;
  const size_t capacity_;  // 0: unbounded
  const uint32_t spin_count_;

  mutable tpsync::word_lock lock_;
  ring levels_[PRIOQ_PRIORITY_COUNT] GUARDED_BY(lock_);
  size_t total_ GUARDED_BY(lock_) = 0;

  // Lock-free mirrors for readers (see invariants).
  std::atomic<size_t> total_snapshot_{0};
  std::atomic<size_t> level_sizes_[PRIOQ_PRIORITY_COUNT] = {};
  std::atomic<bool> closed_{false};

  tpsync::event_count item_events_;  // notified on push and on close
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H
