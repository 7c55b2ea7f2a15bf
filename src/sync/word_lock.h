// A one-word mutex: compare-and-swap to take it when free, a short spin, then
// sleep on the word with platform::wait_on_address. No kernel object exists;
// an uncontended lock/unlock pair is two atomic instructions and never enters
// the kernel (on Windows that is what SRWLOCK also gives, but this one has the
// same cost and behaviour on both backends, and its spin is tuned for the
// queue's very short critical sections).
//
// Invariants:
//  - state_ is 0 (free), 1 (held, nobody asleep) or 2 (held, someone may be
//    asleep). Only a thread that set 2 may sleep, and unlock wakes exactly one
//    sleeper whenever it observes 2.
//  - Not recursive. Not fair: a spinning thread may overtake a woken one.
#ifndef TPOOL_SRC_SYNC_WORD_LOCK_H
#define TPOOL_SRC_SYNC_WORD_LOCK_H

#include <atomic>
#include <cstdint>

#include "platform.h"
#include "thread_annotations.h"

namespace tpsync {

class CAPABILITY("mutex") word_lock {
 public:
  word_lock() = default;
  word_lock(const word_lock &) = delete;
  word_lock &operator=(const word_lock &) = delete;

  void lock() ACQUIRE() {
    uint32_t expected = 0;
    if (state_.compare_exchange_strong(expected, 1, std::memory_order_acquire,
                                       std::memory_order_relaxed)) {
      return;
    }
    lock_contended();
  }

  bool try_lock() TRY_ACQUIRE(true) {
    uint32_t expected = 0;
    return state_.compare_exchange_strong(expected, 1, std::memory_order_acquire,
                                          std::memory_order_relaxed);
  }

  void unlock() RELEASE() {
    if (state_.exchange(0, std::memory_order_release) == 2) platform::wake_one(state_);
  }

 private:
  void lock_contended() {
    // Spin while the holder is likely inside a critical section of a few
    // dozen instructions; sleeping costs far more than that.
    for (int spin = 0; spin < 128; ++spin) {
      if (state_.load(std::memory_order_relaxed) == 0) {
        uint32_t expected = 0;
        if (state_.compare_exchange_weak(expected, 1, std::memory_order_acquire,
                                         std::memory_order_relaxed)) {
          return;
        }
      }
      platform::cpu_relax();
    }
    // Mark "someone may sleep" and sleep until the word changes. Taking the
    // lock through exchange(2) keeps the mark, so the next unlock wakes the
    // next sleeper: no wake-up is lost.
    while (state_.exchange(2, std::memory_order_acquire) != 0) {
      platform::wait_on_address(state_, 2, platform::kInfinite);
    }
  }

  std::atomic<uint32_t> state_{0};
};

// RAII guard for word_lock.
class SCOPED_CAPABILITY lock_guard {
 public:
  explicit lock_guard(word_lock &lock) ACQUIRE(lock) : lock_(lock) { lock_.lock(); }
  ~lock_guard() RELEASE() { lock_.unlock(); }
  lock_guard(const lock_guard &) = delete;
  lock_guard &operator=(const lock_guard &) = delete;

 private:
  word_lock &lock_;
};

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_WORD_LOCK_H
