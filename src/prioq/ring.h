// A bounded multi-producer multi-consumer FIFO ring: the building block of
// one priority level (level.h). Lock-free in the common case: a push is one
// compare-and-swap on tail_ plus the item's stores, a pop one
// compare-and-swap on head_ plus the item's loads.
//
// Positions count up forever; cell i serves positions i, i + capacity, ...
// Producers reserve positions by advancing tail_, consumers claim them by
// advancing head_. A cell's sequence number says which position's item it
// holds: seq == pos + 1 once pos's producer published it.
//
// Consumers never write a cell. A consumer copies the item out BEFORE it
// claims the position, and a producer reuses a cell (for position pos +
// capacity) only once it has seen head_ past pos. So whoever claims pos has
// read it completely before any producer can overwrite it, and a consumer
// whose claim fails (another one was first) drops what it copied. Items are
// copied as relaxed atomic words, so such a losing copy is not a data race.
// Keeping consumers' hands off the cells lets a cell's cache line travel
// from producer to consumer and back without the consumer having modified
// it on the way (a modified line would make the next producer wait for it
// to be written back).
//
// Producers check for room against cached_head_, a copy of head_ they
// refresh only when the ring looks full, so a push does not read the line
// every pop writes. A stale copy only underestimates the room.
//
// Closing: kClosedBit in tail_ makes every later reservation fail. A level
// closes a ring when it replaces it by a larger one (growth) or when the
// queue closes. Reservations made before the bit was set still complete, so a
// closed ring is drained once head_ reaches tail_'s position.
//
// Invariants:
//  - head_ <= position(tail_) <= head_ + capacity at every instant; tail_
//    and head_ only grow.
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

// One word of an item; an item is a whole number of them (prioq_config's
// item_size is a multiple of the pointer size).
using item_word = std::atomic<uintptr_t>;
// The largest item, in words (prioq.h: PRIOQ_MAX_ITEM_SIZE bytes).
constexpr uint32_t kMaxItemWords = 256 / sizeof(uintptr_t);

// The head of every cell; the item's words follow it. pushed_ms is atomic so
// that aging's racy peek at a queued head is not a data race.
struct cell {
  std::atomic<uint64_t> seq;  // minus the cell's index: see ring::seq_of
  std::atomic<uint64_t> pushed_ms;
};

class ring {
 public:
  static constexpr uint64_t kClosedBit = uint64_t{1} << 63;

  enum class reserve_result { ok, full, closed };
  enum class pop_result { ok, empty };

  // A ring of `capacity` cells (a power of two) for items of item_words
  // words each (at least 1); null if allocation failed. Consults the
  // allocation fault point.
  static ring *create(uint64_t capacity, uint32_t item_words);
  static void destroy(ring *victim);

  // Reserves `count` contiguous positions (1 <= count). On ok, *first is the
  // first one; the caller must publish() every reserved position. full: not
  // enough free cells; closed: the ring takes no more reservations.
  reserve_result reserve(uint64_t count, uint64_t *first);
  // Makes position pos visible to consumers, holding a copy of the
  // item_words words at item (null, with kTombstone: a tombstone).
  void publish(uint64_t pos, const void *item, uint64_t pushed_ms);

  // Claims the oldest position and copies its item to out (item_words
  // words). If its producer has reserved but not yet published it, waits
  // for that producer (see the invariants). A tombstone's out is untouched.
  pop_result pop(void *out, uint64_t *pushed_ms);
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
  ring(unsigned char *cells, uint64_t capacity, uint32_t item_words)
      : cells_(cells),
        mask_(capacity - 1),
        item_words_(item_words),
        stride_(stride_for(item_words)) {}

  // Bytes from one cell to the next: the header and the item's words.
  static size_t stride_for(uint32_t item_words) {
    return sizeof(cell) + size_t{item_words} * sizeof(item_word);
  }
  cell &cell_at(uint64_t pos) const {
    return *reinterpret_cast<cell *>(cells_ + static_cast<size_t>(pos & mask_) * stride_);
  }
  static item_word *words_of(cell &target) {
    return reinterpret_cast<item_word *>(reinterpret_cast<unsigned char *>(&target) + sizeof(cell));
  }
  // A cell stores its sequence number minus its index, so that all-zero
  // memory is the initial state (no position published). pos is any
  // position the cell serves.
  uint64_t seq_of(uint64_t pos, std::memory_order order) const {
    return cell_at(pos).seq.load(order) + (pos & mask_);
  }

  // Producers and consumers write different lines; cached_head_ shares the
  // producers' line and changes only when the ring looks full.
  alignas(64) std::atomic<uint64_t> tail_{0};
  std::atomic<uint64_t> cached_head_{0};
  alignas(64) std::atomic<uint64_t> head_{0};
  alignas(64) unsigned char *const cells_;  // capacity cells of stride_ bytes
  const uint64_t mask_;
  const uint32_t item_words_;
  const size_t stride_;
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_RING_H
