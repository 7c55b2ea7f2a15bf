// tbb: oneTBB's task_arena sized to the worker count (native builds with
// TPOOL_HAVE_TBB). TBB schedules tasks without priorities, so this peer
// ignores them; its rows measure raw scheduling speed, not priority order.
#ifndef TPOOL_BENCH_PEERS_TBB_POOL_H
#define TPOOL_BENCH_PEERS_TBB_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_tbb_pool(const pool_settings &settings, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_TBB_POOL_H
