#include "level.h"

namespace prioq_impl {

namespace {

// Small enough that an idle queue costs little (3 levels x 256 cells), large
// enough that a steady queue rarely grows.
constexpr uint64_t kFirstRingCapacity = 256;
// Rings stop doubling here; beyond it a level is already using gigabytes.
constexpr uint64_t kMaxRingCapacity = uint64_t{1} << 40;

}  // namespace

#if TPOOL_FAULT_INJECTION
void (*level::testing_after_empty_look)(level *) = nullptr;
#endif

level::~level() {
  ring *current = first_ring_;
  while (current != nullptr) {
    ring *following = current->next.load(std::memory_order_relaxed);
    ring::destroy(current);
    current = following;
  }
}

bool level::init(uint32_t item_words) {
  item_words_ = item_words;
  first_ring_ = ring::create(kFirstRingCapacity, item_words);
  if (first_ring_ == nullptr) return false;
  push_ring_.store(first_ring_, std::memory_order_relaxed);
  pop_ring_.store(first_ring_, std::memory_order_relaxed);
  return true;
}

prioq_status level::reserve(uint64_t count, reservation *out) {
  for (;;) {
    ring *target = push_ring_.load(std::memory_order_seq_cst);
    uint64_t first = 0;
    switch (target->reserve(count, &first)) {
      case ring::reserve_result::ok:
        *out = reservation{target, first, count};
        return PRIOQ_OK;
      case ring::reserve_result::full: {
        const prioq_status grown = grow(target, count);
        if (grown != PRIOQ_OK) return grown;
        break;
      }
      case ring::reserve_result::closed: {
        // Growth replaced the ring (and has published push_ring_ by the time
        // it releases the lock) or the queue is sealed.
        tpsync::lock_guard guard(grow_lock_);
        if (sealed_) return PRIOQ_E_CLOSED;
        break;
      }
    }
  }
}

prioq_status level::grow(ring *full, uint64_t count) {
  tpsync::lock_guard guard(grow_lock_);
  if (sealed_) return PRIOQ_E_CLOSED;
  if (push_ring_.load(std::memory_order_relaxed) != full) return PRIOQ_OK;  // grown already
  uint64_t capacity = full->capacity() * 2;
  while (capacity < count * 2 && capacity < kMaxRingCapacity) capacity *= 2;
  if (capacity < count) return PRIOQ_E_OUT_OF_MEMORY;
  ring *grown = ring::create(capacity, item_words_);
  if (grown == nullptr) return PRIOQ_E_OUT_OF_MEMORY;
  // Link before closing: a consumer that sees the old ring closed and
  // drained must find its successor (level::pop).
  full->next.store(grown, std::memory_order_seq_cst);
  full->close();
  push_ring_.store(grown, std::memory_order_seq_cst);
  return PRIOQ_OK;
}

void level::abandon(const reservation &reserved) {
  // Count first, so size() never sees a tombstone as an item.
  tombstones_.fetch_add(reserved.count, std::memory_order_seq_cst);
  for (uint64_t i = 0; i < reserved.count; ++i) {
    reserved.target->publish(reserved.first + i, nullptr, kTombstone);
  }
}

bool level::pop(void *out, uint64_t *pushed_ms) {
  ring *current = pop_ring_.load(std::memory_order_seq_cst);
  for (;;) {
    // Whether the ring is closed must be read BEFORE it is found empty: a
    // closed ring takes no more reservations, so "closed, then empty" means
    // drained for good. Read the other way round, the close could be a later
    // one: producers may have filled the ring after our empty look and grown
    // past it, and moving on would strand their items.
    const bool was_closed = current->closed();
    if (current->pop(out, pushed_ms) == ring::pop_result::ok) {
      if (*pushed_ms != kTombstone) return true;
      tombstones_.fetch_sub(1, std::memory_order_seq_cst);
      continue;
    }
#if TPOOL_FAULT_INJECTION
    if (testing_after_empty_look != nullptr) testing_after_empty_look(this);
#endif
    if (!was_closed) return false;
    // Closed and drained. Growth links `next` before it closes, so a ring
    // closed without a successor was sealed: the queue is closed.
    ring *following = current->next.load(std::memory_order_seq_cst);
    if (following == nullptr) return false;
    if (pop_ring_.compare_exchange_strong(current, following, std::memory_order_seq_cst)) {
      current = following;
    }
    // else: current now holds the ring another consumer moved on to.
  }
}

bool level::peek_pushed_ms(uint64_t *pushed_ms) const {
  const ring *current = pop_ring_.load(std::memory_order_acquire);
  while (current != nullptr) {
    if (current->peek_pushed_ms(pushed_ms)) return *pushed_ms != kTombstone;
    if (!current->empty()) return false;  // head reserved, not yet published
    current = current->next.load(std::memory_order_acquire);
  }
  return false;
}

bool level::maybe_nonempty() const {
  const ring *current = pop_ring_.load(std::memory_order_seq_cst);
  while (current != nullptr) {
    if (!current->empty()) return true;
    current = current->next.load(std::memory_order_seq_cst);
  }
  return false;
}

uint64_t level::size() const {
  uint64_t reserved = 0;
  const ring *current = pop_ring_.load(std::memory_order_seq_cst);
  while (current != nullptr) {
    reserved += current->size();
    current = current->next.load(std::memory_order_seq_cst);
  }
  const uint64_t dropped = tombstones_.load(std::memory_order_seq_cst);
  return reserved > dropped ? reserved - dropped : 0;
}

void level::seal() {
  tpsync::lock_guard guard(grow_lock_);
  sealed_ = true;
  push_ring_.load(std::memory_order_relaxed)->close();
}

}  // namespace prioq_impl
