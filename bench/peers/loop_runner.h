// The parallel loops bench compares (the parallel-loop probe): each runs a
// body over [0, count) with `workers` threads and returns when every index
// ran.
//  - tpool:  tpool_parallel_for, adaptive chunks, the caller helping;
//  - split:  what a user writes on a plain pool: one tpool job per worker,
//            each a contiguous slice, and a wait for all of them;
//  - tbb:    oneTBB parallel_for in a task_arena of `workers` threads, its
//            default (auto) partitioner (native builds with TPOOL_HAVE_TBB);
//  - inline: the loop on the calling thread, the one-thread ceiling.
// Thread-safety: one run at a time per runner.
#ifndef TPOOL_BENCH_PEERS_LOOP_RUNNER_H
#define TPOOL_BENCH_PEERS_LOOP_RUNNER_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// Runs indices [begin, end); must be safe to call from any thread.
using loop_body = void (*)(void *context, uint64_t begin, uint64_t end);

class loop_runner {
 public:
  virtual ~loop_runner() = default;
  virtual const char *name() const = 0;
  // Runs body over [0, count). False if the runner reported an error.
  virtual bool run(uint64_t count, loop_body body, void *context) = 0;
};

// The runner called name ("tpool", "split", "tbb", "inline") with `workers`
// threads; null with *error set when it is unknown, not built here, or its
// pool failed to start.
std::unique_ptr<loop_runner> make_loop_runner(const std::string &name, uint32_t workers,
                                              std::string *error);
// The runners built into this binary, in report order (inline last).
std::vector<std::string> available_loop_runners();

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_LOOP_RUNNER_H
