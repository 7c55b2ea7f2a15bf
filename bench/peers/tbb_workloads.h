// The oneTBB side of the C++ comparison workloads (fork_join_workload.h,
// reduce_workload.h): native builds with TPOOL_HAVE_TBB only.
#ifndef TPOOL_BENCH_PEERS_TBB_WORKLOADS_H
#define TPOOL_BENCH_PEERS_TBB_WORKLOADS_H

#include <cstdint>
#include <memory>

#include "fork_join_workload.h"
#include "reduce_workload.h"

namespace bench {

std::unique_ptr<fork_join_runner> make_tbb_fork_join(uint32_t workers);
std::unique_ptr<reduce_runner> make_tbb_reduce(uint32_t workers);

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_TBB_WORKLOADS_H
