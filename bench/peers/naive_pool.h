// naive: the priority pool a competent developer writes in an afternoon, to
// show what tpool has to beat. One lock, one condition variable and three
// FIFO std::deque queues (HIGH, MEDIUM, LOW); a submit wakes one worker only
// when a worker is waiting. The same logic twice, in the idiom of each
// platform: win32/naive_pool.cpp with SRWLOCK and CONDITION_VARIABLE (what a
// Windows developer writes), posix/naive_pool.cpp with std::mutex and
// std::condition_variable. Keep the two files line for line alike: they must
// differ only in the primitives.
#ifndef TPOOL_BENCH_PEERS_NAIVE_POOL_H
#define TPOOL_BENCH_PEERS_NAIVE_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_naive_pool(const pool_settings &settings, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_NAIVE_POOL_H
