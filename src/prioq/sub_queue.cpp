#include "sub_queue.h"

namespace prioq_impl {

namespace {

// Small, because a queue may have up to 96 sub-queues (3 priorities x 32
// slots) and most hold a few items at a time; a busy one doubles quickly.
constexpr uint64_t kFirstRingCapacity = 64;
// Rings stop doubling here; beyond it a sub-queue is already using gigabytes.
constexpr uint64_t kMaxRingCapacity = uint64_t{1} << 40;

}  // namespace

#if TPOOL_FAULT_INJECTION
void (*sub_queue::testing_after_unpublished_look)(sub_queue *) = nullptr;
#endif

sub_queue::~sub_queue() {
  ring *current = first_ring_;
  while (current != nullptr) {
    ring *following = current->next.load(std::memory_order_relaxed);
    ring::destroy(current);
    current = following;
  }
}

bool sub_queue::make_room_slow(uint64_t count) {
  if (push_ring_ != nullptr) {
    // acquire: the consumers that claimed the positions whose cells this
    // push reuses have finished copying them.
    cached_head_ = head_.load(std::memory_order_acquire);
    if (fits(count)) return true;
  }
  return grow(count);
}

bool sub_queue::grow(uint64_t count) {
  uint64_t capacity = push_ring_ != nullptr ? push_ring_->capacity() * 2 : kFirstRingCapacity;
  while (capacity < count * 2 && capacity < kMaxRingCapacity) capacity *= 2;
  if (capacity < count) return false;
  ring *grown = ring::create(capacity, item_words_, timed_, tail_pos_);
  if (grown == nullptr) return false;
  if (push_ring_ == nullptr) {
    first_ring_ = grown;
    pop_ring_.store(grown, std::memory_order_release);
  } else {
    // Every position of the old ring is published (pushes publish before
    // they return), and the release makes them visible with the link.
    push_ring_->next.store(grown, std::memory_order_release);
  }
  push_ring_ = grown;
  return true;
}

void sub_queue::roll_back(uint64_t count) {
  tail_pos_ -= count;
  tail_.fetch_sub(count, std::memory_order_seq_cst);
}

size_t sub_queue::take_slow(uintptr_t *out, size_t max, uint64_t *first_pos) {
  // pop_ring_ before head_, as in take().
  ring *current = pop_ring_.load(std::memory_order_acquire);
  if (current == nullptr) return 0;
  const uint32_t words = current->item_words();
  uint64_t pos = head_.load(std::memory_order_acquire);
  for (;;) {
    size_t run = 0;
    ring::cell_state state = ring::cell_state::published;
    while (run < max && (state = current->state(pos + run)) == ring::cell_state::published) {
      current->copy(pos + run, out + run * words);
      ++run;
    }
    if (run != 0) {
      // The copies are ours only if head_ is still pos. seq_cst: prioq.h
      // promises a pop that returns an item is a full barrier.
      if (head_.compare_exchange_weak(pos, pos + run, std::memory_order_seq_cst,
                                      std::memory_order_relaxed)) {
        if (first_pos != nullptr) *first_pos = pos;
        return run;
      }
      continue;  // pos was reloaded by the failed exchange
    }
    if (state == ring::cell_state::reused) {
      pos = head_.load(std::memory_order_acquire);  // pos is stale
      continue;
    }
#if TPOOL_FAULT_INJECTION
    if (testing_after_unpublished_look != nullptr) testing_after_unpublished_look(this);
#endif
    ring *following = current->next.load(std::memory_order_acquire);
    if (following != nullptr) {
      // Look again now that the link's release made every publish of this
      // ring visible: the first look may have been older than the producer's
      // last items here.
      if (current->state(pos) != ring::cell_state::unpublished) continue;
      if (pop_ring_.compare_exchange_strong(current, following, std::memory_order_acq_rel,
                                            std::memory_order_acquire)) {
        current = following;
      }
      // else: current now holds the ring another consumer moved on to.
      pos = head_.load(std::memory_order_acquire);
      continue;
    }
    // The last ring, and nothing published at pos: empty as far as this pop
    // is concerned. A commit whose publish is on its way is not waited for:
    // its push has not returned, so no pop is owed it (prioq.h), and reading
    // tail_ here to find out would take the producer's line away on every
    // pop that finds the sub-queue empty, a cache miss on its next commit.
    // Who must not miss such a commit reads tail_ itself: a pop about to
    // sleep (priority_queue::pop) and a pop draining a closed queue.
    return 0;
  }
}

bool sub_queue::peek_pushed_ms(uint64_t *pushed_ms) const {
  const ring *current = pop_ring_.load(std::memory_order_acquire);
  const uint64_t pos = head_.load(std::memory_order_acquire);
  while (current != nullptr) {
    switch (current->state(pos)) {
      case ring::cell_state::published:
        *pushed_ms = current->pushed_ms(pos);
        return true;
      case ring::cell_state::reused:
        return false;  // head moved on meanwhile
      case ring::cell_state::unpublished:
        current = current->next.load(std::memory_order_acquire);
        break;
    }
  }
  return false;
}

}  // namespace prioq_impl
