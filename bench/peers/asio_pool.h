// asio: boost::asio::thread_pool with a fixed number of threads, tasks handed
// over with boost::asio::post, the way Asio's documentation runs work on a
// pool (TPOOL_HAVE_ASIO builds). On Windows the pool's threads wait on an I/O
// completion port; elsewhere on Asio's own mutex and condition variable
// scheduler. Asio has no task priorities: the queue is FIFO and this peer
// ignores the mix.
#ifndef TPOOL_BENCH_PEERS_ASIO_POOL_H
#define TPOOL_BENCH_PEERS_ASIO_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_asio_pool(const pool_settings &settings, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_ASIO_POOL_H
