// A micro-benchmark job: one object submitted many times (pools treat the
// context as opaque), counting how often it finished, so the submitting
// thread can wait for exactly the jobs it submitted.
#ifndef TPOOL_BENCH_MICRO_COUNTING_JOB_H
#define TPOOL_BENCH_MICRO_COUNTING_JOB_H

#include <atomic>
#include <cstdint>

#include "peer_pool.h"

namespace bench {

struct alignas(64) counting_job {
  bench_job job;
  uint32_t iterations = 0;
  std::atomic<uint64_t> finished{0};
  std::atomic<uint64_t> sink{0};

  explicit counting_job(uint32_t work_iterations);
  // Spins (with yields) until finished reaches target.
  void wait_finished(uint64_t target) const;
};

}  // namespace bench

#endif  // TPOOL_BENCH_MICRO_COUNTING_JOB_H
