// An event count: lets threads sleep until "something changed" without a
// kernel object and without lost wake-ups, and lets notifiers skip the wake
// system call entirely when nobody sleeps.
//
// Waiter protocol (loop until the condition holds or time runs out; the
// loop is written once, as tpsync::await_until in await.h):
//     const uint32_t key = events.prepare_wait();
//     if (condition()) { events.cancel_wait(); return; }
//     events.wait(key, timeout_ms);
// Notifier protocol: make the condition true (any write, e.g. under a lock),
// then call notify_one_unless_spinning() or notify_all().
//
// Why no wake-up is lost: prepare_wait() and notify_all() both perform a
// read-modify-write on state_, so they are totally ordered (for the fenced
// notify_one_unless_spinning() see its comment). If the notifier's
// comes later it sees the waiter and bumps epoch_ (so wait(key) returns at
// once or is woken); if it comes earlier, the waiter's RMW reads from it and so
// sees the condition the notifier wrote before it.
//
// Spinners: a thread that polls for the condition before sleeping can say so
// with begin_spin()/end_spin(). notify_one_unless_spinning() then skips the
// wake while a spinner exists, because the spinner will take the work. That
// is only safe with a hand-off rule the user must keep: whoever consumes work
// and sees more left calls notify_one_unless_spinning() again (a chain), and a
// spinner that gives up calls end_spin() before prepare_wait() and re-checks
// the condition after it (the usual protocol). Both are RMWs on state_, so a
// notifier that saw a spinner is ordered before that spinner's end_spin().
//
// Pending wakes: a waiter that has been woken but has not run yet is just as
// good as a spinner, so single wakes are counted (pending) and a notifier
// wakes only if some waiter has no wake on its way (pending < waiters).
// Without this, every notification between a wake and the moment the woken
// thread gets a processor (tens of microseconds on a busy machine, a whole
// time slice on an overloaded one) made a futex/WaitOnAddress system call of
// its own. Every waiter that leaves (wait() returns or cancel_wait())
// retires one pending wake, whichever waiter the wake was meant for, and
// then re-checks the condition; the same hand-off rule as for spinners keeps
// the chain going. Invariant: pending <= waiters, so pending is 0 whenever
// nobody waits and no wake can stay "on its way" forever.
#ifndef TPOOL_SRC_SYNC_EVENT_COUNT_H
#define TPOOL_SRC_SYNC_EVENT_COUNT_H

#include <atomic>
#include <cstdint>

#include "platform.h"
#include "sanitizers.h"

namespace tpsync {

class event_count {
 public:
  event_count() = default;
  event_count(const event_count &) = delete;
  event_count &operator=(const event_count &) = delete;

  uint32_t prepare_wait() {
    state_.fetch_add(kWaiter, std::memory_order_seq_cst);
    return epoch_.load(std::memory_order_seq_cst);
  }

  void cancel_wait() { leave(); }

  void begin_spin() { state_.fetch_add(kSpinner, std::memory_order_seq_cst); }
  void end_spin() { state_.fetch_sub(kSpinner, std::memory_order_seq_cst); }

  // Sleeps until notified after prepare_wait() returned key, the timeout
  // elapses (returns false) or spuriously (returns true). Ends the wait.
  bool wait(uint32_t key, uint32_t timeout_ms) {
    const bool woke = platform::wait_on_address(epoch_, key, timeout_ms);
    leave();
    return woke;
  }

  void notify_all() {
    if (!has_waiters(state_.fetch_add(0, std::memory_order_seq_cst))) return;
    wake_all();
  }

  // Wakes one sleeper unless a spinner or a woken waiter will take the work.
  // A seq_cst fence and a plain load instead of a read-modify-write, so a
  // busy notifier does not pull the state word's cache line away from every
  // waiter and spinner on each notification. The caller must have made (or
  // seen) the condition true with a seq_cst atomic operation sequenced
  // before this call. Then a waiter's prepare_wait() (a seq_cst RMW) either
  // precedes the fence in the seq_cst order, and the load sees it, or
  // follows it, and the waiter's seq_cst re-check sees the condition. The
  // hand-off rule holds the same way: a notifier that saw a spinner (or a
  // pending wake) has its fence ordered before that spinner's end_spin() (or
  // the woken waiter's leave()), so the re-check that follows sees the
  // condition. ThreadSanitizer does not model fences (GCC warns under
  // -fsanitize=thread, an error with our -Werror), so sanitizer builds take
  // the read-modify-write, which is stronger.
  void notify_one_unless_spinning() {
#if TPOOL_SANITIZER_THREAD
    const uint64_t state = state_.fetch_add(0, std::memory_order_seq_cst);
#else
    std::atomic_thread_fence(std::memory_order_seq_cst);
    const uint64_t state = state_.load(std::memory_order_relaxed);
#endif
    if (should_wake(state)) wake_one();
  }

  // Lock-free variant for callers that split the decision from the wake: a
  // notifier whose condition write is a seq_cst read-modify-write, and a
  // waiter whose check is a seq_cst load, are ordered with prepare_wait() by
  // the single total order of seq_cst operations; this seq_cst load of the
  // state completes the argument (prepare_wait before the check before the
  // notifier's write before this load, so the waiter is seen). Follow up
  // with wake_one() if should_wake(state), wake_all() if has_waiters(state).
  uint64_t peek_ordered() const {
    return state_.load(std::memory_order_seq_cst);
  }
  static bool should_wake(uint64_t state) {
    return spinners_of(state) == 0 && pending_of(state) < waiters_of(state);
  }
  static bool has_waiters(uint64_t state) {
    return waiters_of(state) != 0;
  }

  // Wakes one waiter that has no wake on its way yet; does nothing if every
  // waiter has one (or nobody waits).
  void wake_one() {
    uint64_t state = state_.load(std::memory_order_relaxed);
    do {
      if (pending_of(state) >= waiters_of(state)) return;
    } while (!state_.compare_exchange_weak(state, state + kPending, std::memory_order_seq_cst,
                                           std::memory_order_relaxed));
    epoch_.fetch_add(1, std::memory_order_seq_cst);
    platform::wake_one(epoch_);
  }

  // Wakes every waiter; each of them now has a wake on its way.
  void wake_all() {
    uint64_t state = state_.load(std::memory_order_relaxed);
    uint64_t next = 0;
    do {
      next = (state & ~(kFieldMask << kFieldBits)) | (uint64_t{waiters_of(state)} << kFieldBits);
    } while (!state_.compare_exchange_weak(state, next, std::memory_order_seq_cst,
                                           std::memory_order_relaxed));
    epoch_.fetch_add(1, std::memory_order_seq_cst);
    platform::wake_all(epoch_);
  }

  // Waiters with no wake on their way: threads a wake_one() would wake.
  uint32_t sleepers() const {
    const uint64_t state = state_.load(std::memory_order_relaxed);
    return waiters_of(state) - pending_of(state);
  }
  uint32_t spinners() const {
    return spinners_of(state_.load(std::memory_order_relaxed));
  }

 private:
  // state_ packs three counts so one RMW reads them all, 21 bits each:
  // waiters (threads between prepare_wait() and the end of wait() or
  // cancel_wait()), pending (single wakes sent to waiters that have not left
  // yet; never more than waiters) and spinners.
  static constexpr unsigned kFieldBits = 21;
  static constexpr uint64_t kFieldMask = (uint64_t{1} << kFieldBits) - 1;
  static constexpr uint64_t kWaiter = 1;
  static constexpr uint64_t kPending = uint64_t{1} << kFieldBits;
  static constexpr uint64_t kSpinner = uint64_t{1} << (2 * kFieldBits);

  static uint32_t waiters_of(uint64_t state) {
    return static_cast<uint32_t>(state & kFieldMask);
  }
  static uint32_t pending_of(uint64_t state) {
    return static_cast<uint32_t>((state >> kFieldBits) & kFieldMask);
  }
  static uint32_t spinners_of(uint64_t state) {
    return static_cast<uint32_t>((state >> (2 * kFieldBits)) & kFieldMask);
  }

  // Ends a wait and retires one pending wake if any (keeps pending <= waiters).
  // seq_cst: the caller's re-check of the condition must follow it (see
  // notify_one_unless_spinning).
  void leave() {
    uint64_t state = state_.load(std::memory_order_relaxed);
    uint64_t next = 0;
    do {
      next = state - kWaiter - (pending_of(state) != 0 ? kPending : 0);
    } while (!state_.compare_exchange_weak(state, next, std::memory_order_seq_cst,
                                           std::memory_order_relaxed));
  }

  alignas(64) std::atomic<uint32_t> epoch_{0};
  std::atomic<uint64_t> state_{0};
};

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_EVENT_COUNT_H
