#include "workload.h"

#if defined(_MSC_VER)
#define BENCH_NOINLINE __declspec(noinline)
#else
#define BENCH_NOINLINE __attribute__((noinline))
#endif

namespace bench {

BENCH_NOINLINE uint64_t compute_checksum(uint64_t task_id, uint32_t iterations) {
  // Golden-ratio spread of the id; never zero, which xorshift could not leave.
  uint64_t state = (task_id + 1) * 0x9E3779B97F4A7C15ull;
  for (uint32_t i = 0; i < iterations; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    state *= 0x2545F4914F6CDD1Dull;
  }
  return state;
}

}  // namespace bench
