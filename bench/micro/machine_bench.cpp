// What the machine itself costs, measured beside the queue and pool figures
// so that those can be read against it.
//
// A cache line handed back and forth between two threads: every hand-off
// moves the line from one core's cache to the other's, which is the unit
// cost behind most of a queue's or pool's per-item price (a producer writes
// a cell or a job record, a consumer on another core reads it). On a virtual
// machine this depends on where the host placed the virtual CPUs, and it
// can change between runs of the same binary.
//
// The measurement is bench.exe's own probe (bench/harness/machine_probe.h),
// so this figure and a capture's environment.cache_line_handoff_ns are the
// same quantity. Items are hand-offs; each iteration is one probe, timed
// manually as its median burst's time per hand-off times the hand-offs it
// timed (the probe's untimed warm-up and thread start are left out).
#include <benchmark/benchmark.h>

#include <optional>

#include "machine_probe.h"

namespace {

void BM_CacheLinePingPong(benchmark::State &state) {
  for (auto _ : state) {
    const std::optional<double> ns = bench::measure_cache_line_handoff_ns();
    if (!ns) {
      state.SkipWithError("the probe could not measure (one processor, or over budget)");
      return;
    }
    state.SetIterationTime(*ns * 1e-9 * static_cast<double>(bench::kProbeTimedHandOffs));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(bench::kProbeTimedHandOffs));
}

}  // namespace

BENCHMARK(BM_CacheLinePingPong)->Name("Machine/CacheLinePingPong")->UseManualTime();
