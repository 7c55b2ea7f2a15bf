#include "machine_probe.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "bench_os.h"

namespace bench {
namespace {

constexpr uint32_t kBursts = 5;
constexpr uint64_t kHandOffsPerBurst = kProbeTimedHandOffs / kBursts;
// Untimed hand-offs first: a freshly started thread may begin on the same
// processor as the measuring one, and the scheduler needs a moment to move
// one of them away.
constexpr uint64_t kWarmUpHandOffs = 20000;
// Spins before a waiting side yields: where the two threads share one
// processor, every hand-off then costs a yield (microseconds) instead of a
// time slice. On two free processors the other side answers within a few
// spins.
constexpr uint32_t kSpinsBeforeYield = 1024;
// A probe that takes longer than this is abandoned and reports nothing
// rather than hold up the run: the whole probe takes about 20 ms on two
// free processors, about 0.4 s under ThreadSanitizer.
constexpr uint64_t kBudgetMs = 3000;

struct alignas(64) handoff_line {
  std::atomic<uint64_t> turn{0};
};

// Set by the measuring thread when it abandons the probe; its own line, so
// the check costs the hand-offs nothing.
struct alignas(64) stop_flag {
  std::atomic<bool> set{false};
};

struct partner_args {
  handoff_line *line;
  stop_flag *stop;
  uint64_t hand_offs;  // this side's share
};

// Waits until turn == value. False if the probe was abandoned instead: stop
// was set, or (deadline_ns != 0) this side passed the deadline and set it.
// Both are checked only on the slow path, between yields.
bool wait_for(const handoff_line &line, stop_flag &stop, uint64_t value, uint64_t deadline_ns) {
  uint32_t spins = 0;
  while (line.turn.load(std::memory_order_acquire) != value) {
    if (++spins < kSpinsBeforeYield) {
      os::cpu_relax();
      continue;
    }
    spins = 0;
    if (stop.set.load(std::memory_order_relaxed)) return false;
    if (deadline_ns != 0 && os::monotonic_ns() > deadline_ns) {
      stop.set.store(true, std::memory_order_relaxed);
      return false;
    }
    os::yield_thread();
  }
  return true;
}

// The partner moves turn from odd to even; the measuring thread from even to
// odd. Each store is one transfer of the line to the other side's cache.
void partner_main(const partner_args &args) {
  uint64_t next = 1;
  for (uint64_t i = 0; i < args.hand_offs; ++i) {
    if (!wait_for(*args.line, *args.stop, next, 0)) return;
    args.line->turn.store(next + 1, std::memory_order_release);
    next += 2;
  }
}

// The measuring side of `round_trips` round trips starting at turn == *next
// (even: the partner's last answer). Returns the ticks they took, or
// nullopt if the probe was abandoned.
std::optional<uint64_t> timed_round_trips(handoff_line &line, stop_flag &stop, uint64_t *next,
                                          uint64_t round_trips, uint64_t deadline_ns) {
  const uint64_t start = os::ticks();
  for (uint64_t i = 0; i < round_trips; ++i) {
    line.turn.store(*next + 1, std::memory_order_release);
    // Slow but steady hand-offs never reach wait_for's slow path: check the
    // budget here too (one clock read per 4,096 round trips).
    if ((i & 4095) == 4095 && os::monotonic_ns() > deadline_ns) {
      stop.set.store(true, std::memory_order_relaxed);
      return std::nullopt;
    }
    if (!wait_for(line, stop, *next + 2, deadline_ns)) return std::nullopt;
    *next += 2;
  }
  return os::ticks() - start;
}

}  // namespace

std::optional<double> measure_cache_line_handoff_ns(probe_outcome *outcome) {
  probe_outcome ignored = probe_outcome::measured;
  probe_outcome &why = outcome != nullptr ? *outcome : ignored;
  why = probe_outcome::one_processor;
  if (os::logical_cpu_count() < 2) return std::nullopt;
  constexpr uint64_t kRoundTripsPerBurst = kHandOffsPerBurst / 2;
  constexpr uint64_t kRoundTrips = (kWarmUpHandOffs / 2) + kBursts * kRoundTripsPerBurst;
  handoff_line line;
  stop_flag stop;
  const partner_args args{&line, &stop, kRoundTrips};
  std::thread partner;
  try {
    partner = std::thread(&partner_main, std::cref(args));
  } catch (const std::system_error &) {
    why = probe_outcome::no_partner_thread;
    return std::nullopt;
  }
  const uint64_t deadline_ns = os::monotonic_ns() + kBudgetMs * 1000000u;

  uint64_t next = 0;  // turn starts at 0: the measuring side moves first
  std::vector<double> bursts;
  bool complete =
      timed_round_trips(line, stop, &next, kWarmUpHandOffs / 2, deadline_ns).has_value();
  const double tick_ns = 1e9 / static_cast<double>(os::tick_frequency());
  for (uint32_t burst = 0; complete && burst < kBursts; ++burst) {
    const std::optional<uint64_t> ticks =
        timed_round_trips(line, stop, &next, kRoundTripsPerBurst, deadline_ns);
    if (!ticks) {
      complete = false;
      break;
    }
    bursts.push_back(static_cast<double>(*ticks) * tick_ns /
                     static_cast<double>(kHandOffsPerBurst));
  }
  stop.set.store(true, std::memory_order_relaxed);  // a finished partner ignores it
  partner.join();
  if (!complete) {
    why = probe_outcome::over_budget;
    return std::nullopt;
  }
  why = probe_outcome::measured;
  std::sort(bursts.begin(), bursts.end());
  return bursts[bursts.size() / 2];
}

}  // namespace bench
