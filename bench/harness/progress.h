// Progress lines on stderr: "scenario i/N <pool>/<id> rep r/R ... ETA".
#ifndef TPOOL_BENCH_HARNESS_PROGRESS_H
#define TPOOL_BENCH_HARNESS_PROGRESS_H

#include <chrono>
#include <cstdint>
#include <string>

namespace bench {

class progress {
 public:
  explicit progress(uint64_t total_steps);
  // Call before each step. The ETA extrapolates the mean step time so far.
  void step(size_t scenario_index, size_t scenario_count, const std::string &name,
            uint32_t repetition, uint32_t repetitions, bool warmup);
  double elapsed_s() const;

 private:
  uint64_t total_;
  uint64_t done_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_PROGRESS_H
