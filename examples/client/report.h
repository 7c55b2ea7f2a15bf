// The end-of-run report: completion order per priority, the pool's
// diagnostics, and the exactly-once check that decides the exit code.
#ifndef TPOOL_EXAMPLES_CLIENT_REPORT_H
#define TPOOL_EXAMPLES_CLIENT_REPORT_H

#include <tpool/tpool.h>

#include <vector>

#include "demo_jobs.h"

namespace client_example {

// Prints the order jobs finished in (one letter per job) and, per priority,
// where in that order its jobs finished. Call after every job completed.
void print_completion_order(const std::vector<demo_job> &jobs);

// Prints tpool_get_stats and tpool_get_worker_stats for the pool.
void print_pool_diagnostics(const tpool_pool *pool);

// Instances that timers and waits fired into the pool, per priority, by
// outcome: they count in its statistics beside the planned jobs.
struct background_jobs {
  uint64_t done[TPOOL_PRIORITY_COUNT] = {};
  uint64_t cancelled[TPOOL_PRIORITY_COUNT] = {};
};

// True when every job ran once, completed once with DONE, and the pool's
// counters agree with the plan plus the background jobs. Prints each
// problem found.
bool verify_exactly_once(const std::vector<demo_job> &jobs, const tpool_stats &stats,
                         const background_jobs &background);

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_REPORT_H
