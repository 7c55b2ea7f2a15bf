// moodycamel: a pool on moodycamel's lock-free ConcurrentQueue, one queue per
// priority, and ONE LightweightSemaphore counting the queued tasks of all
// three (TPOOL_HAVE_MOODYCAMEL builds). A BlockingConcurrentQueue per
// priority would not do: a worker blocked in one cannot be woken by a push to
// another. Workers take a semaphore unit, then dequeue from HIGH, MEDIUM and
// LOW in that order, so priorities are honoured between the queues (within
// one queue the order across producers is not FIFO).
#ifndef TPOOL_BENCH_PEERS_MOODYCAMEL_POOL_H
#define TPOOL_BENCH_PEERS_MOODYCAMEL_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_moodycamel_pool(const pool_settings &settings, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_MOODYCAMEL_POOL_H
