// What the machine itself costs, measured beside the queue and pool figures
// so that those can be read against it.
//
// A cache line handed back and forth between two threads: every hand-off
// moves the line from one core's cache to the other's, which is the unit
// cost behind most of a queue's or pool's per-item price (a producer writes
// a cell or a job record, a consumer on another core reads it). Items are
// hand-offs, so the time per item is one line transfer plus the spin that
// notices it. On a virtual machine this depends on where the host placed
// the virtual CPUs, and it can change between runs of the same binary.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>

#include "platform/platform.h"

namespace {

constexpr int kHandOffs = 1000;  // per thread per iteration

struct alignas(64) shared_line {
  std::atomic<uint64_t> turn{0};
};

shared_line g_line;

void reset_line(const benchmark::State &) { g_line.turn.store(0, std::memory_order_relaxed); }

// Thread 0 moves turn from even to odd, thread 1 from odd to even. Both run
// the same number of iterations (Google Benchmark's rule for Threads), so
// each waits only for hand-offs the other will make.
void BM_CacheLinePingPong(benchmark::State &state) {
  const uint64_t parity = static_cast<uint64_t>(state.thread_index());
  uint64_t next = parity;  // the turn value this thread waits for
  for (auto _ : state) {
    for (int i = 0; i < kHandOffs; ++i) {
      while (g_line.turn.load(std::memory_order_acquire) != next) platform::cpu_relax();
      g_line.turn.store(next + 1, std::memory_order_release);
      next += 2;
    }
  }
  state.SetItemsProcessed(state.iterations() * kHandOffs);
}

}  // namespace

BENCHMARK(BM_CacheLinePingPong)
    ->Name("Machine/CacheLinePingPong")
    ->Threads(2)
    ->UseRealTime()
    ->Setup(reset_line);
