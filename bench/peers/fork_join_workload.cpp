#include "fork_join_workload.h"

#include <exception>
#include <tpool/tpool.hpp>

#if defined(TPOOL_HAVE_TBB)
#include "tbb_workloads.h"
#endif

namespace bench {
namespace {

// A leaf's work: the plain recursion, no task.
uint64_t fibonacci_leaf(unsigned n) {
  return n < 2 ? n : fibonacci_leaf(n - 1) + fibonacci_leaf(n - 2);
}

tpool_config workers_config(uint32_t workers) {
  tpool_config config = tpool::pool::default_config();
  config.min_workers = config.max_workers = workers;
  config.thread_name_prefix = "forkjoin";
  return config;
}

// Forks n - 1 into the group, computes n - 2 here, then waits: on a worker,
// the wait runs the child itself if no other worker took it.
uint64_t fibonacci_group(tpool::pool &pool, unsigned n, unsigned leaf) {
  if (n < leaf) return fibonacci_leaf(n);
  uint64_t left = 0;
  tpool::group children(pool);
  children.run([&pool, &left, n, leaf] { left = fibonacci_group(pool, n - 1, leaf); },
               TPOOL_PRIORITY_HIGH);
  const uint64_t right = fibonacci_group(pool, n - 2, leaf);
  children.wait();
  return left + right;
}

uint64_t fibonacci_future(tpool::pool &pool, unsigned n, unsigned leaf) {
  if (n < leaf) return fibonacci_leaf(n);
  tpool::task_future<uint64_t> left = pool.submit_task(
      [&pool, n, leaf] { return fibonacci_future(pool, n - 1, leaf); }, TPOOL_PRIORITY_HIGH);
  const uint64_t right = fibonacci_future(pool, n - 2, leaf);
  return left.get() + right;
}

template <uint64_t (*Recursion)(tpool::pool &, unsigned, unsigned)>
class tpool_fork_join final : public fork_join_runner {
 public:
  tpool_fork_join(const char *name, uint32_t workers)
      : name_(name), pool_(workers_config(workers)) {}
  const char *name() const override { return name_; }
  bool run(unsigned n, unsigned leaf, uint64_t *result) override {
    if (leaf < 2) leaf = 2;
    try {
      // The root on a worker: the calling thread only waits.
      *result = pool_
                    .submit_task([this, n, leaf] { return Recursion(pool_, n, leaf); },
                                 TPOOL_PRIORITY_HIGH)
                    .get();
      return true;
    } catch (const std::exception &) {
      return false;
    }
  }

 private:
  const char *name_;
  tpool::pool pool_;
};

}  // namespace

uint64_t fibonacci(unsigned n) {
  uint64_t previous = 0;
  uint64_t current = 1;
  if (n == 0) return 0;
  for (unsigned i = 1; i < n; ++i) {
    const uint64_t next = previous + current;
    previous = current;
    current = next;
  }
  return current;
}

std::vector<std::string> available_fork_join_runners() {
  std::vector<std::string> names{"tpool", "tpool_future"};
#if defined(TPOOL_HAVE_TBB)
  names.emplace_back("tbb");
#endif
  return names;
}

std::unique_ptr<fork_join_runner> make_fork_join_runner(const std::string &name, uint32_t workers,
                                                        std::string *error) {
  try {
    if (name == "tpool") {
      return std::make_unique<tpool_fork_join<&fibonacci_group>>("tpool", workers);
    }
    if (name == "tpool_future") {
      return std::make_unique<tpool_fork_join<&fibonacci_future>>("tpool_future", workers);
    }
#if defined(TPOOL_HAVE_TBB)
    if (name == "tbb") return make_tbb_fork_join(workers);
#endif
    *error = "fork-join runner '" + name + "' is not built into this binary";
  } catch (const std::exception &failure) {
    *error = name + ": " + failure.what();
  }
  return nullptr;
}

}  // namespace bench
