// The fork-join recursion workload of the C++ comparison (issue 21):
// Fibonacci by binary recursion, forking the n-1 branch as a task and
// computing the n-2 branch on the forking thread, down to leaves below
// `leaf` that are computed sequentially (tiny leaves: leaf 2 forks every
// call). The result is exact, so every run is validated against
// fibonacci(n).
//
// Runners, each with `workers` threads doing the work:
//  - tpool:        tpool::group through tpool.hpp; group::wait on a worker
//                  runs the group's still-queued child itself (the helping
//                  wait). The root runs as a task on a worker; the calling
//                  thread only waits for it, so `workers` workers compute.
//  - tpool_future: the same with pool::submit_task and task_future::get
//                  (one job group per task: the future's helping wait).
//  - tbb:          oneTBB task_group in a task_arena of `workers` slots, the
//                  calling thread taking one (native builds with
//                  TPOOL_HAVE_TBB), as a TBB user writes it.
// The naive pool does not apply: its workers block in a wait and cannot
// run the children they wait for, so the recursion deadlocks once every
// worker waits.
// Thread-safety: one run at a time per runner.
#ifndef TPOOL_BENCH_PEERS_FORK_JOIN_WORKLOAD_H
#define TPOOL_BENCH_PEERS_FORK_JOIN_WORKLOAD_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// fibonacci(0) = 0, fibonacci(1) = 1; exact up to n = 93.
uint64_t fibonacci(unsigned n);

class fork_join_runner {
 public:
  virtual ~fork_join_runner() = default;
  virtual const char *name() const = 0;
  // fibonacci(n), forking down to leaves below `leaf` (at least 2); the
  // caller validates it against fibonacci(n). False if the runner failed.
  virtual bool run(unsigned n, unsigned leaf, uint64_t *result) = 0;
};

// The runner called name ("tpool", "tpool_future", "tbb") with `workers`
// threads; null with *error set when it is unknown, not built here, or its
// pool failed to start.
std::unique_ptr<fork_join_runner> make_fork_join_runner(const std::string &name, uint32_t workers,
                                                        std::string *error);
// The runners built into this binary, in report order.
std::vector<std::string> available_fork_join_runners();

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_FORK_JOIN_WORKLOAD_H
