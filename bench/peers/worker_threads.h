// The worker threads of the hand-written peer pools (baseline, naive,
// moodycamel): start them, wait until the pool says it is ready, join them.
// One copy, so the pools differ only in their queues and wake-ups.
//
// Thread-safety: start, join_all and the destructor from the pool's owning
// thread only; size and empty from any thread once start returned.
#ifndef TPOOL_BENCH_PEERS_WORKER_THREADS_H
#define TPOOL_BENCH_PEERS_WORKER_THREADS_H

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "bench_os.h"

namespace bench {

class worker_threads {
 public:
  // Starts count threads running body(). On a failed thread start: false,
  // *error = "<pool>: thread creation failed", and the threads already
  // started keep running: the pool stops and joins them (its shutdown).
  template <typename Body>
  bool start(uint32_t count, Body body, const char *pool, std::string *error) {
    threads_.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
      try {
        threads_.emplace_back(body);
      } catch (const std::system_error &) {
        *error = std::string(pool) + ": thread creation failed";
        return false;
      }
    }
    return true;
  }

  size_t size() const { return threads_.size(); }
  bool empty() const { return threads_.empty(); }

  // Joins every thread (the pool has told them to leave). Idempotent.
  void join_all() {
    for (std::thread &thread : threads_) thread.join();
    threads_.clear();
  }

 private:
  std::vector<std::thread> threads_;
};

// Polls ready() every millisecond until it returns true (returns true) or
// timeout_ms passes (returns false); the deadline is bench/os's.
template <typename Ready>
bool poll_until_ready(uint32_t timeout_ms, Ready ready) {
  const uint64_t deadline = os::deadline_after_ms(timeout_ms);
  for (;;) {
    if (ready()) return true;
    if (os::monotonic_ns() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_WORKER_THREADS_H
