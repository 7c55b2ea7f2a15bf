// The list of scenarios a run executes: the 26-scenario reference suite
// (pool=tpool) and the extended suite (peers on the same scenarios, the
// inline physical limit and the worker scaling sweep).
#ifndef TPOOL_BENCH_HARNESS_SCENARIO_CATALOG_H
#define TPOOL_BENCH_HARNESS_SCENARIO_CATALOG_H

#include <string>
#include <vector>

#include "scenario.h"

namespace bench {

struct catalog_options {
  bool quick = false;        // tiny task counts, 1 warm-up, 2 repetitions
  uint32_t warmups = 2;      // reference suite
  uint32_t repetitions = 7;  // reference suite
  uint32_t peer_warmups = 0;
  uint32_t peer_repetitions = 3;
  bool extended = true;            // peers, inline rate, scaling sweep
  std::vector<std::string> peers;  // peers to compare (without tpool)
  uint32_t logical_cores = 1;
};

std::vector<scenario> build_catalog(const catalog_options &options);

// Scenarios of the reference suite in a catalog built with these options.
size_t reference_scenario_count();

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_SCENARIO_CATALOG_H
