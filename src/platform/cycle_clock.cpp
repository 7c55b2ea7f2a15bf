// The cycle clock's calibration (cycle_clock.h). OS-independent: it only
// compares cycles() with monotonic_ns().
#include "cycle_clock.h"

#include <atomic>

namespace platform {
namespace {

// Nanoseconds per cycle in 32.32 fixed point; 0 until calibrated. Fixed
// point keeps the conversion exact integer arithmetic (no FPU state
// touched on a worker thread) and monotonic in its argument.
std::atomic<uint64_t> g_ns_per_cycle_q32{0};

// Long enough that the two reads at each end (tens of ns apart) make an
// error well under 0.1 %; short enough to hide in a pool's creation.
constexpr uint64_t kCalibrationNs = 50000;

uint64_t measure_ns_per_cycle_q32() {
  const uint64_t start_ns = monotonic_ns();
  const uint64_t start_cycles = cycles();
  uint64_t end_ns = start_ns;
  uint64_t end_cycles = start_cycles;
  while (end_ns - start_ns < kCalibrationNs || end_cycles == start_cycles) {
    end_ns = monotonic_ns();
    end_cycles = cycles();
  }
  const uint64_t elapsed_cycles = end_cycles - start_cycles;
  const uint64_t elapsed_ns = end_ns - start_ns;
  const uint64_t rate = (elapsed_ns << 32) / elapsed_cycles;
  return rate == 0 ? 1 : rate;
}

}  // namespace

void calibrate_cycle_clock() {
  if (!kCycleCounterIsTsc) return;
  if (g_ns_per_cycle_q32.load(std::memory_order_acquire) != 0) return;
  uint64_t expected = 0;
  g_ns_per_cycle_q32.compare_exchange_strong(expected, measure_ns_per_cycle_q32(),
                                             std::memory_order_acq_rel);
}

uint64_t ns_per_cycle_q32() {
  return kCycleCounterIsTsc ? g_ns_per_cycle_q32.load(std::memory_order_acquire) : 0;
}

uint64_t cycles_to_ns(uint64_t cycle_count) {
  return cycles_to_ns(cycle_count, ns_per_cycle_q32());
}

}  // namespace platform
