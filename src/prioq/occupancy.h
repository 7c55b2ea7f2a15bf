// The occupancy summary of one priority level: which of its sub-queues may
// hold items, in one word, so that a pop finds work (or learns there is
// none) by reading this word instead of every sub-queue's lines. The three
// levels' words share one cache line, written only when a sub-queue goes
// from empty to occupied or back, never on a push or pop in between.
//
// Per sub-queue s:
//  - bit s, occupied: s may hold items. Its producer sets it after
//    publishing, only if it is clear (a busy producer just reads the word).
//    A consumer that found s empty may clear it (settle_empty); a bit left
//    set only costs pops a look at s (priority_queue.cpp says when a pop
//    clears).
//  - bit 32 + s, clearing: a consumer has just cleared s's occupied bit and
//    is looking at s once more; if s has items again it sets the occupied
//    bit back. Both bits count s as a candidate.
//
// Why no pop misses an item that was pushed before it began: the item's
// commit precedes its producer's look at the word (the seq_cst order). If
// that look found the occupied bit clear, the producer set it. If it found
// it set, any clear came later, by a consumer whose second look at s
// follows the commit, sees the item, and sets the bit back; until it does,
// its clearing bit keeps s a candidate. So a pop that reads the word after
// the push sees s as a candidate unless the item was already taken, and a
// candidate is then checked directly (sub_queue::take, sub_queue::size).
#ifndef TPOOL_SRC_PRIOQ_OCCUPANCY_H
#define TPOOL_SRC_PRIOQ_OCCUPANCY_H

#include <atomic>
#include <cstdint>

#if defined(_MSC_VER)
#include <intrin.h>
#endif

#include "sub_queue.h"

namespace prioq_impl {

// Bit sets of sub-queues.
inline uint32_t lowest_bit_index(uint32_t set) {  // set != 0
#if defined(_MSC_VER)
  unsigned long index = 0;
  _BitScanForward(&index, set);
  return static_cast<uint32_t>(index);
#else
  return static_cast<uint32_t>(__builtin_ctz(set));
#endif
}
inline uint32_t bit_count(uint32_t set) {
#if defined(_MSC_VER)
  set = set - ((set >> 1) & 0x55555555u);
  set = (set & 0x33333333u) + ((set >> 2) & 0x33333333u);
  return (((set + (set >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
#else
  return static_cast<uint32_t>(__builtin_popcount(set));
#endif
}

class occupancy {
 public:
  static constexpr uint32_t kMaxSubQueues = 32;

  // The sub-queues that may hold items (occupied or being cleared).
  uint32_t candidates() const {
    const uint64_t word = word_.load(std::memory_order_seq_cst);
    return static_cast<uint32_t>(word) | static_cast<uint32_t>(word >> 32);
  }

  // By s's producer, after it published: s holds items. True if this call
  // set the bit (s was not a candidate, or was being cleared).
  bool mark(uint32_t s) {
    const uint64_t occupied = uint64_t{1} << s;
    if ((word_.load(std::memory_order_seq_cst) & occupied) != 0) return false;
    word_.fetch_or(occupied, std::memory_order_seq_cst);
    return true;
  }

  // By a consumer that found s empty: clears s's occupied bit, unless it is
  // clear already or another consumer is clearing it, and looks at s once
  // more. True if s held items again (the bit is set back): look at s again.
  bool settle_empty(uint32_t s, const sub_queue &sub) {
    const uint64_t occupied = uint64_t{1} << s;
    const uint64_t clearing = occupied << 32;
    uint64_t word = word_.load(std::memory_order_relaxed);
    do {
      if ((word & occupied) == 0 || (word & clearing) != 0) return false;
    } while (!word_.compare_exchange_weak(word, (word & ~occupied) | clearing,
                                          std::memory_order_seq_cst, std::memory_order_relaxed));
    const bool refilled = sub.size() != 0;
    word = word_.load(std::memory_order_relaxed);
    while (!word_.compare_exchange_weak(word, (word & ~clearing) | (refilled ? occupied : 0),
                                        std::memory_order_seq_cst, std::memory_order_relaxed)) {
    }
    return refilled;
  }

 private:
  std::atomic<uint64_t> word_{0};
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_OCCUPANCY_H
