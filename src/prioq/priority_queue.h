// The queue behind prioq.dll: per priority, one sub-queue (sub_queue.h) for
// each thread slot (platform::thread_slot), an occupancy summary per
// priority (occupancy.h), and an event_count for blocking pops.
//
// Why sub-queues per thread and not one FIFO per priority: with one FIFO
// every producer and every consumer meet on its tail and head lines, so a
// push misses the cache on the line the previous push (or a consumer's
// emptiness check) took away. Here a producer writes only its own
// sub-queues and reads the occupancy line, which changes only when a
// sub-queue goes from empty to occupied or back; consumers spread over the
// occupied sub-queues by their thread ordinal. The price is the ordering
// promise: FIFO per submitting thread within a priority (prioq.h), not one
// order over every producer.
//
// Order: a pop looks at the priorities from HIGH down and takes from the
// first one that has a candidate sub-queue with an item; by occupancy.h's
// argument it finds every item whose push returned before the pop
// began, and a sub-queue keeps each producer's items in push order. A pop
// takes a run of items from one sub-queue with one claim when it may take
// several (prioq_pop_items) and no older item of a lower priority can be
// overdue. Aging peeks at the sub-queues' heads instead (select_aged).
//
// Thread slots: a thread that holds a slot of its own is the only producer
// of that slot's sub-queues, so a push needs no lock and its one
// read-modify-write (the commit) is on a line no other producer writes.
// Threads that found every slot held share the last slot and serialize
// their pushes on shared_producers_. Slots are recycled when threads exit,
// so threads that come and go use no more memory than 32 slots' sub-queues.
//
// Invariants:
//  - Every accepted push committed its items to exactly one sub-queue per
//    priority it used, and published them; every pop claims each item it
//    returns exactly once.
//  - closed_ is set only after every sub-queue is sealed, so once a pop sees
//    closed_ and then finds every sub-queue empty, the queue stays empty.
//  - With a capacity, count_ is the number of accepted, not yet popped
//    items and never exceeds capacity_ (pushes reserve before committing,
//    pops release after claiming).
#ifndef TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H
#define TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cycle_clock.h"
#include "event_count.h"
#include "occupancy.h"
#include "platform.h"
#include "prioq/prioq.h"
#include "sub_queue.h"
#include "word_lock.h"

namespace prioq_impl {

// Where the items of a batch push come from, or where popped items go:
// item i's bytes at bytes + i * bytes_stride, its priority at
// priorities + i * priorities_stride (in bytes). One shape covers both the
// pointer API's prioq_item arrays (interleaved) and the item API's
// separate arrays.
struct item_source {
  const unsigned char *bytes;
  size_t bytes_stride;
  const unsigned char *priorities;
  size_t priorities_stride;
  const void *item(size_t i) const { return bytes + i * bytes_stride; }
  int32_t priority(size_t i) const {
    int32_t value;
    std::memcpy(&value, priorities + i * priorities_stride, sizeof(value));
    return value;
  }
};
struct item_sink {
  unsigned char *bytes;
  size_t bytes_stride;
  unsigned char *priorities;  // may be null
  size_t priorities_stride;
  void *item(size_t i) const { return bytes + i * bytes_stride; }
  void set_priority(size_t i, int32_t value) const {
    if (priorities != nullptr)
      std::memcpy(priorities + i * priorities_stride, &value, sizeof(value));
  }
};

// Sub-queues per priority: one per thread slot and the shared one.
constexpr uint32_t kSubQueues = platform::kThreadSlots + 1;
static_assert(kSubQueues <= occupancy::kMaxSubQueues, "one occupancy word per priority");
static_assert(platform::kSharedThreadSlot == kSubQueues - 1, "the shared slot is the last");

class priority_queue {
 public:
  explicit priority_queue(const prioq_config &config);
  priority_queue(const priority_queue &) = delete;
  priority_queue &operator=(const priority_queue &) = delete;

  // Items are item_size() bytes, copied in and out.
  uint32_t item_size() const { return item_size_; }
  prioq_status push(const void *item, int32_t priority);
  prioq_status push_batch(const item_source &items, size_t count);
  // Pops up to max_count items without waiting. *out_count >= 1 on PRIOQ_OK.
  prioq_status try_pop(const item_sink &out, size_t max_count, size_t *out_count);
  // As try_pop, waiting up to timeout_ms for the first item.
  prioq_status pop(const item_sink &out, size_t max_count, uint32_t timeout_ms, size_t *out_count);
  void close();
  bool closed() const { return closed_.load(std::memory_order_seq_cst); }
  size_t size(int32_t priority) const;

 private:
  // A sub-queue chosen by aging: the level and slot of its head, or
  // kAnySubQueue when the strict choice among the level's sub-queues will do.
  static constexpr uint32_t kAnySubQueue = kSubQueues;
  struct aged_choice {
    int level;
    uint32_t sub;
  };

  // Pops up to max_count items in contract order into out; 0 if none.
  size_t take_items(const item_sink &out, size_t max_count);
  // One claim: up to max items from one sub-queue, in contract order, into
  // out from index first. 0 if every priority looked empty.
  // *now_ms caches aging_now_ms() across the claims of one call (0: unread).
  size_t take_run(const item_sink &out, size_t first, size_t max, uint64_t *now_ms);
  // Up to max items from sub-queue sub of level into out from index first
  // (take_run_from: through a buffer for several items).
  size_t take_from(int level, uint32_t sub, const item_sink &out, size_t first, size_t max);
  size_t take_run_from(int level, uint32_t sub, const item_sink &out, size_t first, size_t max);
  // After a take of `taken` items from position first_pos of sub-queue sub
  // at level: when the run holds a kWarmEvery-th position, warms
  // (sub_queue::warm) the same slot's sub-queues of the higher levels. Why:
  // a consumer working through one producer's LOW items has never read that
  // producer's HIGH sub-queue, so the first HIGH item it takes waited for
  // the sub-queue's consumer line, then its ring, then its cell, one after
  // the other, plus a page walk for the cell (about 0.95 us, 0.6 us warmed,
  // measured on the development VM with pinned threads). Warming leaves one
  // miss on that path: the cell the producer has just written.
  void warm_higher_levels(int level, uint32_t sub, uint64_t first_pos, size_t taken) const;
  // One item's words to where the caller wants its bytes.
  void copy_out(const uintptr_t *words, void *to) const;
  // Which candidate sub-queue this thread looks at first: threads spread
  // over them by ordinal, and each keeps taking from the same one while the
  // candidates stay the same.
  static uint32_t choose(uint32_t candidates);
  // Clear the occupancy bits of candidates a pop found empty and return
  // whether a sub-queue settled had been refilled (its bit is set again).
  // settle_all_empty settles every one; settle_long_empty, after a pop that
  // took an item, only those that have stayed empty for kStaleCandidateMs at
  // aging time now_ms (sub_queue::empty_for_long), whose run it forgets.
  bool settle_all_empty(const uint32_t (&found_empty)[PRIOQ_PRIORITY_COUNT], int highest);
  void settle_long_empty(const uint32_t (&found_empty)[PRIOQ_PRIORITY_COUNT], int highest,
                         uint64_t now_ms);
  // The loop both share: settles(sub) says whether to settle that candidate.
  template <typename Settles>
  bool settle_found_empty(const uint32_t (&found_empty)[PRIOQ_PRIORITY_COUNT], int highest,
                          Settles &&settles);
  // With aging: what the contract takes next, or level -1 if nothing is peekable.
  aged_choice select_aged(uint64_t now_ms) const;
  // With aging: false while no head of an occupied level below highest (the
  // highest level with candidates) can be overdue at now_ms (then the strict
  // order is the contract's order and select_aged is skipped).
  bool maybe_overdue(uint64_t now_ms, const uint32_t (&candidates)[PRIOQ_PRIORITY_COUNT],
                     int highest) const;
  // Items committed and not claimed, over the candidates (any_items) or over
  // every sub-queue (any_committed: closed queues, where a commit may not
  // have reached the occupancy word yet).
  bool any_items() const;
  bool any_committed() const;
  // A racy hint for polls: a candidate's head may be published. Reads no
  // producer's line (sub_queue::may_have_published).
  bool any_published() const;
  // Whether test(sub) holds for some candidate sub-queue of any priority.
  template <typename Test>
  bool any_candidate(Test &&test) const {
    for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
      for (uint32_t c = occupancy_[p].candidates(); c != 0; c &= c - 1) {
        if (test(subs_[p][lowest_bit_index(c)])) return true;
      }
    }
    return false;
  }
  prioq_status drain_closed(const item_sink &out, size_t max_count, size_t *out_count);
  bool reserve_capacity(size_t count);
  void release_capacity(size_t count);
  // Producer of slot: room for count more items at level (sub_queue::
  // make_room), the slot's first rings included. False if allocation failed.
  bool make_room(uint32_t slot, int32_t level, uint64_t count);
  // Producer of slot, on the slot's first push at a level: gives every level
  // of the slot its first ring, so that the slot's first push at another
  // level later (typically a rare HIGH item behind a stream of LOW ones)
  // allocates nothing and finds its sub-queue's lines already written. False
  // if an allocation failed (the push reports it; rings already made stay,
  // empty and invisible).
  bool provision_slot(uint32_t slot);
  // After a push at level that marked sub-queue slot occupied (pushed_ms:
  // its aging time): the level's first bound, if it has none yet.
  void note_occupied(int32_t level, uint64_t pushed_ms);
  // After a push: wake a sleeper if one should take the new items.
  void wake_after_push(size_t count);
  // After a blocking pop took an item: pass remaining work to a sleeper
  // that a push left asleep because a spinner was about (event_count.h).
  void hand_off();
  bool aging() const { return aging_threshold_ms_ != 0; }
  // The aging clock, in milliseconds (never 0: take_run's "not read yet"):
  // the time-stamp counter at the rate the constructor measured
  // (cycle_clock.h). Every push of an aging queue reads it, and so does the
  // pop that must choose between two occupied levels. The system's coarse
  // clock lives on a page the kernel rewrites at every tick, so reading it
  // missed the cache once per tick, and on the pop of a HIGH item behind
  // LOW ones that miss went to a core that had just gone idle (0.6 to 0.9
  // us in the HIGH-behind-LOW probe); the counter is read from a register.
  // Readings of different threads may differ by the counters' skew, a few
  // microseconds at most: aging clamps negative ages to 0. The rate is the
  // queue's own copy, on the occupancy line (see aging_rate_q32_).
  uint64_t aging_now_ms() const {
    return platform::cycles_to_ns(platform::cycles(), aging_rate_q32_) / 1000000u + 1;
  }
  // The rate aging_now_ms converts at (platform::ns_per_cycle_q32), measured
  // first if this is the process's first aging queue; 0 without aging.
  static uint64_t aging_rate_for(uint64_t aging_threshold_ms);

  // Ages are in milliseconds: a starvation bound is tens of them, and whole
  // milliseconds keep a cell's push time one word.
  const uint64_t aging_threshold_ms_;
  const size_t capacity_;  // 0: unbounded
  const uint32_t spin_count_;
  const uint32_t item_size_;
  const uint32_t item_words_;
  std::atomic<bool> closed_{false};

  // Read by every pop, written on empty/occupied transitions only.
  alignas(kFalseSharingRange) occupancy occupancy_[PRIOQ_PRIORITY_COUNT];
  // Per level (HIGH unused): no item of the level can be overdue before this
  // aging time. Set by the first push that marks the level occupied (from
  // its own push time), then raised by select_aged from the push time of the
  // oldest head it saw not yet overdue: items behind a head were pushed no
  // earlier, except for a producer descheduled between reading the clock and
  // committing (or between publishing and marking), which aging, best
  // effort under concurrency, tolerates. Never later than a true head's
  // bound, so a stale value errs early. 0: unknown.
  // On the occupancy line on purpose: a pop that must choose between two
  // occupied levels reads both, and the producer's mark that made the
  // second level occupied has just moved that line, so the bounds arrive
  // with it instead of costing a second miss. They are written rarely (see
  // maybe_overdue), so the line's write rate barely changes.
  mutable std::atomic<uint64_t> no_overdue_before_ms_[PRIOQ_PRIORITY_COUNT] = {};
  // The cycle clock's rate, copied here for aging_now_ms: the same pop reads
  // the clock, and the process-wide rate sits on a line of its own that a
  // worker running LOW jobs never reads, a cache miss (measured: about 1,000
  // cycles, on a HIGH job's start) that this copy replaces with a hit.
  const uint64_t aging_rate_q32_;
  static_assert(sizeof(occupancy) * PRIOQ_PRIORITY_COUNT +
                        sizeof(std::atomic<uint64_t>) * PRIOQ_PRIORITY_COUNT + sizeof(uint64_t) <=
                    64,
                "the occupancy words, the bounds and the rate share one line");
  alignas(kFalseSharingRange) std::atomic<size_t> count_{0};  // only when capacity_ != 0
  // Serializes the pushes of threads that share the last slot.
  tpsync::word_lock shared_producers_;
  tpsync::event_count item_events_;  // notified on push and on close
  sub_queue subs_[PRIOQ_PRIORITY_COUNT][kSubQueues];
};

}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_PRIORITY_QUEUE_H
