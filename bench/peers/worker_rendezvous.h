// Readiness for pools that expose no idle-worker count (win32_tp, tbb): run
// one rendezvous job per worker; each job waits until all of them have
// started, which proves that many threads exist and took work at once. Then
// every job returns and the workers are idle again.
#ifndef TPOOL_BENCH_PEERS_WORKER_RENDEZVOUS_H
#define TPOOL_BENCH_PEERS_WORKER_RENDEZVOUS_H

#include <atomic>
#include <cstdint>

#include "platform/platform.h"

namespace bench {

class worker_rendezvous {
 public:
  explicit worker_rendezvous(uint32_t workers, uint32_t timeout_ms)
      : workers_(workers),
        deadline_ns_(platform::monotonic_ns() + uint64_t{timeout_ms} * 1000000u) {}

  // Body of each rendezvous job. Thread-safe.
  void arrive_and_wait() {
    arrived_.fetch_add(1, std::memory_order_acq_rel);
    while (arrived_.load(std::memory_order_acquire) < workers_) {
      if (platform::monotonic_ns() > deadline_ns_) {
        timed_out_.store(true, std::memory_order_relaxed);
        break;
      }
      platform::yield_thread();
    }
    left_.fetch_add(1, std::memory_order_acq_rel);
  }

  // Called by the submitting thread: waits until every job has returned.
  // True when all workers met at once.
  bool wait_all_left() {
    while (left_.load(std::memory_order_acquire) < workers_) {
      if (platform::monotonic_ns() > deadline_ns_ + 1000000000u) return false;
      platform::sleep_ms(1);
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
