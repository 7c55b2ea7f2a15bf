#include "peer_pool.h"

namespace bench {

// Pools without a native batch call: one submit per task.
size_t peer_pool::submit_batch(bench_task *const *tasks, const int32_t *priorities, size_t count) {
  size_t accepted = 0;
  for (size_t i = 0; i < count; ++i) {
    if (submit(tasks[i], priorities[i])) ++accepted;
  }
  return accepted;
}

}  // namespace bench
