// Timers (tpool.h, "timers"); tpool only, no other compared pool has them.
//  - Lateness: with 1,000 and with 100,000 one-shot timers armed at once
//    (10,000 instead of 100,000 with --quick), due times spread evenly over a
//    window that begins after a lead-in long enough to arm them all, how late
//    each instance starts: its job's first clock read minus its due time,
//    the due time being the clock read just before tpool_timer_start plus
//    the delay (so the figure includes the microsecond the start call
//    takes). p50, p99 and max over every timer.
//  - Idle CPU: the process CPU time over 1 s (200 ms with --quick) of a pool
//    holding 10,000 armed timers none of which comes due, beside the same
//    pool over the same time before they were armed.
// Every timer is validated: it ran exactly once and never before its due
// time; the idle ones never ran and all retired at shutdown.
#include <tpool/tpool.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "stats.h"
#include "tpool_peer.h"

namespace bench {
namespace {

constexpr uint64_t kNsPerMs = 1000000;
constexpr uint32_t kFinishWithinMs = 120000;

struct lateness_run;

struct timer_slot {
  lateness_run *run = nullptr;
  uint64_t due_ns = 0;
  std::atomic<uint64_t> started_ns{0};
  std::atomic<uint32_t> runs{0};
};

struct lateness_run {
  std::atomic<uint32_t> completed{0};
};

void TPOOL_CALL record_start(void *context, tpool_job_info *) {
  const uint64_t now = os::monotonic_ns();
  timer_slot *slot = static_cast<timer_slot *>(context);
  slot->started_ns.store(now, std::memory_order_relaxed);
  slot->runs.fetch_add(1, std::memory_order_relaxed);
}

void TPOOL_CALL count_completion(void *context, tpool_job_state) {
  static_cast<timer_slot *>(context)->run->completed.fetch_add(1, std::memory_order_release);
}

struct idle_counts {
  std::atomic<uint32_t> runs{0};
  std::atomic<uint32_t> retired{0};
};

void TPOOL_CALL count_idle_run(void *context, tpool_job_info *) {
  static_cast<idle_counts *>(context)->runs.fetch_add(1, std::memory_order_relaxed);
}

void TPOOL_CALL count_idle_retire(void *context) {
  static_cast<idle_counts *>(context)->retired.fetch_add(1, std::memory_order_relaxed);
}

std::unique_ptr<peer_pool> ready_pool(std::string *failure) {
  pool_settings settings;
  settings.workers = std::max<uint32_t>(2, os::logical_cpu_count());
  std::unique_ptr<peer_pool> peer = make_peer("tpool", settings, failure);
  if (!peer || !peer->wait_until_ready(30000)) {
    if (failure->empty()) *failure = "timer probe: pool not ready";
    return nullptr;
  }
  return peer;
}

// One lateness measurement; appends its JSON entry to *out.
bool measure_lateness(uint32_t timers, uint32_t lead_ms, uint32_t window_ms, nlohmann::json *out,
                      std::string *failure) {
  std::unique_ptr<peer_pool> peer = ready_pool(failure);
  if (!peer) return false;
  tpool_pool *pool = tpool_handle(peer.get());
  lateness_run run;
  std::unique_ptr<timer_slot[]> slots(new timer_slot[timers]);
  tpool_timer_desc desc;
  tpool_timer_desc_init(&desc);
  desc.fn = &record_start;
  desc.on_complete = &count_completion;
  desc.priority = TPOOL_PRIORITY_HIGH;
  const uint64_t first_due = os::monotonic_ns() + uint64_t{lead_ms} * kNsPerMs;
  for (uint32_t i = 0; i < timers; ++i) {
    timer_slot &slot = slots[i];
    slot.run = &run;
    desc.context = &slot;
    desc.delay_ms = lead_ms + static_cast<uint32_t>(uint64_t{i} * window_ms / timers);
    slot.due_ns = os::monotonic_ns() + uint64_t{desc.delay_ms} * kNsPerMs;
    const tpool_status status = tpool_timer_start(pool, &desc, nullptr);
    if (status != TPOOL_OK) {
      *failure = std::string("timer probe: tpool_timer_start: ") + tpool_status_string(status);
      peer->shutdown();
      return false;
    }
  }
  const bool armed_in_time = os::monotonic_ns() < first_due;
  const uint64_t deadline = os::deadline_after_ms(kFinishWithinMs);
  while (run.completed.load(std::memory_order_acquire) < timers && os::monotonic_ns() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  peer->shutdown();
  if (run.completed.load() != timers) {
    *failure = "timer probe: not every timer fired within 120 s";
    return false;
  }
  std::vector<double> lateness_us;
  lateness_us.reserve(timers);
  for (uint32_t i = 0; i < timers; ++i) {
    const timer_slot &slot = slots[i];
    const uint64_t started = slot.started_ns.load();
    if (slot.runs.load() != 1) {
      *failure = "timer probe: a timer did not run exactly once";
      return false;
    }
    if (started < slot.due_ns) {
      *failure = "timer probe: a timer started before its due time";
      return false;
    }
    lateness_us.push_back(static_cast<double>(started - slot.due_ns) / 1e3);
  }
  std::sort(lateness_us.begin(), lateness_us.end());
  out->push_back(nlohmann::json{{"armed_timers", timers},
                                {"lead_in_ms", lead_ms},
                                {"window_ms", window_ms},
                                {"armed_before_first_due", armed_in_time},
                                {"samples", timers},
                                {"p50_us", finite(percentile_of_sorted(lateness_us, 50))},
                                {"p99_us", finite(percentile_of_sorted(lateness_us, 99))},
                                {"max_us", finite(lateness_us.back())}});
  return true;
}

// CPU the process uses over interval_ms, at rest.
double cpu_ms_over(uint32_t interval_ms) {
  const uint64_t before = os::process_cpu_ns();
  std::this_thread::sleep_for(std::chrono::milliseconds(interval_ms));
  return static_cast<double>(os::process_cpu_ns() - before) / 1e6;
}

bool measure_idle_cpu(uint32_t timers, uint32_t interval_ms, nlohmann::json *out,
                      std::string *failure) {
  std::unique_ptr<peer_pool> peer = ready_pool(failure);
  if (!peer) return false;
  tpool_pool *pool = tpool_handle(peer.get());
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // workers parked
  const double without_timers = cpu_ms_over(interval_ms);
  idle_counts counts;
  tpool_timer_desc desc;
  tpool_timer_desc_init(&desc);
  desc.fn = &count_idle_run;
  desc.on_retire = &count_idle_retire;
  desc.context = &counts;
  desc.delay_ms = 3600000;  // an hour: none comes due during the probe
  for (uint32_t i = 0; i < timers; ++i) {
    const tpool_status status = tpool_timer_start(pool, &desc, nullptr);
    if (status != TPOOL_OK) {
      *failure = std::string("timer probe: tpool_timer_start: ") + tpool_status_string(status);
      peer->shutdown();
      return false;
    }
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const double with_timers = cpu_ms_over(interval_ms);
  peer->shutdown();  // retires every timer without firing it
  if (counts.runs.load() != 0 || counts.retired.load() != timers) {
    *failure = "timer probe: an idle timer ran, or did not retire at shutdown";
    return false;
  }
  *out = nlohmann::json{{"armed_timers", timers},
                        {"interval_ms", interval_ms},
                        {"cpu_ms", finite(with_timers)},
                        {"cpu_ms_without_timers", finite(without_timers)}};
  return true;
}

}  // namespace

bool run_timer_probe(const probe_options &options, run_report *report, std::string *failure) {
  nlohmann::json lateness = nlohmann::json::array();
  if (!measure_lateness(1000, 200, 1000, &lateness, failure)) return false;
  const uint32_t many = options.quick ? 10000 : 100000;
  if (!measure_lateness(many, options.quick ? 500 : 3000, 1000, &lateness, failure)) return false;
  nlohmann::json idle;
  if (!measure_idle_cpu(10000, options.quick ? 200 : 1000, &idle, failure)) return false;
  if (options.fault == injected_fault::wrong_checksum) {
    *failure = "timer probe: injected fault";
    return false;
  }
  report->extra["timers"] =
      nlohmann::json{{"pool", "tpool"},
                     {"workers", std::max<uint32_t>(2, os::logical_cpu_count())},
                     {"lateness", lateness},
                     {"idle_cpu", idle}};
  return true;
}

}  // namespace bench
