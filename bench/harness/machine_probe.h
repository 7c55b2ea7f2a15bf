// How much one cache-line transfer between two threads costs on the machine
// the run is on, measured at the start and at the end of the run.
//
// Most of a pool's cost per task on a small machine is such transfers (the
// pool's record of the task, the queue cell and index, shared counters), and
// on a virtual machine their cost can change several-fold while a run is
// going on, depending on where the host places the virtual CPUs (measured on our
// 2-vCPU development VM: about 30 ns in one phase, 200 to 220 ns in
// another). Recording it beside the figures tells a reader which phase a
// capture comes from. It is a description of the machine, not a gate.
#ifndef TPOOL_BENCH_HARNESS_MACHINE_PROBE_H
#define TPOOL_BENCH_HARNESS_MACHINE_PROBE_H

#include <cstdint>
#include <optional>

namespace bench {

// Two threads hand one cache line back and forth: 20,000 untimed hand-offs,
// then 5 timed bursts of 20,000. Returns the median burst's wall time per
// hand-off, in nanoseconds. nullopt when the process may use fewer than two
// logical processors, the partner thread cannot be started, or the probe
// overran its three-second budget. Takes about 20 ms on two free processors
// (under half a second under ThreadSanitizer); where the two threads share
// one processor each hand-off costs a yield, and the figure then describes
// the scheduler. Call only while nothing else of the
// run is executing (it occupies two processors).
// Why a probe returned what it did (for callers that report or test it).
enum class probe_outcome { measured, one_processor, no_partner_thread, over_budget };
std::optional<double> measure_cache_line_handoff_ns(probe_outcome *outcome = nullptr);

// Timed hand-offs per probe (5 bursts of 20,000), for callers that turn the
// per-hand-off figure back into a rate.
inline constexpr uint64_t kProbeTimedHandOffs = 100000;

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_MACHINE_PROBE_H
