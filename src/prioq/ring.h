// The cells of one sub-queue (sub_queue.h), a fixed number of them: one
// producer writes items into them, any number of consumers copy them out.
// A ring only stores and shows cells; who may write which position, and
// when a position counts as taken, is the sub-queue's business.
//
// Positions count up forever and continue from one ring of a sub-queue to
// the next; cell i serves positions i, i + capacity, ... of its ring. A
// cell's sequence number says which position's item it holds: seq == pos + 1
// once pos is published.
//
// Consumers never write a cell: a consumer copies an item out before it
// claims the position (sub_queue.h), so a cell's cache line goes back to the
// producer unmodified. Items are copied as relaxed atomic words, so a copy
// that races with the producer reusing the cell (a consumer that lost the
// claim) is not a data race; such a copy is dropped.
//
// Invariants:
//  - A ring holds positions [first_position(), first_position() +
//    capacity) at most, each published at most once, in position order.
//  - Rings are freed only with their queue, so a stale ring pointer is
//    always safe to dereference.
#ifndef TPOOL_SRC_PRIOQ_RING_H
#define TPOOL_SRC_PRIOQ_RING_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "platform.h"

namespace prioq_impl {

// One word of an item; an item is a whole number of them (prioq_config's
// item_size is a multiple of the pointer size).
using item_word = std::atomic<uintptr_t>;
// The smallest page and a cache line of the processors we run on (ring::warm).
constexpr uintptr_t kPageBytes = 4096;
constexpr uintptr_t kLineBytes = 64;
// The largest item, in words (prioq.h: PRIOQ_MAX_ITEM_SIZE bytes).
constexpr uint32_t kMaxItemWords = 256 / sizeof(uintptr_t);

// The head of every cell: its sequence number (minus the cell's index: see
// ring::seq_of). The item's words follow it, and after them, in the rings of
// a queue that ages its items, the push time (atomic, so that aging's racy
// peek at a queued head is not a data race). A queue without aging stores
// no time: its cells are a word smaller, so more of them share a line.
struct cell {
  std::atomic<uint64_t> seq;
};
using cell_time = std::atomic<uint64_t>;

class ring {
 public:
  // What a cell shows for a position: its item (published), nothing yet
  // (unpublished: not written, or an older position's item), or a later
  // position's item (reused: the caller's position is stale).
  enum class cell_state { published, unpublished, reused };

  // A ring of `capacity` cells (a power of two) for items of item_words
  // words each (at least 1), with a push time per cell if timed, whose
  // first position is first_position; null if allocation failed. Consults
  // the allocation fault point.
  static ring *create(uint64_t capacity, uint32_t item_words, bool timed, uint64_t first_position);
  static void destroy(ring *victim);

  uint64_t capacity() const { return mask_ + 1; }
  uint64_t first_position() const { return first_position_; }
  uint32_t item_words() const { return item_words_; }

  // Producer: copies item_words words from item into pos's cell, with its
  // push time if the ring is timed, without showing it to consumers yet.
  void write(uint64_t pos, const void *item, uint64_t pushed_ms) {
    cell &target = cell_at(pos);
    const auto *bytes = static_cast<const unsigned char *>(item);
    item_word *into = words_of(target);
    for (uint32_t i = 0; i < item_words_; ++i) {
      uintptr_t word;
      std::memcpy(&word, bytes + i * sizeof(word), sizeof(word));
      into[i].store(word, std::memory_order_relaxed);
    }
    if (timed_) time_of(target).store(pushed_ms, std::memory_order_relaxed);
  }
  // Producer: shows pos's item to consumers (release: the item's words
  // and everything the producer wrote before come with it).
  void publish(uint64_t pos) {
    cell_at(pos).seq.store(pos + 1 - (pos & mask_), std::memory_order_release);
  }

  // Producer: asks for pos's cell (both lines if it straddles two) ready
  // to be written, without waiting and without reading it.
  void prefetch_for_write(uint64_t pos) const {
    const unsigned char *first = reinterpret_cast<const unsigned char *>(&cell_at(pos));
    platform::prefetch_for_write(first);
    platform::prefetch_for_write(first + stride_ - 1);
  }

  // Consumers. state() acquires a published item, so copy() and
  // pushed_ms() that follow read it whole.
  cell_state state(uint64_t pos) const {
    const int64_t lag = static_cast<int64_t>(seq_of(pos) - (pos + 1));
    if (lag == 0) return cell_state::published;
    return lag < 0 ? cell_state::unpublished : cell_state::reused;
  }
  void copy(uint64_t pos, uintptr_t *out) const {
    const item_word *words = words_of(cell_at(pos));
    for (uint32_t i = 0; i < item_words_; ++i) out[i] = words[i].load(std::memory_order_relaxed);
  }
  // If the item at pos is published, asks the processor to fetch what its
  // word `word` points at (prioq_config.payload_word). A consumer may race
  // with the item's claim and the cell's reuse: the loads are atomic and
  // the pointer is only a hint, so a stale value costs a wasted fetch.
  void prefetch_payload(uint64_t pos, uint32_t word) const {
    if (state(pos) != cell_state::published) return;
    const uintptr_t target = words_of(cell_at(pos))[word].load(std::memory_order_relaxed);
    // The word holds a pointer the producer stored as an integer; it is only
    // a prefetch address, so no provenance is needed.
    // NOLINTNEXTLINE(performance-no-int-to-ptr)
    platform::prefetch(reinterpret_cast<const void *>(target));
  }
  // Asks for a line of the page that holds pos's cell, without waiting
  // (sub_queue::warm): the prefetch walks the page tables on a TLB miss,
  // the larger part of what a first read of a ring costs a thread that
  // never touched it. Not the cell's own line, nor one next to it: the
  // producer writes that cell next, and a copy in this thread's cache would
  // make its push wait to take the line back (measured: a HIGH push 0.1 to
  // 0.25 us slower). A line half a page away is another cell, or a
  // neighbouring allocation; a prefetch never faults and changes nothing.
  void warm(uint64_t pos) const {
    const uintptr_t cell_address = reinterpret_cast<uintptr_t>(&cell_at(pos));
    const uintptr_t page = cell_address & ~(kPageBytes - 1);
    const uintptr_t far_line =
        page + (cell_address - page < kPageBytes / 2 ? kPageBytes - kLineBytes : 0);
    // NOLINTNEXTLINE(performance-no-int-to-ptr): a prefetch address only.
    platform::prefetch(reinterpret_cast<const void *>(far_line));
  }
  // The push time of pos's item; timed rings only.
  uint64_t pushed_ms(uint64_t pos) const {
    return time_of(cell_at(pos)).load(std::memory_order_relaxed);
  }

  // Bytes from one cell to the next: the header, the item's words and the
  // push time, rounded up so that every cell's 64-bit words are aligned
  // (an item of an odd number of 4-byte words on x86 would otherwise leave
  // the next cell's sequence number misaligned, and a misaligned 64-bit
  // atomic that straddles a cache line is not atomic).
  static size_t stride_for(uint32_t item_words, bool timed) {
    const size_t end = timed ? time_offset_for(item_words) + sizeof(cell_time)
                             : sizeof(cell) + size_t{item_words} * sizeof(item_word);
    constexpr size_t align = alignof(cell);
    static_assert(alignof(cell_time) <= align, "a stride aligned for cells aligns their times");
    return (end + align - 1) / align * align;
  }

  // The size of a ring's cell block: what ring_cache hands out and takes
  // back, so create and destroy must agree on it. create has checked that
  // it does not overflow.
  static size_t cells_bytes(uint64_t capacity, size_t stride) {
    return static_cast<size_t>(capacity) * stride;
  }

  // The next ring of the same sub-queue, set once by the producer after
  // it published its last position here (release: those items come with it).
  std::atomic<ring *> next{nullptr};

 private:
  ring(unsigned char *cells, uint64_t capacity, uint32_t item_words, bool timed,
       uint64_t first_position)
      : cells_(cells),
        mask_(capacity - 1),
        first_position_(first_position),
        item_words_(item_words),
        timed_(timed),
        time_offset_(time_offset_for(item_words)),
        stride_(stride_for(item_words, timed)) {}

  cell &cell_at(uint64_t pos) const {
    return *reinterpret_cast<cell *>(cells_ + static_cast<size_t>(pos & mask_) * stride_);
  }
  static item_word *words_of(cell &target) {
    return reinterpret_cast<item_word *>(reinterpret_cast<unsigned char *>(&target) + sizeof(cell));
  }
  static const item_word *words_of(const cell &target) {
    return reinterpret_cast<const item_word *>(reinterpret_cast<const unsigned char *>(&target) +
                                               sizeof(cell));
  }
  // The push time, after the item's words at an aligned offset (timed rings).
  cell_time &time_of(cell &target) const {
    return *reinterpret_cast<cell_time *>(reinterpret_cast<unsigned char *>(&target) +
                                          time_offset_);
  }
  static size_t time_offset_for(uint32_t item_words) {
    const size_t end = sizeof(cell) + size_t{item_words} * sizeof(item_word);
    return (end + alignof(cell_time) - 1) / alignof(cell_time) * alignof(cell_time);
  }
  // A cell stores its sequence number minus its index, so that all-zero
  // memory is the initial state: a fresh cell reads seq == its index, which
  // is pos + 1 for no position it serves.
  uint64_t seq_of(uint64_t pos) const {
    return cell_at(pos).seq.load(std::memory_order_acquire) + (pos & mask_);
  }

  unsigned char *const cells_;  // capacity cells of stride_ bytes
  const uint64_t mask_;
  const uint64_t first_position_;
  const uint32_t item_words_;
  const bool timed_;
  const size_t time_offset_;  // from a cell to its push time (timed_ only)
  const size_t stride_;
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_RING_H
