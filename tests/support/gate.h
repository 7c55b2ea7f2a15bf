// The gate: holds every thread that passes it (a job, a callback, a
// producer waiting for the start) until the test opens it, and tells the
// test when they are inside. The one way tests hold threads; no sleep ever
// stands in for "the other thread is surely there by now".
//
// Every wait is bounded by kPatienceMs (patience.h): a test that fails while
// threads are held does not hang its pool's shutdown, it ends, and the side
// whose wait ran out sees false.
#ifndef TPOOL_TESTS_SUPPORT_GATE_H
#define TPOOL_TESTS_SUPPORT_GATE_H

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

#include "patience.h"

namespace test_support {

class gate {
 public:
  gate() = default;
  gate(const gate &) = delete;
  gate &operator=(const gate &) = delete;

  // Counts the caller as inside, then waits until the gate is open. False
  // if the patience ran out first (the caller goes on anyway).
  bool pass(uint32_t timeout_ms = kPatienceMs) {
    std::unique_lock<std::mutex> lock(mutex_);
    ++inside_;
    changed_.notify_all();
    return changed_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] { return open_; });
  }
  // Lets every thread through, now and later.
  void open() {
    std::lock_guard<std::mutex> lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }
  bool is_open() {
    std::lock_guard<std::mutex> lock(mutex_);
    return open_;
  }
  // True once at least count threads have passed (entered) the gate. On
  // failure the gate opens, so that the failing test still drains its pool.
  bool wait_inside(int count = 1, uint32_t timeout_ms = kPatienceMs) {
    std::unique_lock<std::mutex> lock(mutex_);
    const bool arrived = changed_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                           [&] { return inside_ >= count; });
    if (!arrived) {
      open_ = true;
      changed_.notify_all();
    }
    return arrived;
  }
  // Threads that have entered so far (those let through included).
  int inside() {
    std::lock_guard<std::mutex> lock(mutex_);
    return inside_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int inside_ = 0;
  bool open_ = false;
};

}  // namespace test_support

#endif  // TPOOL_TESTS_SUPPORT_GATE_H
