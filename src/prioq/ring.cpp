#include "ring.h"

#include <cstdlib>
#include <cstring>
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

ring *ring::create(uint64_t capacity, uint32_t item_words) {
  if (platform::fault::should_fail(platform::fault::point::allocation)) return nullptr;
  if (capacity == 0 || (capacity & (capacity - 1)) != 0) return nullptr;
  if (item_words == 0 || item_words > kMaxItemWords) return nullptr;
  const size_t stride = stride_for(item_words);
  if (capacity > SIZE_MAX / stride) return nullptr;
  // Zeroed memory is an initialized ring: cells store seq relative to their
  // index (ring::seq_of), so a fresh cell reads as "nothing published".
  // calloc of a large block maps zero pages on demand instead of writing
  // every cell up front.
  auto *cells = static_cast<unsigned char *>(std::calloc(static_cast<size_t>(capacity), stride));
  if (cells == nullptr) return nullptr;
  ring *created = new (std::nothrow) ring(cells, capacity, item_words);
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
  uint64_t pos = tail_.load(std::memory_order_relaxed);
  for (;;) {
    if ((pos & kClosedBit) != 0) return reserve_result::closed;
    // acquire on the head copies: every consumer that claimed a position
    // this reservation reuses has finished copying its item (ring.h).
    // A head past pos means pos is stale (tail moved on since it was read).
    uint64_t head = cached_head_.load(std::memory_order_acquire);
    if (distance(head, pos) < 0 || pos - head + count > capacity()) {
      head = head_.load(std::memory_order_acquire);
      cached_head_.store(head, std::memory_order_release);
      if (distance(head, pos) < 0) {
        pos = tail_.load(std::memory_order_relaxed);
        continue;
      }
      if (pos - head + count > capacity()) return reserve_result::full;
    }
    // seq_cst: the blocking-pop protocol orders this reservation against a
    // waiter's emptiness check (priority_queue.cpp, "no lost wake-up"), and
    // prioq.h promises callers that a push is a full barrier.
    if (tail_.compare_exchange_weak(pos, pos + count, std::memory_order_seq_cst,
                                    std::memory_order_relaxed)) {
      *first = pos;
      return reserve_result::ok;
    }
  }
}

void ring::publish(uint64_t pos, const void *item, uint64_t pushed_ms) {
  cell &target = cell_at(pos);
  if (item != nullptr) {
    const auto *words = static_cast<const unsigned char *>(item);
    item_word *into = words_of(target);
    for (uint32_t i = 0; i < item_words_; ++i) {
      uintptr_t word;
      std::memcpy(&word, words + i * sizeof(word), sizeof(word));
      into[i].store(word, std::memory_order_relaxed);
    }
  }
  target.pushed_ms.store(pushed_ms, std::memory_order_relaxed);
  target.seq.store(pos + 1 - (pos & mask_), std::memory_order_release);
}

ring::pop_result ring::pop(void *out, uint64_t *pushed_ms) {
  uint64_t pos = head_.load(std::memory_order_seq_cst);
  tpsync::backoff waiting;
  for (;;) {
    cell &slot = cell_at(pos);
    const int64_t lag = distance(pos + 1, seq_of(pos, std::memory_order_acquire));
    if (lag == 0) {
      // Published: copy first, then claim (ring.h). The copy goes to out
      // only once the claim succeeded, so a lost race leaves out untouched.
      // A tombstone has no item.
      const uint64_t stamp = slot.pushed_ms.load(std::memory_order_relaxed);
      uintptr_t copy[kMaxItemWords];
      if (stamp != kTombstone) {
        const item_word *words = words_of(slot);
        for (uint32_t i = 0; i < item_words_; ++i) {
          copy[i] = words[i].load(std::memory_order_relaxed);
        }
      }
      if (head_.compare_exchange_weak(pos, pos + 1, std::memory_order_seq_cst,
                                      std::memory_order_seq_cst)) {
        if (stamp != kTombstone) std::memcpy(out, copy, item_words_ * sizeof(uintptr_t));
        *pushed_ms = stamp;
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
    // lag > 0: the cell already serves a later position, so head_ moved on.
    pos = head_.load(std::memory_order_seq_cst);
  }
}

bool ring::peek_pushed_ms(uint64_t *pushed_ms) const {
  const uint64_t pos = head_.load(std::memory_order_acquire);
  const cell &slot = cell_at(pos);
  if (seq_of(pos, std::memory_order_acquire) != pos + 1) return false;
  *pushed_ms = slot.pushed_ms.load(std::memory_order_relaxed);
  return true;
}

}  // namespace prioq_impl
