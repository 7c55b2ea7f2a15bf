#include "priority_queue.h"

#include "await.h"
#include "backoff.h"
#include "deadline.h"

namespace prioq_impl {

static_assert(PRIOQ_INFINITE == platform::kInfinite, "timeouts go to the platform layer unchanged");

namespace {

// Items one claim copies out at most go through a buffer of this many words
// on the stack (a run is copied before it is claimed: sub_queue.h).
constexpr size_t kRunBufferWords = 512;
// Candidates a pop may find empty before it clears their occupancy bits
// (take_run): enough for one producer's three priorities.
constexpr uint32_t kEmptyLooksBeforeSettling = 4;
// Fewer candidates found empty are settled once they have stayed empty this
// long while pops took items elsewhere (aging queues: see take_run).
constexpr uint64_t kStaleCandidateMs = 2;
// How often pops warm the higher levels of a sub-queue's slot
// (warm_higher_levels): once per this many positions taken from it.
constexpr uint64_t kWarmEvery = 64;
static_assert(kRunBufferWords >= kMaxItemWords, "the buffer holds the largest item");

// Holds the shared slot's lock around a push by a thread without a slot of
// its own; does nothing for a thread that has one.
class producer_guard {
 public:
  producer_guard(tpsync::word_lock &shared, uint32_t slot) NO_THREAD_SAFETY_ANALYSIS
      : lock_(slot == platform::kSharedThreadSlot ? &shared : nullptr) {
    if (lock_ != nullptr) lock_->lock();
  }
  ~producer_guard() NO_THREAD_SAFETY_ANALYSIS {
    if (lock_ != nullptr) lock_->unlock();
  }
  producer_guard(const producer_guard &) = delete;
  producer_guard &operator=(const producer_guard &) = delete;

 private:
  tpsync::word_lock *lock_;
};

}  // namespace

priority_queue::priority_queue(const prioq_config &config)
    : aging_threshold_ms_(config.aging_threshold_ms),
      capacity_(config.capacity),
      spin_count_(config.spin_count),
      item_size_(config.item_size),
      item_words_(config.item_size / static_cast<uint32_t>(sizeof(uintptr_t))),
      aging_rate_q32_(aging_rate_for(config.aging_threshold_ms)) {
  for (auto &level : subs_) {
    for (sub_queue &sub : level) sub.configure(item_words_, config.payload_word, aging());
  }
}

uint64_t priority_queue::aging_rate_for(uint64_t aging_threshold_ms) {
  if (aging_threshold_ms == 0) return 0;
  // Once per process (about 50 us).
  platform::calibrate_cycle_clock();
  return platform::ns_per_cycle_q32();
}

bool priority_queue::reserve_capacity(size_t count) {
  if (capacity_ == 0) return true;
  size_t current = count_.load(std::memory_order_relaxed);
  do {
    if (current > capacity_ || capacity_ - current < count) return false;
  } while (!count_.compare_exchange_weak(current, current + count, std::memory_order_relaxed));
  return true;
}

void priority_queue::release_capacity(size_t count) {
  if (capacity_ != 0 && count != 0) count_.fetch_sub(count, std::memory_order_relaxed);
}

bool priority_queue::make_room(uint32_t slot, int32_t level, uint64_t count) {
  sub_queue &sub = subs_[level][slot];
  return (sub.has_ring() || provision_slot(slot)) && sub.make_room(count);
}

bool priority_queue::provision_slot(uint32_t slot) {
  for (auto &level : subs_) {
    if (!level[slot].make_room(0)) return false;
  }
  return true;
}

void priority_queue::note_occupied(int32_t level, uint64_t pushed_ms) {
  // Only the first occupation of a level sets a bound: every item queued
  // at the level then was pushed no earlier than this one (up to the
  // tolerance no_overdue_before_ms_ describes). Without it, the first pop
  // that found two occupied levels (typically a HIGH job behind LOW ones)
  // had to peek at every head to learn what a push already knew.
  if (!aging() || level == PRIOQ_PRIORITY_HIGH) return;
  std::atomic<uint64_t> &bound = no_overdue_before_ms_[level];
  if (bound.load(std::memory_order_relaxed) != 0) return;
  uint64_t unknown = 0;
  bound.compare_exchange_strong(unknown, pushed_ms + aging_threshold_ms_ + 1,
                                std::memory_order_relaxed, std::memory_order_relaxed);
}

// No lost wake-up: the commit that accepted the items was a seq_cst
// compare-and-swap, followed by the producer's seq_cst look at the occupancy
// word; a blocking pop checks with seq_cst loads of the occupancy words and
// the candidates' tails after prepare_wait() (any_items, and occupancy.h for
// why a candidate is not missed); and this is a seq_cst load of the waiter
// state (event_count::peek_ordered).
void priority_queue::wake_after_push(size_t count) {
  const uint64_t consumers = item_events_.peek_ordered();
  if (count == 1) {
    // A spinning consumer will take the item; waking a sleeper too would
    // only cost a system call (see hand_off).
    if (tpsync::event_count::should_wake(consumers)) item_events_.wake_one();
  } else if (tpsync::event_count::has_waiters(consumers)) {
    item_events_.wake_all();
  }
}

void priority_queue::hand_off() {
  if (tpsync::event_count::should_wake(item_events_.peek_ordered()) && any_items()) {
    item_events_.wake_one();
  }
}

prioq_status priority_queue::push(const void *item, int32_t priority) {
  if (closed()) return PRIOQ_E_CLOSED;
  if (!reserve_capacity(1)) return PRIOQ_E_FULL;
  const uint64_t now_ms = aging() ? aging_now_ms() : 0;
  const uint32_t slot = platform::thread_slot();
  sub_queue &sub = subs_[priority][slot];
  prioq_status status = PRIOQ_OK;
  {
    producer_guard guard(shared_producers_, slot);
    const uint64_t pos = sub.next_position();
    if (!make_room(slot, priority, 1)) {
      status = PRIOQ_E_OUT_OF_MEMORY;
    } else if (sub.commit(1)) {
      sub.write(pos, item, now_ms);
      sub.publish(pos, 1);
    } else {
      status = PRIOQ_E_CLOSED;
    }
  }
  if (status != PRIOQ_OK) {
    release_capacity(1);
    return status;
  }
  if (occupancy_[priority].mark(slot)) note_occupied(priority, now_ms);
  wake_after_push(1);
  return PRIOQ_OK;
}

prioq_status priority_queue::push_batch(const item_source &items, size_t count) {
  if (closed()) return PRIOQ_E_CLOSED;
  if (!reserve_capacity(count)) return PRIOQ_E_FULL;
  uint64_t per_level[PRIOQ_PRIORITY_COUNT] = {};
  for (size_t i = 0; i < count; ++i) ++per_level[items.priority(i)];
  const uint64_t now_ms = aging() ? aging_now_ms() : 0;
  const uint32_t slot = platform::thread_slot();
  prioq_status status = PRIOQ_OK;
  {
    producer_guard guard(shared_producers_, slot);
    // All-or-nothing: room first (the only step that allocates), then the
    // commits, then the writes; if one commit fails (the queue closed
    // meanwhile), the ones before it are rolled back before anything is
    // written or published.
    uint64_t next[PRIOQ_PRIORITY_COUNT] = {};
    for (int p = 0; p < PRIOQ_PRIORITY_COUNT && status == PRIOQ_OK; ++p) {
      next[p] = subs_[p][slot].next_position();
      if (per_level[p] != 0 && !make_room(slot, p, per_level[p])) {
        status = PRIOQ_E_OUT_OF_MEMORY;
      }
    }
    if (status == PRIOQ_OK) {
      for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
        if (per_level[p] == 0 || subs_[p][slot].commit(per_level[p])) continue;
        for (int q = 0; q < p; ++q) {
          if (per_level[q] != 0) subs_[q][slot].roll_back(per_level[q]);
        }
        status = PRIOQ_E_CLOSED;
        break;
      }
    }
    if (status == PRIOQ_OK) {
      for (size_t i = 0; i < count; ++i) {
        const int32_t p = items.priority(i);
        subs_[p][slot].write(next[p]++, items.item(i), now_ms);
      }
      for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
        if (per_level[p] != 0) subs_[p][slot].publish(next[p] - per_level[p], per_level[p]);
      }
    }
  }
  if (status != PRIOQ_OK) {
    release_capacity(count);
    return status;
  }
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (per_level[p] != 0 && occupancy_[p].mark(slot)) note_occupied(p, now_ms);
  }
  wake_after_push(count);
  return PRIOQ_OK;
}

uint32_t priority_queue::choose(uint32_t candidates) {
  if ((candidates & (candidates - 1)) == 0) return lowest_bit_index(candidates);
  uint32_t skip = platform::thread_ordinal() % bit_count(candidates);
  while (skip-- != 0) candidates &= candidates - 1;
  return lowest_bit_index(candidates);
}

void priority_queue::copy_out(const uintptr_t *words, void *to) const {
  // Word by word: a call to memcpy with a size unknown here costs more than
  // the few words of a typical item.
  auto *bytes = static_cast<unsigned char *>(to);
  for (uint32_t i = 0; i < item_words_; ++i) {
    std::memcpy(bytes + i * sizeof(uintptr_t), &words[i], sizeof(uintptr_t));
  }
}

void priority_queue::warm_higher_levels(int level, uint32_t sub, uint64_t first_pos,
                                        size_t taken) const {
  // Only runs whose positions [first_pos, last] hold a multiple of
  // kWarmEvery: a pop that finds the lines cached spends a few loads, and at
  // that rate a consumer of tiny jobs does not notice them.
  const uint64_t last = first_pos + taken - 1;
  if (level == PRIOQ_PRIORITY_HIGH ||
      (first_pos % kWarmEvery != 0 && first_pos / kWarmEvery == last / kWarmEvery)) {
    return;
  }
  for (int p = PRIOQ_PRIORITY_HIGH; p < level; ++p) subs_[p][sub].warm();
}

size_t priority_queue::take_from(int level, uint32_t sub, const item_sink &out, size_t first,
                                 size_t max) {
  if (max == 1) {  // the common case, with a buffer of one item
    uintptr_t item[kMaxItemWords];
    uint64_t first_pos = 0;
    if (subs_[level][sub].take(item, 1, &first_pos) == 0) return 0;
    warm_higher_levels(level, sub, first_pos, 1);
    copy_out(item, out.item(first));
    out.set_priority(first, level);
    release_capacity(1);
    return 1;
  }
  return take_run_from(level, sub, out, first, max);
}

size_t priority_queue::take_run_from(int level, uint32_t sub, const item_sink &out, size_t first,
                                     size_t max) {
  uintptr_t buffer[kRunBufferWords];
  const size_t fit = kRunBufferWords / item_words_;
  uint64_t first_pos = 0;
  const size_t taken = subs_[level][sub].take(buffer, max < fit ? max : fit, &first_pos);
  if (taken != 0) warm_higher_levels(level, sub, first_pos, taken);
  for (size_t i = 0; i < taken; ++i) {
    copy_out(buffer + i * item_words_, out.item(first + i));
    out.set_priority(first + i, level);
  }
  release_capacity(taken);
  return taken;
}

priority_queue::aged_choice priority_queue::select_aged(uint64_t now_ms) const {
  // Starvation bound: an overdue head of a lower level is taken only ahead
  // of NEWER items; among the highest level's oldest head and the overdue
  // heads, the oldest wins. An older higher-priority item is never
  // overtaken. A head still being published counts as the newest item.
  aged_choice chosen{-1, kAnySubQueue};
  uint64_t oldest = UINT64_MAX;
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    uint32_t candidates = occupancy_[p].candidates();
    if (candidates == 0) continue;
    uint64_t level_oldest = UINT64_MAX;
    uint32_t level_sub = kAnySubQueue;
    for (; candidates != 0; candidates &= candidates - 1) {
      const uint32_t s = lowest_bit_index(candidates);
      uint64_t pushed = 0;
      if (subs_[p][s].peek_pushed_ms(&pushed) && pushed < level_oldest) {
        level_oldest = pushed;
        level_sub = s;
      }
    }
    if (chosen.level < 0) {
      chosen = {p, level_sub};
      oldest = level_oldest;
      continue;
    }
    if (level_sub == kAnySubQueue) continue;
    const bool overdue = now_ms > level_oldest && now_ms - level_oldest > aging_threshold_ms_;
    if (overdue && level_oldest < oldest) {
      chosen = {p, level_sub};
      oldest = level_oldest;
    }
    if (!overdue) {
      // Nothing behind these heads was pushed earlier (best effort: see
      // no_overdue_before_ms_), so the level cannot be overdue until then.
      // Stored only when it moves: the word shares the line every pop reads.
      const uint64_t bound = level_oldest + aging_threshold_ms_ + 1;
      if (no_overdue_before_ms_[p].load(std::memory_order_relaxed) != bound) {
        no_overdue_before_ms_[p].store(bound, std::memory_order_relaxed);
      }
    }
  }
  return chosen;
}

bool priority_queue::maybe_overdue(uint64_t now_ms,
                                   const uint32_t (&candidates)[PRIOQ_PRIORITY_COUNT],
                                   int highest) const {
  // Only a level below the highest occupied one, with candidates of its
  // own, can hold an item to take ahead of the highest level's. A level
  // without candidates has no bound (select_aged never saw its heads), and
  // counting it would send every pop of a HIGH-and-LOW queue through
  // select_aged while MEDIUM stays empty.
  for (int p = highest + 1; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (candidates[p] == 0) continue;
    if (now_ms >= no_overdue_before_ms_[p].load(std::memory_order_relaxed)) return true;
  }
  return false;
}

size_t priority_queue::take_run(const item_sink &out, size_t first, size_t max, uint64_t *now_ms) {
  for (;;) {
    uint32_t candidates[PRIOQ_PRIORITY_COUNT];
    int highest = -1;
    bool lower_waits = false;
    for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
      candidates[p] = occupancy_[p].candidates();
      if (candidates[p] == 0) continue;
      if (highest < 0) {
        highest = p;
      } else {
        lower_waits = true;
      }
    }
    if (highest < 0) return 0;
    // Only a choice between two occupied levels needs the clock and the
    // heads' push times.
    if (aging() && lower_waits) {
      if (*now_ms == 0) *now_ms = aging_now_ms();
      if (maybe_overdue(*now_ms, candidates, highest)) {
        // One item at a time: a run could take newer items past an overdue one.
        max = 1;
        for (;;) {
          const aged_choice choice = select_aged(*now_ms);
          if (choice.level < 0 || choice.sub == kAnySubQueue) break;  // the strict choice
          const size_t taken = take_from(choice.level, choice.sub, out, first, 1);
          if (taken != 0) return taken;
          // Another consumer emptied that sub-queue since select_aged looked.
        }
      }
    }
    uint32_t found_empty[PRIOQ_PRIORITY_COUNT] = {};
    uint32_t empties = 0;
    size_t taken = 0;
    for (int p = highest; p < PRIOQ_PRIORITY_COUNT && taken == 0; ++p) {
      for (uint32_t remaining = candidates[p]; remaining != 0;) {
        const uint32_t s = choose(remaining);
        taken = take_from(p, s, out, first, max);
        if (taken != 0) break;
        remaining &= ~(uint32_t{1} << s);
        found_empty[p] |= uint32_t{1} << s;
        ++empties;
      }
    }
    // A candidate found empty keeps its bit while there are few of them:
    // clearing it costs this consumer two read-modify-writes and the
    // sub-queue's producer one more at its next push, on the line every
    // consumer reads, and with one producer feeding a faster worker that was
    // paid on every job; a stale bit costs only a look at a sub-queue whose
    // lines nobody writes. Past kEmptyLooksBeforeSettling they are settled.
    if (empties < kEmptyLooksBeforeSettling) {
      // A bit can also stay stale for good: after one HIGH item among LOW
      // ones, every later pop would look at the empty HIGH sub-queue (and
      // read the clock, since two levels look occupied), about a quarter of
      // a one-thread push + pop. So a candidate that pops have found empty
      // for kStaleCandidateMs while taking items elsewhere is settled; the
      // clearing is then paid at most once per that time. Only aging
      // queues, whose pop has read the clock by now; others keep the bit.
      if (taken != 0 && *now_ms != 0) settle_long_empty(found_empty, highest, *now_ms);
      return taken;
    }
    const bool refilled = settle_all_empty(found_empty, highest);
    // Items arrived in a sub-queue found empty: look again from the top.
    if (taken != 0 || !refilled) return taken;
  }
}

template <typename Settles>
bool priority_queue::settle_found_empty(const uint32_t (&found_empty)[PRIOQ_PRIORITY_COUNT],
                                        int highest, Settles &&settles) {
  bool refilled = false;
  for (int p = highest; p < PRIOQ_PRIORITY_COUNT; ++p) {
    for (uint32_t empty = found_empty[p]; empty != 0; empty &= empty - 1) {
      const uint32_t s = lowest_bit_index(empty);
      sub_queue &sub = subs_[p][s];
      if (!settles(sub)) continue;
      // A refilled sub-queue keeps its bit (settle_empty sets it back).
      if (occupancy_[p].settle_empty(s, sub)) refilled = true;
    }
  }
  return refilled;
}

bool priority_queue::settle_all_empty(const uint32_t (&found_empty)[PRIOQ_PRIORITY_COUNT],
                                      int highest) {
  return settle_found_empty(found_empty, highest, [](sub_queue &) { return true; });
}

void priority_queue::settle_long_empty(const uint32_t (&found_empty)[PRIOQ_PRIORITY_COUNT],
                                       int highest, uint64_t now_ms) {
  settle_found_empty(found_empty, highest, [now_ms](sub_queue &sub) {
    if (!sub.empty_for_long(now_ms, kStaleCandidateMs)) return false;
    // Its run is over whether or not settling finds it refilled.
    sub.forget_empty();
    return true;
  });
}

size_t priority_queue::take_items(const item_sink &out, size_t max_count) {
  uint64_t now_ms = 0;
  if (max_count == 1) return take_run(out, 0, 1, &now_ms);
  size_t popped = 0;
  while (popped < max_count) {
    const size_t taken = take_run(out, popped, max_count - popped, &now_ms);
    if (taken == 0) break;
    popped += taken;
  }
  return popped;
}

bool priority_queue::any_items() const {
  return any_candidate([](const sub_queue &sub) { return sub.size() != 0; });
}

bool priority_queue::any_published() const {
  return any_candidate([](const sub_queue &sub) { return sub.may_have_published(); });
}

bool priority_queue::any_committed() const {
  for (const auto &level : subs_) {
    for (const sub_queue &sub : level) {
      if (sub.size() != 0) return true;
    }
  }
  return false;
}

prioq_status priority_queue::drain_closed(const item_sink &out, size_t max_count,
                                          size_t *out_count) {
  // Every sub-queue is sealed: no commit can come. A commit made before the
  // seal may still be on its way to the occupancy word; wait for it.
  tpsync::backoff waiting;
  for (;;) {
    if (!any_committed()) return PRIOQ_E_CLOSED;
    const size_t popped = take_items(out, max_count);
    if (popped != 0) {
      *out_count = popped;
      return PRIOQ_OK;
    }
    waiting.pause();
  }
}

prioq_status priority_queue::try_pop(const item_sink &out, size_t max_count, size_t *out_count) {
  // Read closed_ before looking at the sub-queues: closed_ is set after
  // every sub-queue is sealed, so what is committed then is all there is.
  const bool was_closed = closed();
  const size_t popped = take_items(out, max_count);
  if (popped != 0) {
    *out_count = popped;
    return PRIOQ_OK;
  }
  if (!was_closed) return PRIOQ_E_EMPTY;
  return drain_closed(out, max_count, out_count);
}

prioq_status priority_queue::pop(const item_sink &out, size_t max_count, uint32_t timeout_ms,
                                 size_t *out_count) {
  prioq_status status = try_pop(out, max_count, out_count);
  if (status != PRIOQ_E_EMPTY || timeout_ms == 0) {
    return status == PRIOQ_E_EMPTY ? PRIOQ_E_TIMEOUT : status;
  }
  if (spin_count_ != 0) {
    item_events_.begin_spin();
    for (uint32_t spin = 0; spin < spin_count_; ++spin) {
      platform::cpu_relax();
      if (any_published() || closed()) {
        status = try_pop(out, max_count, out_count);
        if (status != PRIOQ_E_EMPTY) break;
      }
    }
    item_events_.end_spin();
    if (status != PRIOQ_E_EMPTY) {
      if (status == PRIOQ_OK) hand_off();
      return status;
    }
  }
  // The spin found nothing: sleep on the item events until a pop finds work
  // or the queue is closed and drained (try_pop's own statuses) or time runs
  // out. try_pop does not wait for a push between its commit and its publish
  // (sub_queue.h), but a sleeper must not miss it: the pusher may have seen
  // no sleeper and skipped its wake. So before sleeping, the committed items
  // decide (any_items: seq_cst loads of the tails, the push's moment of
  // acceptance), and a push on its way is waited for here.
  tpsync::backoff landing;
  const auto popped = [&] {
    for (;;) {
      status = try_pop(out, max_count, out_count);
      if (status != PRIOQ_E_EMPTY) return true;
      if (!any_items()) return false;
      landing.pause();
    }
  };
  if (!tpsync::await_until(item_events_, popped, tpsync::deadline_after(timeout_ms))) {
    return PRIOQ_E_TIMEOUT;
  }
  if (status == PRIOQ_OK) hand_off();
  return status;
}

void priority_queue::close() {
  for (auto &level : subs_) {
    for (sub_queue &sub : level) sub.seal();
  }
  closed_.store(true, std::memory_order_seq_cst);
  if (tpsync::event_count::has_waiters(item_events_.peek_ordered())) item_events_.wake_all();
}

size_t priority_queue::size(int32_t priority) const {
  uint64_t total = 0;
  for (int p = 0; p < PRIOQ_PRIORITY_COUNT; ++p) {
    if (priority != PRIOQ_PRIORITY_ALL && priority != p) continue;
    for (uint32_t c = occupancy_[p].candidates(); c != 0; c &= c - 1) {
      total += subs_[p][lowest_bit_index(c)].size();
    }
  }
  return static_cast<size_t>(total);
}

}  // namespace prioq_impl
