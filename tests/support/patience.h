// How long a test waits for something another thread must do, and the one
// way to poll for it. A bound, never a timing assertion: it only keeps a
// broken build from hanging the suite until ctest's timeout, so every wait
// on another thread in tests/ goes through kPatienceMs (or a gate, gate.h).
#ifndef TPOOL_TESTS_SUPPORT_PATIENCE_H
#define TPOOL_TESTS_SUPPORT_PATIENCE_H

#include <chrono>
#include <cstdint>
#include <thread>

namespace test_support {

inline constexpr uint32_t kPatienceMs = 20000;

// Polls until condition() holds (true) or timeout_ms passes (false). Sleeps
// between looks unless spin is set (for waits that last microseconds, where
// a sleep would dominate the test's run time).
template <typename Condition>
bool eventually(Condition &&condition, uint32_t timeout_ms = kPatienceMs, bool spin = false) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    if (spin) {
      std::this_thread::yield();
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  return true;
}

// The patience bound as a deadline, for a loop that works while it polls
// (a reader taking snapshots until the test says stop).
class patience_deadline {
 public:
  explicit patience_deadline(uint32_t timeout_ms = kPatienceMs)
      : until_(std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms)) {}
  bool passed() const { return std::chrono::steady_clock::now() > until_; }

 private:
  std::chrono::steady_clock::time_point until_;
};

}  // namespace test_support

#endif  // TPOOL_TESTS_SUPPORT_PATIENCE_H
