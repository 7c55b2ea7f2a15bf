#include "peer_pool.h"

namespace bench {

// Pools without a native batch call: one submit per job.
size_t peer_pool::submit_batch(bench_job *const *jobs, const int32_t *priorities, size_t count) {
  size_t accepted = 0;
  for (size_t i = 0; i < count; ++i) {
    if (submit(jobs[i], priorities[i])) ++accepted;
  }
  return accepted;
}

}  // namespace bench
