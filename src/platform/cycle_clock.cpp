// The cycle clock's calibration (cycle_clock.h). OS-independent: it only
// compares cycles() with monotonic_ns().
#include "cycle_clock.h"

#include <atomic>

#include "cycle_clock_calibration.h"

namespace platform {
namespace {

// Nanoseconds per cycle in 32.32 fixed point; 0 until calibrated. Fixed
// point keeps the conversion exact integer arithmetic (no FPU state
// touched on a worker thread) and monotonic in its argument.
std::atomic<uint64_t> g_ns_per_cycle_q32{0};

}  // namespace

void calibrate_cycle_clock() {
  if (!kCycleCounterIsTsc) return;
  if (g_ns_per_cycle_q32.load(std::memory_order_acquire) != 0) return;
  const uint64_t measured =
      calibration::measure_ns_per_cycle_q32([] { return cycles(); }, [] { return monotonic_ns(); });
  uint64_t expected = 0;
  g_ns_per_cycle_q32.compare_exchange_strong(expected, measured, std::memory_order_acq_rel);
}

uint64_t ns_per_cycle_q32() {
  return kCycleCounterIsTsc ? g_ns_per_cycle_q32.load(std::memory_order_acquire) : 0;
}

uint64_t cycles_to_ns(uint64_t cycle_count) {
  return cycles_to_ns(cycle_count, ns_per_cycle_q32());
}

}  // namespace platform
