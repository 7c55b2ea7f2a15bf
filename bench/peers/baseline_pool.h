// The baseline pool: a re-creation of the previous design, kept as the
// baseline every speed-up is measured against. ONE kernel mutex guards three
// FIFO std::deque queues (HIGH, MEDIUM, LOW); every submit releases the
// semaphore once and every worker takes one semaphore unit per task. It is
// deliberately not optimised: changing it would move the baseline.
#ifndef TPOOL_BENCH_PEERS_BASELINE_POOL_H
#define TPOOL_BENCH_PEERS_BASELINE_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_baseline_pool(const pool_settings &settings, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_BASELINE_POOL_H
