// Two demonstrations of structured parallelism on the same pool:
//  - a job group used for fan-out/fan-in: one job per block of a buffer
//    computes the block's checksum, the caller joins them all with one
//    tpool_group_wait (no handle per job), and one block job that finds a
//    damaged block cancels the rest of the group;
//  - a parallel loop: a brightness histogram of a synthetic image computed
//    with tpool_parallel_for, each chunk into its own partial histogram.
// Each result is checked against the same computation done sequentially.
#ifndef TPOOL_EXAMPLES_CLIENT_FORK_JOIN_DEMO_H
#define TPOOL_EXAMPLES_CLIENT_FORK_JOIN_DEMO_H

#include <tpool/tpool.h>

namespace client_example {

// Both demonstrations on pool; prints one line each. True if both results
// match their sequential computation.
bool run_fork_join_demos(tpool_pool *pool, bool short_run);

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_FORK_JOIN_DEMO_H
