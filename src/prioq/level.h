// One priority level of the queue: an unbounded FIFO made of a chain of
// rings (ring.h), each twice the size of the one before.
//
// Producers push into push_ring_; consumers pop from pop_ring_. When the push
// ring fills up, the producer that notices allocates a ring twice as large,
// links it as the old ring's `next`, closes the old ring to reservations and
// makes the new one the push ring (under grow_lock_, the only lock, taken
// only for growth and close). Consumers drain a closed ring completely before
// they follow `next`, so FIFO order holds across rings.
//
// Rings are never freed before the queue is destroyed, which is what lets
// every other path go without locks or hazard pointers: a thread holding a
// stale ring pointer can always still read it. The cost is memory: a level
// keeps every ring it ever had, at most twice its largest ring, the same
// bound as a growable array that never shrinks.
//
// Invariants:
//  - Rings form one chain from first_ring_ through `next`; pop_ring_ and
//    push_ring_ are on it, pop_ring_ never after push_ring_.
//  - Every ring before push_ring_ is closed. Once sealed_ is set (queue
//    closed) push_ring_ is closed too and no ring is ever added.
//  - tombstones_ counts abandoned reservations not yet popped (ring.h);
//    size() subtracts them so a failed batch is invisible.
#ifndef TPOOL_SRC_PRIOQ_LEVEL_H
#define TPOOL_SRC_PRIOQ_LEVEL_H

#include <atomic>
#include <cstdint>

#include "prioq/prioq.h"
#include "ring.h"
#include "thread_annotations.h"
#include "word_lock.h"

namespace prioq_impl {

// Where a reservation landed: positions [first, first + count) of one ring.
struct reservation {
  ring *target = nullptr;
  uint64_t first = 0;
  uint64_t count = 0;
};

class level {
 public:
  level() = default;
  ~level();
  level(const level &) = delete;
  level &operator=(const level &) = delete;

  // Allocates the first ring, for items of item_words words. False if
  // allocation failed.
  bool init(uint32_t item_words);

  // Reserves count contiguous positions, growing if needed. PRIOQ_OK,
  // PRIOQ_E_CLOSED (sealed) or PRIOQ_E_OUT_OF_MEMORY. The caller must
  // publish (or abandon) every reserved position.
  prioq_status reserve(uint64_t count, reservation *out) EXCLUDES(grow_lock_);
  // Fills a reservation's positions with tombstones.
  void abandon(const reservation &reserved);

  // Pops the oldest item into out (item_words words); false if the level
  // is empty.
  bool pop(void *out, uint64_t *pushed_ms);
  // Racy peek at the oldest published item's push time (aging only).
  bool peek_pushed_ms(uint64_t *pushed_ms) const;
  // True if some position is reserved and not yet claimed.
  bool maybe_nonempty() const;
  uint64_t size() const;

  // Closes the push ring and stops growth: later reservations fail with
  // PRIOQ_E_CLOSED. Idempotent.
  void seal() EXCLUDES(grow_lock_);

#if TPOOL_FAULT_INJECTION
  // Test-only seam (fault-injection builds): called by pop() right after it
  // found a ring empty and before it decides whether to move past it, so a
  // white-box test can make producers fill and outgrow the ring exactly
  // there (tests/prioq/level_race_test.cpp). Set it only while no other
  // thread uses any level.
  static void (*testing_after_empty_look)(level *);
#endif

 private:
  prioq_status grow(ring *full, uint64_t count) EXCLUDES(grow_lock_);

  std::atomic<ring *> push_ring_{nullptr};
  std::atomic<ring *> pop_ring_{nullptr};
  std::atomic<uint64_t> tombstones_{0};
  ring *first_ring_ = nullptr;  // set by init(), read by the destructor
  uint32_t item_words_ = 0;     // set by init()
  tpsync::word_lock grow_lock_;
  bool sealed_ GUARDED_BY(grow_lock_) = false;
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_LEVEL_H
