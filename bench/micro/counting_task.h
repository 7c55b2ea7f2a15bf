// A micro-benchmark task: one object submitted many times (pools treat the
// context as opaque), counting how often it finished, so the submitting
// thread can wait for exactly the tasks it submitted.
#ifndef TPOOL_BENCH_MICRO_COUNTING_TASK_H
#define TPOOL_BENCH_MICRO_COUNTING_TASK_H

#include <atomic>
#include <cstdint>

#include "peer_pool.h"

namespace bench {

struct alignas(64) counting_task {
  bench_task task;
  uint32_t iterations = 0;
  std::atomic<uint64_t> finished{0};
  std::atomic<uint64_t> sink{0};
  // Blocking-wait handshake (wait_finished): the waiter publishes the count
  // it waits for in wanted; the completion that reaches exactly that count
  // bumps reached and wakes it. Only that one completion pays a wake.
  std::atomic<uint64_t> wanted{UINT64_MAX};
  std::atomic<uint32_t> reached{0};
  // Completions that have stopped touching this object: each bumps it as its
  // last act, and wait_finished returns only once it reaches target too, so
  // the caller may end the object's life (it often lives on the stack).
  std::atomic<uint64_t> left{0};

  explicit counting_task(uint32_t work_iterations);
  // Returns once finished reaches target: polls with yields for a short
  // while, then sleeps until the completion that reaches target wakes it.
  // Sleeping matters: a submitter that yield-spins for the whole wait takes
  // CPU from the pool's workers (with 2 cores and 2 workers, up to a third
  // of the machine), which would make every pool look slower than it is.
  void wait_finished(uint64_t target);
};

}  // namespace bench

#endif  // TPOOL_BENCH_MICRO_COUNTING_TASK_H
