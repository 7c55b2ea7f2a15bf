// tpool through its public C ABI only (tpool.h), as any host would use it.
#ifndef TPOOL_BENCH_PEERS_TPOOL_PEER_H
#define TPOOL_BENCH_PEERS_TPOOL_PEER_H

#include <memory>
#include <string>

#include "peer_pool.h"

struct tpool_pool;

namespace bench {

std::unique_ptr<peer_pool> make_tpool_peer(const pool_settings &settings, std::string *error);

// The underlying pool of a peer made by make_tpool_peer, for scenarios that
// need tpool-only calls (stats, cancellation). Null for other peers.
tpool_pool *tpool_handle(peer_pool *peer);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_TPOOL_PEER_H
