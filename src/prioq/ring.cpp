#include "ring.h"

#include <cstdlib>
#include <new>

#include "backoff.h"
#include "fault_injection.h"

namespace prioq_impl {

namespace {

// Signed distance between two positions; positions never wrap in practice
// (2^63 operations), the cast only keeps the comparison well defined.
int64_t distance(uint64_t from, uint64_t to) {
  return static_cast<int64_t>(to - from);
}

}  // namespace

ring *ring::create(uint64_t capacity) {
  if (platform::fault::should_fail(platform::fault::point::allocation)) return nullptr;
  if (capacity == 0 || (capacity & (capacity - 1)) != 0) return nullptr;
  if (capacity > SIZE_MAX / sizeof(cell)) return nullptr;
  // Zeroed memory is an initialized ring: cells store seq relative to their
  // index (ring::seq_of), so a fresh cell reads as "free for its first
  // position". calloc of a large block maps zero pages on demand instead of
  // writing every cell up front.
  auto *cells = static_cast<cell *>(std::calloc(static_cast<size_t>(capacity), sizeof(cell)));
  if (cells == nullptr) return nullptr;
  ring *created = new (std::nothrow) ring(cells, capacity);
  if (created == nullptr) std::free(cells);
  return created;
}

void ring::destroy(ring *victim) {
  if (victim == nullptr) return;
  std::free(victim->cells_);
  delete victim;
}

ring::reserve_result ring::reserve(uint64_t count, uint64_t *first) {
  if (count > capacity()) return reserve_result::full;
  uint64_t pos = tail_.load(std::memory_order_seq_cst);
  for (;;) {
    if ((pos & kClosedBit) != 0) return reserve_result::closed;
    bool stale = false;
    for (uint64_t i = 0; i < count; ++i) {
      const uint64_t seq = seq_of(pos + i, std::memory_order_acquire);
      const int64_t lag = distance(pos + i, seq);
      if (lag == 0) continue;
      if (lag > 0) {  // another producer took pos first
        stale = true;
        break;
      }
      // The cell still holds position pos + i - capacity: either the ring
      // is full, or that position's consumer has claimed it and is about to
      // free it.
      const uint64_t used = (pos & ~kClosedBit) - head_.load(std::memory_order_seq_cst);
      return used + count <= capacity() ? reserve_result::busy : reserve_result::full;
    }
    if (stale) {
      pos = tail_.load(std::memory_order_seq_cst);
      continue;
    }
    // seq_cst: the blocking-pop protocol orders this reservation against a
    // waiter's emptiness check (priority_queue.cpp, "no lost wake-up").
    if (tail_.compare_exchange_weak(pos, pos + count, std::memory_order_seq_cst,
                                    std::memory_order_seq_cst)) {
      *first = pos;
      return reserve_result::ok;
    }
  }
}

ring::pop_result ring::pop(void **value, uint64_t *pushed_ms) {
  uint64_t pos = head_.load(std::memory_order_seq_cst);
  tpsync::backoff waiting;
  for (;;) {
    cell &slot = cells_[pos & mask_];
    const uint64_t seq = seq_of(pos, std::memory_order_acquire);
    const int64_t lag = distance(pos + 1, seq);
    if (lag == 0) {
      if (head_.compare_exchange_weak(pos, pos + 1, std::memory_order_seq_cst,
                                      std::memory_order_seq_cst)) {
        *value = slot.value.load(std::memory_order_relaxed);
        *pushed_ms = slot.pushed_ms.load(std::memory_order_relaxed);
        set_seq(pos, pos + mask_ + 1);
        return pop_result::ok;
      }
      continue;  // pos was reloaded by the failed exchange
    }
    if (lag < 0) {
      // Not published. Empty unless a producer has reserved pos already.
      const uint64_t tail = tail_.load(std::memory_order_seq_cst) & ~kClosedBit;
      if (tail <= pos) return pop_result::empty;
      waiting.pause();
    }
    pos = head_.load(std::memory_order_seq_cst);
  }
}

bool ring::peek_pushed_ms(uint64_t *pushed_ms) const {
  const uint64_t pos = head_.load(std::memory_order_acquire);
  const cell &slot = cells_[pos & mask_];
  if (seq_of(pos, std::memory_order_acquire) != pos + 1) return false;
  *pushed_ms = slot.pushed_ms.load(std::memory_order_relaxed);
  return true;
}

}  // namespace prioq_impl
