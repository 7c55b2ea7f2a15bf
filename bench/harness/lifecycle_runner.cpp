// Pool create-shutdown with no tasks, through the public C API.
//
// Timed boundary: just before tpool_create through the return of
// tpool_shutdown(DRAIN). tpool_create returns once its workers are started
// (not necessarily parked), so this is a combined start+stop cost.
// Excluded: tpool_destroy (frees memory after every thread was joined) and the
// validation below.
#include <tpool/tpool.h>

#include "bench_os.h"
#include "scenario.h"

namespace bench {

bool run_lifecycle(const scenario &s, measurement *result, std::string *failure) {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = s.workers;
  config.max_workers = s.workers;
  config.thread_name_prefix = "bench";

  tpool_pool *pool = nullptr;
  const uint64_t start = os::ticks();
  const tpool_status created = tpool_create(&config, &pool);
  if (created != TPOOL_OK) {
    *failure = std::string("tpool_create: ") + tpool_status_string(created);
    return false;
  }
  // A finite limit so a hung shutdown fails the run instead of hanging it.
  const tpool_status stopped = tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 60000);
  const uint64_t stop = os::ticks();
  if (stopped == TPOOL_E_TIMEOUT) {
    *failure = "tpool_shutdown timed out after 60 s (pool abandoned)";
    return false;
  }

  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  const tpool_status read = tpool_get_stats(pool, &stats);
  tpool_destroy(pool);
  if (stopped != TPOOL_OK) {
    *failure = std::string("tpool_shutdown: ") + tpool_status_string(stopped);
    return false;
  }
  if (read != TPOOL_OK || stats.workers_live != 0 || stats.workers_peak != s.workers) {
    *failure = "after shutdown the pool reports live workers or a wrong peak";
    return false;
  }
  for (const tpool_priority_stats &level : stats.priority) {
    if (level.submitted != 0 || level.queued != 0) {
      *failure = "an empty lifecycle run reports submitted or queued jobs";
      return false;
    }
  }
  result->ticks = stop - start;
  result->tasks = 0;
  result->totals = validated_totals{};
  return true;
}

}  // namespace bench
