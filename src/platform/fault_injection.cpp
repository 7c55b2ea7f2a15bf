#include "fault_injection.h"

#if defined(TPOOL_FAULT_INJECTION)
#include <atomic>

namespace platform::fault {
namespace {
// Per point: how many arrivals since reset, at which arrival to fail (0 = never),
// and how many faults were injected. Relaxed ordering is enough: tests arm a
// point before starting the workload they inject into, and read counters after
// joining it.
struct point_state {
  std::atomic<uint64_t> arrivals{0};
  std::atomic<uint64_t> fail_at{0};
  std::atomic<uint64_t> injected{0};
};
point_state g_points[kPointCount];
}  // namespace

bool should_fail(point p) noexcept {
  point_state &state = g_points[static_cast<int>(p)];
  const uint64_t arrival = state.arrivals.fetch_add(1, std::memory_order_relaxed) + 1;
  const uint64_t fail_at = state.fail_at.load(std::memory_order_relaxed);
  if (fail_at != 0 && arrival == fail_at) {
    state.injected.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  return false;
}

void arm(point p, uint64_t nth) noexcept {
  point_state &state = g_points[static_cast<int>(p)];
  const uint64_t now = state.arrivals.load(std::memory_order_relaxed);
  state.fail_at.store(nth == 0 ? 0 : now + nth, std::memory_order_relaxed);
}

void reset() noexcept {
  for (point_state &state : g_points) {
    state.fail_at.store(0, std::memory_order_relaxed);
    state.arrivals.store(0, std::memory_order_relaxed);
    state.injected.store(0, std::memory_order_relaxed);
  }
}

uint64_t arrivals(point p) noexcept {
  return g_points[static_cast<int>(p)].arrivals.load(std::memory_order_relaxed);
}

uint64_t injected(point p) noexcept {
  return g_points[static_cast<int>(p)].injected.load(std::memory_order_relaxed);
}

namespace {
bool known(int32_t point_number) {
  return point_number >= 0 && point_number < kPointCount;
}
}  // namespace

bool arm_number(int32_t point_number, uint64_t nth) noexcept {
  if (!known(point_number)) return false;
  arm(static_cast<point>(point_number), nth);
  return true;
}

uint64_t arrivals_number(int32_t point_number) noexcept {
  return known(point_number) ? arrivals(static_cast<point>(point_number)) : 0;
}

uint64_t injected_number(int32_t point_number) noexcept {
  return known(point_number) ? injected(static_cast<point>(point_number)) : 0;
}

}  // namespace platform::fault
#endif
