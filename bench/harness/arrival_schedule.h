// The arrival schedule of the offered-load latency probe: when each task is
// due, in a form every pool is run on unchanged.
//
// Arrivals are a Poisson process: inter-arrival gaps are exponential draws
// with mean 1 (in units of the mean gap), from Knuth's MMIX LCG seeded with
// kArrivalSeed (a stream of its own, so the priority shuffle's draws are not
// reused). A schedule at `rate` tasks/s is this one unit schedule scaled by
// 1/rate, so the runs at different loads differ only in the time scale.
#ifndef TPOOL_BENCH_HARNESS_ARRIVAL_SCHEDULE_H
#define TPOOL_BENCH_HARNESS_ARRIVAL_SCHEDULE_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bench {

inline constexpr uint64_t kArrivalSeed = 0x5eed1235u;

// Arrival times of `count` tasks in mean-gap units: the running sum of count
// exponential(1) draws (the first task arrives after one gap). Increasing;
// the same sequence on every call.
std::vector<double> unit_arrivals(size_t count);

// unit arrival times scaled to clock ticks at `rate_per_s` arrivals per
// second on a clock of `tick_frequency` ticks per second. Offsets from the
// schedule's start; non-decreasing.
std::vector<uint64_t> arrival_ticks(const std::vector<double> &unit, double rate_per_s,
                                    uint64_t tick_frequency);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_ARRIVAL_SCHEDULE_H
