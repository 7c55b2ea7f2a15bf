// thread_per_task: no pool at all; every submit starts a new native OS thread
// that runs the task and exits. Priorities are ignored (the OS schedules the
// threads). Shows what a pool saves; run only on a few scenarios because it
// creates one thread per task.
#ifndef TPOOL_BENCH_PEERS_THREAD_PER_TASK_POOL_H
#define TPOOL_BENCH_PEERS_THREAD_PER_TASK_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_thread_per_task_pool(const pool_settings &settings,
                                                     std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_THREAD_PER_TASK_POOL_H
