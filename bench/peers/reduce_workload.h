// The parallel_reduce workload of the C++ comparison (issue 21): the sum of
// reduce_element(i) over i in [0, count) (count 10^8 in the scenario), a
// cheap integer mix per element so the loop is memory-free and the result
// exact; every run is validated against reduce_expected(count).
//
// Runners, each with `workers` threads doing the work:
//  - tpool:  tpool::parallel_reduce over an index_range through tpool.hpp
//            on a pool of `workers` workers (tpool_parallel_for's adaptive
//            chunks; the calling thread runs chunks too, with at most
//            max(workers, processors) - 1 helpers, as loop_runner.h's tpool);
//  - tbb:    oneTBB parallel_reduce over a blocked_range in a task_arena of
//            `workers` slots, the calling thread taking one (native builds
//            with TPOOL_HAVE_TBB);
//  - naive:  what a user of a plain pool writes: one task per worker, each a
//            contiguous slice summed into its own slot, the caller waiting for
//            all (the naive pool of bench/peers, `workers` workers);
//  - inline: the sequential loop on the calling thread, the one-thread
//            ceiling.
// Thread-safety: one run at a time per runner.
#ifndef TPOOL_BENCH_PEERS_REDUCE_WORKLOAD_H
#define TPOOL_BENCH_PEERS_REDUCE_WORKLOAD_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// One element: a 64-bit mix of i, cut to 16 bits (so 10^8 of them sum
// without overflow).
inline uint64_t reduce_element(uint64_t i) {
  uint64_t x = i + 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return (x ^ (x >> 31)) & 0xFFFFu;
}

// The sequential sum over [begin, end).
uint64_t reduce_range(uint64_t begin, uint64_t end);
// The sequential sum over [0, count): what every run must return.
inline uint64_t reduce_expected(uint64_t count) {
  return reduce_range(0, count);
}

class reduce_runner {
 public:
  virtual ~reduce_runner() = default;
  virtual const char *name() const = 0;
  // The sum over [0, count). False if the runner failed.
  virtual bool run(uint64_t count, uint64_t *result) = 0;
};

// The runner called name ("tpool", "tbb", "naive", "inline") with `workers`
// threads; null with *error set when it is unknown, not built here, or its
// pool failed to start.
std::unique_ptr<reduce_runner> make_reduce_runner(const std::string &name, uint32_t workers,
                                                  std::string *error);
// The runners built into this binary, in report order (inline last).
std::vector<std::string> available_reduce_runners();

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_REDUCE_WORKLOAD_H
