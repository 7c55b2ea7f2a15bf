// Readiness for pools that expose no idle-worker count (win32_tp, tbb): run
// one rendezvous task per worker; each task waits until all of them have
// started, which proves that many threads exist and took work at once. Then
// every task returns and the workers are idle again.
#ifndef TPOOL_BENCH_PEERS_WORKER_RENDEZVOUS_H
#define TPOOL_BENCH_PEERS_WORKER_RENDEZVOUS_H

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "bench_os.h"

namespace bench {

class worker_rendezvous {
 public:
  explicit worker_rendezvous(uint32_t workers, uint32_t timeout_ms)
      : workers_(workers), deadline_ns_(os::deadline_after_ms(timeout_ms)) {}

  // Body of each rendezvous task. Thread-safe.
  void arrive_and_wait() {
    arrived_.fetch_add(1, std::memory_order_acq_rel);
    while (arrived_.load(std::memory_order_acquire) < workers_) {
      if (os::monotonic_ns() > deadline_ns_) {
        timed_out_.store(true, std::memory_order_relaxed);
        break;
      }
      os::yield_thread();
    }
    left_.fetch_add(1, std::memory_order_acq_rel);
  }

  // The whole readiness check: post(this) submits one rendezvous task (whose
  // body calls arrive_and_wait) and returns false if the pool refused it;
  // called once per worker, then waits as wait_all_left. Called by the
  // submitting thread, once.
  template <typename Post>
  bool meet(Post &&post) {
    for (uint32_t i = 0; i < workers_; ++i) {
      if (!post(this)) return false;
    }
    return wait_all_left();
  }

  // Called by the submitting thread: waits until every task has returned.
  // True when all workers met at once.
  bool wait_all_left() {
    while (left_.load(std::memory_order_acquire) < workers_) {
      if (os::monotonic_ns() > deadline_ns_ + 1000000000u) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return !timed_out_.load(std::memory_order_relaxed);
  }

 private:
  const uint32_t workers_;
  const uint64_t deadline_ns_;
  std::atomic<uint32_t> arrived_{0};
  std::atomic<uint32_t> left_{0};
  std::atomic<bool> timed_out_{false};
};

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_WORKER_RENDEZVOUS_H
