// oneTBB's parallel_for behind loop_runner.h (native builds with TPOOL_HAVE_TBB).
#ifndef TPOOL_BENCH_PEERS_TBB_LOOP_H
#define TPOOL_BENCH_PEERS_TBB_LOOP_H

#include <memory>
#include <string>

#include "loop_runner.h"

namespace bench {

std::unique_ptr<loop_runner> make_tbb_loop(uint32_t workers, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_TBB_LOOP_H
