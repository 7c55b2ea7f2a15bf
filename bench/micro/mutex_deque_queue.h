// The queue prioq is compared with in the micro-benchmarks: std::mutex
// around three std::deque queues, pop takes the front of the highest
// non-empty level. No waiting: try_pop only, like the benchmarked
// prioq_try_pop.
#ifndef TPOOL_BENCH_MICRO_MUTEX_DEQUE_QUEUE_H
#define TPOOL_BENCH_MICRO_MUTEX_DEQUE_QUEUE_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>

namespace bench {

class mutex_deque_queue {
 public:
  void push(void *item, int32_t priority);
  bool try_pop(void **item);
  size_t size();

 private:
  std::mutex lock_;
  std::deque<void *> levels_[3];
};

}  // namespace bench

#endif  // TPOOL_BENCH_MICRO_MUTEX_DEQUE_QUEUE_H
