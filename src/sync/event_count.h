// An event count: lets threads sleep until "something changed" without a
// kernel object and without lost wake-ups, and lets notifiers skip the wake
// system call entirely when nobody sleeps.
//
// Waiter protocol (loop until the condition holds or time runs out):
//     const uint32_t key = events.prepare_wait();
//     if (condition()) { events.cancel_wait(); return; }
//     events.wait(key, timeout_ms);
// Notifier protocol: make the condition true (any write, e.g. under a lock),
// then call notify_one() or notify_all().
//
// Why no wake-up is lost: prepare_wait() and notify_*() both perform a
// read-modify-write on state_, so they are totally ordered. If the notifier's
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
#ifndef TPOOL_SRC_SYNC_EVENT_COUNT_H
#define TPOOL_SRC_SYNC_EVENT_COUNT_H

#include <atomic>
#include <cstdint>

#include "platform/platform.h"

#if defined(__SANITIZE_THREAD__)
#define TPOOL_SYNC_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TPOOL_SYNC_THREAD_SANITIZER 1
#endif
#endif
#ifndef TPOOL_SYNC_THREAD_SANITIZER
#define TPOOL_SYNC_THREAD_SANITIZER 0
#endif

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

  void cancel_wait() { state_.fetch_sub(kWaiter, std::memory_order_relaxed); }

  void begin_spin() { state_.fetch_add(kSpinner, std::memory_order_seq_cst); }
  void end_spin() { state_.fetch_sub(kSpinner, std::memory_order_seq_cst); }

  // Sleeps until notified after prepare_wait() returned key, the timeout
  // elapses (returns false) or spuriously (returns true). Ends the wait.
  bool wait(uint32_t key, uint32_t timeout_ms) {
    const bool woke = platform::wait_on_address(epoch_, key, timeout_ms);
    state_.fetch_sub(kWaiter, std::memory_order_relaxed);
    return woke;
  }

  void notify_one() {
    if ((state_.fetch_add(0, std::memory_order_seq_cst) & kWaiterMask) == 0) return;
    wake(false);
  }

  void notify_all() {
    if ((state_.fetch_add(0, std::memory_order_seq_cst) & kWaiterMask) == 0) return;
    wake(true);
  }

  // Wakes one sleeper unless a spinner will take the work. A seq_cst fence
  // and a plain load instead of a read-modify-write, so a busy notifier does
  // not pull the state word's cache line away from every waiter and spinner
  // on each notification. The caller must have made (or seen) the condition
  // true with a seq_cst atomic operation sequenced before this call. Then a
  // waiter's prepare_wait() (a seq_cst RMW) either precedes the fence in the
  // seq_cst order, and the load sees it, or follows it, and the waiter's
  // seq_cst re-check sees the condition. The hand-off rule holds the same
  // way: a notifier that saw a spinner has its fence ordered before that
  // spinner's end_spin(), so the spinner's re-check after end_spin() sees the
  // condition. ThreadSanitizer does not model fences (GCC warns under
  // -fsanitize=thread, an error with our -Werror), so sanitizer builds take
  // the read-modify-write, which is stronger.
  void notify_one_unless_spinning() {
#if TPOOL_SYNC_THREAD_SANITIZER
    const uint32_t state = state_.fetch_add(0, std::memory_order_seq_cst);
#else
    std::atomic_thread_fence(std::memory_order_seq_cst);
    const uint32_t state = state_.load(std::memory_order_relaxed);
#endif
    if ((state & kWaiterMask) == 0 || (state & kSpinnerMask) != 0) return;
    wake(false);
  }

  // Lock-protected variant, one RMW cheaper per notification: when the
  // waiter's condition check and the notifier's update happen under the same
  // lock, the notifier may read the state with peek() while holding that lock
  // (the lock orders it after any waiter whose check came first) and, after
  // unlocking, call wake_one()/wake_all() if should_wake(state).
  uint32_t peek() const { return state_.load(std::memory_order_relaxed); }
  // Lock-free variant: a notifier whose condition write is a seq_cst
  // read-modify-write, and a waiter whose check is a seq_cst load, are
  // ordered with prepare_wait() by the single total order of seq_cst
  // operations; this seq_cst load of the state completes the argument
  // (prepare_wait before the check before the notifier's write before this
  // load, so the waiter is seen). Same should_wake()/wake_*() follow-up.
  uint32_t peek_ordered() const { return state_.load(std::memory_order_seq_cst); }
  static bool should_wake(uint32_t state) {
    return (state & kWaiterMask) != 0 && (state & kSpinnerMask) == 0;
  }
  static bool has_waiters(uint32_t state) { return (state & kWaiterMask) != 0; }
  void wake_one() { wake(false); }
  void wake_all() { wake(true); }

  uint32_t waiters() const { return state_.load(std::memory_order_relaxed) & kWaiterMask; }
  uint32_t spinners() const { return state_.load(std::memory_order_relaxed) >> 16; }

 private:
  // state_ packs both counts so one RMW reads both: low 16 bits are threads
  // between prepare_wait() and the end of wait(), high 16 bits are spinners.
  static constexpr uint32_t kWaiter = 1u;
  static constexpr uint32_t kWaiterMask = 0xFFFFu;
  static constexpr uint32_t kSpinner = 1u << 16;
  static constexpr uint32_t kSpinnerMask = 0xFFFF0000u;

  void wake(bool everyone) {
    epoch_.fetch_add(1, std::memory_order_seq_cst);
    if (everyone) {
      platform::wake_all(epoch_);
    } else {
      platform::wake_one(epoch_);
    }
  }

  alignas(64) std::atomic<uint32_t> epoch_{0};
  std::atomic<uint32_t> state_{0};
};

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_EVENT_COUNT_H
