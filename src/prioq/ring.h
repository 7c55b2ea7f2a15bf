// A bounded multi-producer multi-consumer FIFO ring: the building block of
// one priority level (level.h). Lock-free in the common case: a push is one
// compare-and-swap on tail_ plus two plain stores, a pop one compare-and-swap
// on head_.
//
// Every cell carries a sequence number that says who may touch it next
// (positions count up forever; a cell serves positions i, i+capacity, ...):
//   seq == pos            free: the producer that reserves pos may write it;
//   seq == pos + 1        holds pos's item: the consumer that claims pos reads it;
//   seq == pos + capacity freed by pos's consumer for position pos + capacity.
// Producers reserve positions by advancing tail_, consumers claim them by
// advancing head_, and the sequence numbers hand each cell over in between.
// Reserving several contiguous positions at once is what makes batch pushes
// keep their array order without a lock.
//
// Closing: kClosedBit in tail_ makes every later reservation fail. A level
// closes a ring when it replaces it by a larger one (growth) or when the
// queue closes. Reservations made before the bit was set still complete, so a
// closed ring is drained once head_ reaches tail_'s position.
//
// Invariants:
//  - head_ <= position(tail_) at every instant; tail_ and head_ only grow.
//  - A position between head_ and tail_ whose cell is not yet published
//    belongs to a producer that is between reserve() and publish(): it
//    never stays that way for longer than that producer is descheduled.
//  - Rings are never reused after closing and are freed only with their
//    queue, so a stale ring pointer is always safe to dereference.
#ifndef TPOOL_SRC_PRIOQ_RING_H
#define TPOOL_SRC_PRIOQ_RING_H

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace prioq_impl {

// pushed_ms of a cell whose reservation was abandoned (a batch that failed
// after reserving): consumers drop it. The coarse clock never reaches it.
constexpr uint64_t kTombstone = UINT64_MAX;

struct cell {
  std::atomic<uint64_t> seq;  // minus the cell's index: see ring::seq_of
  // Written by the reserving producer before seq is published, read by the
  // claiming consumer after; atomics (relaxed) only so that aging's racy
  // peek at a queued head is not a data race.
  std::atomic<void *> value;
  std::atomic<uint64_t> pushed_ms;
};

class ring {
 public:
  static constexpr uint64_t kClosedBit = uint64_t{1} << 63;

  enum class reserve_result { ok, full, busy, closed };
  enum class pop_result { ok, empty };

  // A ring of `capacity` cells (a power of two); null if allocation failed.
  // Consults the allocation fault point.
  static ring *create(uint64_t capacity);
  static void destroy(ring *victim);

  // Reserves `count` contiguous positions (1 <= count). On ok, *first is the
  // first one; the caller must publish() every reserved position. full: not
  // enough free cells; busy: there would be, but consumers still hold some
  // (retry shortly); closed: the ring takes no more reservations.
  reserve_result reserve(uint64_t count, uint64_t *first);
  // Makes position pos visible to consumers.
  void publish(uint64_t pos, void *value, uint64_t pushed_ms) {
    cell &target = cells_[pos & mask_];
    target.value.store(value, std::memory_order_relaxed);
    target.pushed_ms.store(pushed_ms, std::memory_order_relaxed);
    set_seq(pos, pos + 1);
  }

  // Claims the oldest position. If its producer has reserved but not yet
  // published it, waits for that producer (see the invariants).
  pop_result pop(void **value, uint64_t *pushed_ms);
  // The pushed_ms of the oldest item, if one is published; a racy peek used
  // only by aging. False if the ring looks empty or its head is unpublished.
  bool peek_pushed_ms(uint64_t *pushed_ms) const;

  // Sets kClosedBit. Idempotent.
  void close() { tail_.fetch_or(kClosedBit, std::memory_order_seq_cst); }
  bool closed() const { return (tail_.load(std::memory_order_seq_cst) & kClosedBit) != 0; }
  // Reserved and not yet claimed positions (includes unpublished ones).
  uint64_t size() const {
    const uint64_t head = head_.load(std::memory_order_seq_cst);  // first: tail >= head
    const uint64_t tail = tail_.load(std::memory_order_seq_cst) & ~kClosedBit;
    return tail - head;
  }
  bool empty() const { return size() == 0; }
  uint64_t capacity() const { return mask_ + 1; }

  // The next ring of the same level, set once before this one closes for growth.
  std::atomic<ring *> next{nullptr};

 private:
  ring(cell *cells, uint64_t capacity) : cells_(cells), mask_(capacity - 1) {}

  // A cell stores its sequence number minus its index, so that all-zero
  // memory is the initial state (seq == index). pos is any position the
  // cell serves.
  uint64_t seq_of(uint64_t pos, std::memory_order order) const {
    return cells_[pos & mask_].seq.load(order) + (pos & mask_);
  }
  void set_seq(uint64_t pos, uint64_t seq) {
    cells_[pos & mask_].seq.store(seq - (pos & mask_), std::memory_order_release);
  }

  // Producers and consumers write different lines.
  alignas(64) std::atomic<uint64_t> tail_{0};
  alignas(64) std::atomic<uint64_t> head_{0};
  alignas(64) cell *const cells_;
  const uint64_t mask_;
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_RING_H
