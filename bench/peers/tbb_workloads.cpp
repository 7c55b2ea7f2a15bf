#include "tbb_workloads.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <functional>

namespace bench {
namespace {

uint64_t fibonacci_leaf(unsigned n) {
  return n < 2 ? n : fibonacci_leaf(n - 1) + fibonacci_leaf(n - 2);
}

// As a TBB user writes fork-join: a task_group per level, the n - 2 branch
// on the forking thread, and a wait that runs the group's tasks meanwhile.
uint64_t fibonacci_task_group(unsigned n, unsigned leaf) {
  if (n < leaf) return fibonacci_leaf(n);
  uint64_t left = 0;
  tbb::task_group children;
  children.run([&left, n, leaf] { left = fibonacci_task_group(n - 1, leaf); });
  const uint64_t right = fibonacci_task_group(n - 2, leaf);
  children.wait();
  return left + right;
}

// The arena has `workers` slots and the calling thread takes one of them,
// as a TBB user's thread does (the same count as tbb_loop.cpp).
class tbb_fork_join final : public fork_join_runner {
 public:
  explicit tbb_fork_join(uint32_t workers)
      : parallelism_(tbb::global_control::max_allowed_parallelism, workers),
        arena_(static_cast<int>(workers)) {}
  const char *name() const override { return "tbb"; }
  bool run(unsigned n, unsigned leaf, uint64_t *result) override {
    if (leaf < 2) leaf = 2;
    arena_.execute([&] { *result = fibonacci_task_group(n, leaf); });
    return true;
  }

 private:
  tbb::global_control parallelism_;
  tbb::task_arena arena_;
};

class tbb_reduce final : public reduce_runner {
 public:
  explicit tbb_reduce(uint32_t workers)
      : parallelism_(tbb::global_control::max_allowed_parallelism, workers),
        arena_(static_cast<int>(workers)) {}
  const char *name() const override { return "tbb"; }
  bool run(uint64_t count, uint64_t *result) override {
    arena_.execute([&] {
      *result = tbb::parallel_reduce(
          tbb::blocked_range<uint64_t>(0, count), uint64_t{0},
          [](const tbb::blocked_range<uint64_t> &range, uint64_t sum) {
            return sum + reduce_range(range.begin(), range.end());
          },
          std::plus<>());
    });
    return true;
  }

 private:
  tbb::global_control parallelism_;
  tbb::task_arena arena_;
};

}  // namespace

std::unique_ptr<fork_join_runner> make_tbb_fork_join(uint32_t workers) {
  return std::make_unique<tbb_fork_join>(workers);
}

std::unique_ptr<reduce_runner> make_tbb_reduce(uint32_t workers) {
  return std::make_unique<tbb_reduce>(workers);
}

}  // namespace bench
