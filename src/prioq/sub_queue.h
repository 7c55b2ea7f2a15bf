// One thread slot's FIFO at one priority: the unit the queue is made of
// (priority_queue.h). Exactly one producer at a time writes it: the thread
// holding the slot (platform::thread_slot), or, for the shared slot,
// whoever holds the queue's shared-slot lock. Any number of consumers read
// it. Items live in a chain of rings (ring.h), each at least twice the size
// of the one before; positions continue from ring to ring.
//
// A push is make_room, commit, write, publish:
//  - make_room allocates the first ring, or a larger one when the current
//    one cannot take the items (the only allocation; nothing is visible yet);
//  - commit moves tail_ past the positions with one seq_cst
//    compare-and-swap, which fails once the queue is closed (seal() set
//    kClosedBit): that is the moment of acceptance, and a batch that cannot
//    commit every level rolls the committed ones back (nothing was written);
//  - write copies the items into their cells, which no consumer takes yet;
//  - publish shows them to consumers, cell by cell.
// Commit comes before write because a locked instruction waits for the
// stores before it: the cell's line is usually in a consumer's cache (it
// polled the cell), and writes issued after the commit leave that miss to
// the store buffer instead of stalling the push on it.
// Between commit and publish a position counts as present for size(), but
// a pop (take) that reaches it does not wait for it: the push has not
// returned, so the pop owes it nothing (prioq.h). Whoever must not miss an
// accepted push reads size(): a pop before it sleeps, a pop draining a
// closed queue (priority_queue.cpp).
//
// A pop (take) reads the consumers' line (pop_ring_, head_) and the cells,
// and claims a run of published items with one compare-and-swap on head_.
// It never reads tail_, the producer's line, and the producer reads head_
// only when its copy (cached_head_) says the ring is full. So a producer
// and its consumers share no written line but the cells, and producers of
// different slots share nothing; the one reader of tail_ is size(), off
// the paths that find or poll for work.
//
// A consumer copies items out before it claims them; the producer reuses a
// cell only after it has seen head_ past the cell's position (acquire), so
// a claimed item was read whole before its cell can change.
//
// Growth: the producer links the larger ring as `next` of the current one
// only after publishing its last position there. A consumer that finds its
// head position unpublished in a ring that has a successor looks at the
// cell once more (the successor's release makes every earlier publish
// visible): still unpublished means the ring ended before that position,
// and the consumer moves pop_ring_ on. Rings are freed only with the queue.
//
// Invariants:
//  - head_ <= committed tail_ at every instant; both only grow, except that
//    a roll-back lowers tail_ over positions nobody could claim.
//  - Positions below head_ are claimed, exactly once each.
//  - pop_ring_ is on the chain from first_ring_, never past push_ring_, and
//    head_ >= pop_ring_'s first position once pop_ring_ points to it.
#ifndef TPOOL_SRC_PRIOQ_SUB_QUEUE_H
#define TPOOL_SRC_PRIOQ_SUB_QUEUE_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "ring.h"

namespace prioq_impl {

// Lines of 64 bytes, fetched in pairs by the adjacent-line prefetchers of
// current x86 processors: what two threads write stays 128 bytes apart.
constexpr size_t kFalseSharingRange = 128;

class sub_queue {
 public:
  sub_queue() = default;
  ~sub_queue();
  sub_queue(const sub_queue &) = delete;
  sub_queue &operator=(const sub_queue &) = delete;

  // Before any other call: the item size in words; payload_word:
  // prioq_config.payload_word (0: no prefetch hint); timed: the cells keep
  // their push times (the queue ages its items: peek_pushed_ms).
  void configure(uint32_t item_words, uint32_t payload_word, bool timed) {
    item_words_ = item_words;
    payload_word_ = payload_word;
    timed_ = timed;
  }

  // ---- Producer side: the slot's one producer only -------------------
  // Makes room for count more items in one ring, allocating if needed
  // (count 0: the first ring only). False if allocation failed (nothing
  // visible changed).
  bool make_room(uint64_t count) {
    return (push_ring_ != nullptr && fits(count)) || make_room_slow(count);
  }
  // Whether the first ring exists (make_room made room once).
  bool has_ring() const { return push_ring_ != nullptr; }
  // Where the next write goes; items take consecutive positions.
  uint64_t next_position() const { return tail_pos_; }
  // Copies an item into pos, one of the count positions make_room made room for.
  void write(uint64_t pos, const void *item, uint64_t pushed_ms) {
    push_ring_->write(pos, item, pushed_ms);
  }
  // Accepts the count written positions from next_position(). False if the
  // queue is closed (nothing accepted).
  bool commit(uint64_t count) {
    // The producer owns the position bits; only seal() changes tail_ under
    // it, so the exchange fails only when the queue is closed. seq_cst: this
    // is the push's moment of acceptance, ordered against close (which
    // seals before it sets the queue's flag), against consumers' emptiness
    // checks and against a blocking pop's registration (priority_queue.cpp).
    uint64_t expected = tail_pos_;
    if (!tail_.compare_exchange_strong(expected, tail_pos_ + count, std::memory_order_seq_cst,
                                       std::memory_order_relaxed)) {
      return false;
    }
    tail_pos_ += count;
    return true;
  }
  // Shows committed positions [first, first + count) to consumers.
  void publish(uint64_t first, uint64_t count) {
    for (uint64_t pos = first; pos != first + count; ++pos) push_ring_->publish(pos);
    // The next push writes the next cell, whose lines consumers have read
    // (one it may share with the cell just published, the rest a lap ago).
    // Asked for now, they travel back while the producer is elsewhere;
    // otherwise the next push's stores would wait for them, and every
    // locked instruction after those stores (the next submit's first one
    // included) would wait too.
    if (fits(1)) push_ring_->prefetch_for_write(first + count);
  }
  // Takes back the last commit of count positions, before any is published.
  void roll_back(uint64_t count);

  // ---- Consumer side: any thread ---------------------------------------
  // Claims up to max published items from the head, in order, copying item
  // i to out + i * item_words; returns how many (at least 1 unless the
  // sub-queue had no published item at some moment during the call). A
  // committed item not yet published is not waited for (see above).
  // first_pos, if not null, gets the position of the first item taken.
  size_t take(uintptr_t *out, size_t max, uint64_t *first_pos = nullptr) {
    // The common case inline: the head is published and the claim succeeds.
    // pop_ring_ before head_: a consumer moves pop_ring_ on only after head_
    // reached the new ring's first position, so this head_ is not older.
    ring *current = pop_ring_.load(std::memory_order_acquire);
    if (current == nullptr) return 0;
    uint64_t pos = head_.load(std::memory_order_acquire);
    const uint32_t words = current->item_words();
    size_t run = 0;
    while (run < max && current->state(pos + run) == ring::cell_state::published) {
      current->copy(pos + run, out + run * words);
      ++run;
    }
    // The copies are ours only if head_ is still pos. seq_cst: prioq.h
    // promises a pop that returns an item is a full barrier.
    if (run != 0 && head_.compare_exchange_strong(pos, pos + run, std::memory_order_seq_cst,
                                                  std::memory_order_relaxed)) {
      if (first_pos != nullptr) *first_pos = pos;
      // While the caller handles these items, the next one's payload
      // travels from the producer's core (prioq_config.payload_word).
      if (payload_word_ != 0) current->prefetch_payload(pos + run, payload_word_ - 1);
      return run;
    }
    return take_slow(out, max, first_pos);
  }
  // Any thread: brings what a take() reads first into this thread's cache,
  // and their pages into its TLB: the consumers' line and the current ring's
  // header (loaded), and the page of the head cell (ring::warm), so that a
  // later take does not wait for them one after the other. A hint: reads
  // only, and a stale head costs a useless prefetch.
  void warm() const {
    const ring *current = pop_ring_.load(std::memory_order_acquire);
    if (current != nullptr) current->warm(head_.load(std::memory_order_relaxed));
  }
  // The push time of the head item, if it is published (aging's racy peek;
  // timed sub-queues only).
  bool peek_pushed_ms(uint64_t *pushed_ms) const;
  // Whether a take() might find an item: reads what take() reads, never
  // tail_, so polling it costs the producer nothing. A racy hint: false
  // only if no item was published at the head at some moment of the call.
  bool may_have_published() const {
    const ring *current = pop_ring_.load(std::memory_order_acquire);
    if (current == nullptr) return false;
    const uint64_t pos = head_.load(std::memory_order_acquire);
    // A reused cell: head_ moved on meanwhile; an unpublished one in a ring
    // with a successor: the head may be in the next ring. Either way a
    // take() will tell.
    return current->state(pos) != ring::cell_state::unpublished ||
           current->next.load(std::memory_order_acquire) != nullptr;
  }
  // Committed and not yet claimed items (seq_cst loads). Reads tail_, the
  // producer's line: for checks that must see every accepted push, not for polls.
  uint64_t size() const {
    const uint64_t head = head_.load(std::memory_order_seq_cst);  // first: tail >= head
    const uint64_t tail = tail_.load(std::memory_order_seq_cst) & ~kClosedBit;
    return tail - head;
  }

  // Consumers, after a look found this sub-queue empty while the pop took
  // an item elsewhere: whether it has been found so since at least
  // patience_ms before now_ms (aging time), so that its occupancy bit is
  // worth clearing. The first look of a run records its time; forget_empty
  // (after the bit was cleared) starts a new run. Racy on purpose: a run
  // that items interrupted is not restarted, so a bit may be cleared early,
  // which only costs the read-modify-writes that clearing and the next
  // push's mark take, at most once per patience_ms.
  bool empty_for_long(uint64_t now_ms, uint64_t patience_ms) {
    const uint64_t since = empty_since_ms_.load(std::memory_order_relaxed);
    if (since == 0) {
      empty_since_ms_.store(now_ms, std::memory_order_relaxed);
      return false;
    }
    return now_ms > since && now_ms - since >= patience_ms;
  }
  void forget_empty() { empty_since_ms_.store(0, std::memory_order_relaxed); }

  // Any thread: later commits fail. Idempotent.
  void seal() { tail_.fetch_or(kClosedBit, std::memory_order_seq_cst); }

#if TPOOL_FAULT_INJECTION
  // Test-only seam (fault-injection builds): called by take() right after
  // it found its head position unpublished, before it looks for a successor
  // ring, so a white-box test can make the producer fill the ring and
  // outgrow it exactly there (tests/prioq/sub_queue_race_test.cpp). Set it
  // only while no other thread uses any sub-queue.
  static void (*testing_after_unpublished_look)(sub_queue *);
#endif

 private:
  static constexpr uint64_t kClosedBit = uint64_t{1} << 63;

  bool fits(uint64_t count) const {
    // The cells in use are those of positions from the later of the head
    // and the ring's first position (earlier ones live in older rings) to
    // the tail.
    const uint64_t first = push_ring_->first_position();
    const uint64_t oldest = cached_head_ > first ? cached_head_ : first;
    return tail_pos_ - oldest + count <= push_ring_->capacity();
  }
  bool make_room_slow(uint64_t count);
  bool grow(uint64_t count);
  size_t take_slow(uintptr_t *out, size_t max, uint64_t *first_pos);

  // The producer's line. tail_ is also read by consumers that find the
  // head unpublished and written by seal(); the rest is the producer's own
  // (handed from one holder of the slot to the next by the slot table).
  alignas(kFalseSharingRange) std::atomic<uint64_t> tail_{0};
  uint64_t tail_pos_ = 0;     // tail_ without kClosedBit, as committed
  uint64_t cached_head_ = 0;  // a copy of head_; never ahead of it
  ring *push_ring_ = nullptr;
  ring *first_ring_ = nullptr;  // also read by the destructor
  uint32_t item_words_ = 0;
  bool timed_ = false;

  // The consumers' line.
  alignas(kFalseSharingRange) std::atomic<uint64_t> head_{0};
  std::atomic<ring *> pop_ring_{nullptr};
  // Set before any push, then only read: on the consumers' line, which a
  // pop has already loaded, and off the producer's.
  uint32_t payload_word_ = 0;
  // empty_for_long's run start (aging time; 0: no run). Written only by
  // pops that found the sub-queue empty, so usually while no consumer
  // claims here.
  std::atomic<uint64_t> empty_since_ms_{0};
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_SUB_QUEUE_H
