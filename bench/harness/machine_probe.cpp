#include "machine_probe.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "platform/platform.h"

namespace bench {
namespace {

constexpr uint32_t kBursts = 5;
constexpr uint64_t kHandOffsPerBurst = 100000;
// Spins before a waiting side yields: on a machine where the two threads
// share one processor, every hand-off then costs a yield instead of a time
// slice. On two free processors the other side answers long before this.
constexpr uint32_t kSpinsBeforeYield = 4096;

struct alignas(64) handoff_line {
  std::atomic<uint64_t> turn{0};
};

struct partner_args {
  handoff_line *line;
  uint64_t hand_offs;  // this side's share
};

void wait_for(const handoff_line &line, uint64_t value) {
  uint32_t spins = 0;
  while (line.turn.load(std::memory_order_acquire) != value) {
    if (++spins < kSpinsBeforeYield) {
      platform::cpu_relax();
    } else {
      spins = 0;
      platform::yield_thread();
    }
  }
}

// The partner moves turn from odd to even; the measuring thread from even to
// odd. Each store is one transfer of the line to the other side's cache.
void partner_main(void *raw) {
  partner_args *args = static_cast<partner_args *>(raw);
  uint64_t next = 1;
  for (uint64_t i = 0; i < args->hand_offs; ++i) {
    wait_for(*args->line, next);
    args->line->turn.store(next + 1, std::memory_order_release);
    next += 2;
  }
}

std::optional<double> one_burst() {
  handoff_line line;
  partner_args args{&line, kHandOffsPerBurst};
  platform::thread_handle partner;
  if (!platform::thread_start(&partner, &partner_main, &args, {})) return std::nullopt;
  // The partner's start-up is not timed: wait for its first answer.
  line.turn.store(1, std::memory_order_release);
  wait_for(line, 2);
  const uint64_t start = platform::ticks();
  uint64_t next = 2;
  for (uint64_t i = 1; i < kHandOffsPerBurst; ++i) {
    line.turn.store(next + 1, std::memory_order_release);
    wait_for(line, next + 2);
    next += 2;
  }
  const uint64_t elapsed = platform::ticks() - start;
  platform::thread_join(&partner);
  // (kHandOffsPerBurst - 1) round trips timed, two hand-offs each.
  const double seconds = static_cast<double>(elapsed) / static_cast<double>(platform::tick_frequency());
  return seconds * 1e9 / (2.0 * static_cast<double>(kHandOffsPerBurst - 1));
}

}  // namespace

std::optional<double> measure_cache_line_handoff_ns() {
  if (platform::logical_cpu_count() < 2) return std::nullopt;
  std::vector<double> bursts;
  for (uint32_t burst = 0; burst < kBursts; ++burst) {
    const std::optional<double> ns = one_burst();
    if (!ns) return std::nullopt;
    bursts.push_back(*ns);
  }
  std::sort(bursts.begin(), bursts.end());
  return bursts[bursts.size() / 2];
}

}  // namespace bench
