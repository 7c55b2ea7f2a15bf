// win32_tp: the Windows thread pool API (Windows builds only; see
// win32/win32_tp_pool.cpp).
#ifndef TPOOL_BENCH_PEERS_WIN32_TP_POOL_H
#define TPOOL_BENCH_PEERS_WIN32_TP_POOL_H

#include <memory>
#include <string>

#include "peer_pool.h"

namespace bench {

std::unique_ptr<peer_pool> make_win32_tp_pool(const pool_settings &settings, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_WIN32_TP_POOL_H
