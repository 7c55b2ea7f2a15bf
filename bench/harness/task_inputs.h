// Benchmark inputs: exact priority mixes, their deterministic shuffle and the
// 64-byte-aligned task records producers submit.
#ifndef TPOOL_BENCH_HARNESS_TASK_INPUTS_H
#define TPOOL_BENCH_HARNESS_TASK_INPUTS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "task_record.h"

namespace bench {

enum class priority_mix { uniform, high90, low90, none };

const char *mix_name(priority_mix mix);

struct priority_counts {
  uint64_t high = 0;
  uint64_t medium = 0;
  uint64_t low = 0;
};

// Exact counts for a mix: uniform = thirds, high90 = 90/5/5, low90 = 5/5/90.
// tasks must be a multiple of 60 so every share is a whole number (the suite's
// 12,000 and 48,000 are); otherwise the remainder goes to MEDIUM.
priority_counts counts_for(priority_mix mix, uint64_t tasks);

// The documented generator: Knuth's MMIX 64-bit LCG,
// state = state * 6364136223846793005 + 1442695040888963407, seeded with
// 0x5eed1234; each draw uses the high 32 bits.
class input_lcg {
 public:
  static constexpr uint64_t kSeed = 0x5eed1234u;
  explicit input_lcg(uint64_t seed = kSeed) : state_(seed) {}
  uint32_t next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(state_ >> 32);
  }
  // A value in [0, bound) by multiply-shift (bias below 2^-32 * bound).
  uint32_t below(uint32_t bound) { return static_cast<uint32_t>((uint64_t{next()} * bound) >> 32); }

 private:
  uint64_t state_;
};

// counts.high zeros, then counts.medium ones, then counts.low twos, shuffled
// by Fisher-Yates (from the last index down) with a fresh input_lcg.
std::vector<int32_t> shuffled_priorities(const priority_counts &counts);

// The comparison suite's inputs: one deterministic stream of blocks of
// kComparisonBlock priorities (a third of each, each block shuffled by
// Fisher-Yates with one input_lcg running across blocks), cut to count. Any
// count is a prefix of every larger count's sequence, and a whole number of
// blocks holds exact thirds (counts_for(uniform, count)), so pools run with
// different calibrated counts still see the same input prefix.
inline constexpr uint64_t kComparisonBlock = 600;
std::vector<int32_t> block_shuffled_priorities(uint64_t count);

// Owns one task record per priority in one 64-byte-aligned block, each
// initialised with its id, its priority and the group it belongs to. Not
// copyable.
class task_array {
 public:
  task_array(const std::vector<int32_t> &priorities, task_group *group);
  ~task_array();
  task_array(const task_array &) = delete;
  task_array &operator=(const task_array &) = delete;

  size_t size() const { return count_; }
  task_record &operator[](size_t index) { return records_[index]; }
  const task_record &operator[](size_t index) const { return records_[index]; }

 private:
  task_record *records_ = nullptr;
  size_t count_ = 0;
};

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_TASK_INPUTS_H
