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
// read-modify-write on waiters_, so they are totally ordered. If the notifier's
// comes later it sees the waiter and bumps epoch_ (so wait(key) returns at
// once or is woken); if it comes earlier, the waiter's RMW reads from it and so
// sees the condition the notifier wrote before it.
#ifndef TPOOL_SRC_SYNC_EVENT_COUNT_H
#define TPOOL_SRC_SYNC_EVENT_COUNT_H

#include <atomic>
#include <cstdint>

#include "platform/platform.h"

namespace tpsync {

class event_count {
 public:
  event_count() = default;
  event_count(const event_count &) = delete;
  event_count &operator=(const event_count &) = delete;

  uint32_t prepare_wait() {
    waiters_.fetch_add(1, std::memory_order_seq_cst);
    return epoch_.load(std::memory_order_seq_cst);
  }

  void cancel_wait() { waiters_.fetch_sub(1, std::memory_order_relaxed); }

  // Sleeps until notified after prepare_wait() returned key, the timeout
  // elapses (returns false) or spuriously (returns true). Ends the wait.
  bool wait(uint32_t key, uint32_t timeout_ms) {
    const bool woke = platform::wait_on_address(epoch_, key, timeout_ms);
    waiters_.fetch_sub(1, std::memory_order_relaxed);
    return woke;
  }

  void notify_one() {
    if (waiters_.fetch_add(0, std::memory_order_seq_cst) == 0) return;
    epoch_.fetch_add(1, std::memory_order_seq_cst);
    platform::wake_one(epoch_);
  }

  void notify_all() {
    if (waiters_.fetch_add(0, std::memory_order_seq_cst) == 0) return;
    epoch_.fetch_add(1, std::memory_order_seq_cst);
    platform::wake_all(epoch_);
  }

  uint32_t waiters() const { return waiters_.load(std::memory_order_relaxed); }

 private:
  alignas(64) std::atomic<uint32_t> epoch_{0};
  std::atomic<uint32_t> waiters_{0};
};

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_EVENT_COUNT_H
