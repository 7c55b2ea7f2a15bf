// The per-task workload: a chain of dependent 64-bit xorshift/multiply steps
// seeded by the task id. Each step needs the previous result, so the CPU
// cannot overlap iterations, and the function lives in its own translation
// unit and is marked noinline so no caller can fold or hoist it.
#ifndef TPOOL_BENCH_HARNESS_WORKLOAD_H
#define TPOOL_BENCH_HARNESS_WORKLOAD_H

#include <cstdint>

namespace bench {

// Pure and thread-safe. iterations == 0 still returns a value derived from the
// seed, so the minimal callback publishes a checkable result too.
uint64_t compute_checksum(uint64_t task_id, uint32_t iterations);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_WORKLOAD_H
