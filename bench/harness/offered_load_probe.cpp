// Latency at a fixed offered load.
//
// 1. Capacity: every compared pool runs throughput/w2/i0/uniform (the
//    suite's throughput runner, one producer submitting as fast as it can)
//    kCapacityRuns times; its capacity is the median tasks/s.
// 2. The slowest pool's capacity is the basis. For each load in kLoadsPct,
//    every pool gets the SAME arrival schedule (arrival_schedule.h: Poisson
//    arrivals at load x basis, the suite's uniform priority shuffle), on a
//    fresh, idle 2-worker pool.
// 3. The main thread submits each task at its scheduled time or as soon as
//    it can after it, spinning (yielding while more than kYieldAboveUs is
//    left). A task's latency is its start (first thing in its body) minus its
//    SCHEDULED arrival, so time the producer spent stalled, in a submit call
//    or preempted, is counted against the pool, not hidden.
// Every task of every run is validated as in the suite.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <vector>

#include "arrival_schedule.h"
#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "scenario.h"
#include "stats.h"

namespace bench {
namespace {

constexpr uint32_t kWorkers = 2;
constexpr uint32_t kIterations = 0;
constexpr int kLoadsPct[] = {50, 90};
constexpr const char *kPriorityNames[3] = {"high", "medium", "low"};
// The schedule covers at least this long at the lower load, within the task
// bounds below (a full run; --quick uses kQuickTasks).
constexpr double kMinScheduleSeconds = 0.5;
constexpr uint64_t kMinTasks = 12000;
constexpr uint64_t kMaxTasks = 200000;
constexpr uint64_t kQuickTasks = 600;
constexpr double kYieldAboveUs = 50.0;

double ticks_to_us(double ticks) {
  return ticks * 1e6 / static_cast<double>(os::tick_frequency());
}

struct percentiles_us {
  double p50 = 0, p90 = 0, p99 = 0, p999 = 0, max = 0;
};

percentiles_us summarize_ticks(const std::vector<uint64_t> &ticks) {
  std::vector<double> us;
  us.reserve(ticks.size());
  for (uint64_t value : ticks) us.push_back(ticks_to_us(static_cast<double>(value)));
  std::sort(us.begin(), us.end());
  percentiles_us result;
  result.p50 = finite(percentile_of_sorted(us, 50));
  result.p90 = finite(percentile_of_sorted(us, 90));
  result.p99 = finite(percentile_of_sorted(us, 99));
  result.p999 = finite(percentile_of_sorted(us, 99.9));
  result.max = finite(percentile_of_sorted(us, 100));
  return result;
}

bool measure_capacity(const std::string &pool_name, const probe_options &options,
                      double *tasks_per_s, uint32_t *runs, std::string *failure) {
  scenario s;
  s.id = "throughput/w2/i0/uniform";
  s.suite = "extended";
  s.kind = scenario_kind::throughput;
  s.pool = pool_name;
  s.workers = kWorkers;
  s.producers = 1;
  s.iterations = kIterations;
  s.mix = priority_mix::uniform;
  s.tasks = options.quick ? kQuickTasks : kMinTasks;
  *runs = options.quick ? 1 : 3;
  std::vector<double> rates;
  for (uint32_t run = 0; run < *runs; ++run) {
    measurement m;
    if (!run_repetition(s, options.fault, &m, failure)) {
      *failure = pool_name + " capacity run: " + *failure;
      return false;
    }
    rates.push_back(static_cast<double>(m.tasks) * static_cast<double>(os::tick_frequency()) /
                    static_cast<double>(m.ticks == 0 ? 1 : m.ticks));
  }
  *tasks_per_s = summarize(rates).median;
  return true;
}

struct schedule_result {
  std::vector<uint64_t> latency_ticks[3];  // per priority: start - scheduled arrival
  std::vector<uint64_t> lag_ticks;         // per task: actual submit - scheduled arrival
  uint64_t span_ticks = 0;                 // first scheduled arrival to last submit
};

// Runs one schedule on a fresh pool. offsets: scheduled arrivals in ticks
// from the schedule's start; priorities: one per task.
bool run_schedule(const std::string &pool_name, const std::vector<uint64_t> &offsets,
                  const std::vector<int32_t> &priorities, injected_fault fault,
                  schedule_result *result, std::string *failure) {
  priority_counts counts;
  for (int32_t priority : priorities) {
    if (priority == 0) ++counts.high;
    if (priority == 1) ++counts.medium;
    if (priority == 2) ++counts.low;
  }
  task_group group(kIterations);
  group.record_start_ticks = true;
  task_array tasks(priorities, &group);
  group.expected.store(tasks.size(), std::memory_order_release);

  pool_settings settings;
  settings.workers = kWorkers;
  std::unique_ptr<peer_pool> pool = make_peer(pool_name, settings, failure);
  if (!pool) return false;
  if (!pool->wait_until_ready(30000)) {
    *failure = pool_name + ": not ready";
    return false;
  }

  const uint64_t frequency = os::tick_frequency();
  const uint64_t yield_above =
      static_cast<uint64_t>(kYieldAboveUs * 1e-6 * static_cast<double>(frequency));
  result->lag_ticks.assign(tasks.size(), 0);
  uint64_t rejected = 0;
  // Start one millisecond ahead so the first arrival is not already late.
  const uint64_t start = os::ticks() + frequency / 1000;
  uint64_t last_submit = start;
  for (size_t i = 0; i < tasks.size(); ++i) {
    task_record &record = tasks[i];
    const uint64_t due = start + offsets[i];
    record.submit_ticks = due;
    uint64_t now = os::ticks();
    while (now < due) {
      if (due - now > yield_above) {
        os::yield_thread();
      } else {
        os::cpu_relax();
      }
      now = os::ticks();
    }
    result->lag_ticks[i] = now - due;
    if (pool->submit(&record.task, record.priority)) {
      record.accepted.fetch_add(1, std::memory_order_relaxed);
    } else {
      ++rejected;
    }
    last_submit = now;
  }
  if (rejected != 0) group.expected.store(tasks.size() - rejected, std::memory_order_release);
  const bool finished = group.wait_all_finished(120000);
  const bool shut_down = pool->shutdown();
  const bool empty = pool->queue_empty();
  pool.reset();
  if (!finished || !shut_down || !empty) {
    *failure = pool_name + ": offered-load run did not finish, shut down or drain";
    return false;
  }
  validated_totals totals;
  if (!validate_tasks(tasks, kIterations, counts, fault, &totals, failure)) return false;
  for (size_t i = 0; i < tasks.size(); ++i) {
    const task_record &record = tasks[i];
    const uint64_t latency =
        record.start_ticks > record.submit_ticks ? record.start_ticks - record.submit_ticks : 0;
    result->latency_ticks[record.priority].push_back(latency);
  }
  result->span_ticks = last_submit - start;
  return true;
}

}  // namespace

bool run_offered_load_probe(const probe_options &options, run_report *report,
                            std::string *failure) {
  nlohmann::json capacity = nlohmann::json::array();
  std::string basis_pool;
  double basis = 0;
  for (const std::string &pool_name : options.pools) {
    double tasks_per_s = 0;
    uint32_t runs = 0;
    if (!measure_capacity(pool_name, options, &tasks_per_s, &runs, failure)) return false;
    capacity.push_back(
        nlohmann::json{{"pool", pool_name}, {"tasks_per_s", finite(tasks_per_s)}, {"runs", runs}});
    if (basis_pool.empty() || tasks_per_s < basis) {
      basis_pool = pool_name;
      basis = tasks_per_s;
    }
  }
  if (basis <= 0) {
    *failure = "offered load: no pool reported a capacity";
    return false;
  }

  uint64_t tasks = kQuickTasks;
  if (!options.quick) {
    const double wanted = std::ceil(kMinScheduleSeconds * basis * kLoadsPct[0] / 100.0);
    tasks = std::clamp(static_cast<uint64_t>(wanted), kMinTasks, kMaxTasks);
    tasks = (tasks + 59) / 60 * 60;  // whole thirds for the uniform mix
  }
  const std::vector<double> unit = unit_arrivals(static_cast<size_t>(tasks));
  const std::vector<int32_t> priorities =
      shuffled_priorities(counts_for(priority_mix::uniform, tasks));

  nlohmann::json runs = nlohmann::json::array();
  for (int load_pct : kLoadsPct) {
    const double rate = basis * load_pct / 100.0;
    const std::vector<uint64_t> offsets = arrival_ticks(unit, rate, os::tick_frequency());
    for (const std::string &pool_name : options.pools) {
      schedule_result result;
      if (!run_schedule(pool_name, offsets, priorities, options.fault, &result, failure)) {
        return false;
      }
      for (int priority = 0; priority < 3; ++priority) {
        const percentiles_us p = summarize_ticks(result.latency_ticks[priority]);
        latency_entry entry;
        entry.pool = pool_name;
        entry.load_pct = load_pct;
        entry.offered_tasks_per_s = finite(rate);
        entry.priority = kPriorityNames[priority];
        entry.samples = result.latency_ticks[priority].size();
        entry.p50_us = p.p50;
        entry.p90_us = p.p90;
        entry.p99_us = p.p99;
        entry.p999_us = p.p999;
        entry.max_us = p.max;
        report->latency.push_back(entry);
      }
      const percentiles_us lag = summarize_ticks(result.lag_ticks);
      runs.push_back(nlohmann::json{
          {"pool", pool_name},
          {"load_pct", load_pct},
          {"offered_tasks_per_s", finite(rate)},
          {"tasks", tasks},
          {"submit_span_ms", finite(ticks_to_us(static_cast<double>(result.span_ticks)) / 1000.0)},
          {"submit_lag_p50_us", lag.p50},
          {"submit_lag_p99_us", lag.p99},
          {"submit_lag_max_us", lag.max}});
    }
  }
  report->latency_method =
      nlohmann::json{{"workers", kWorkers},
                     {"iterations", kIterations},
                     {"mix", "uniform"},
                     {"tasks", tasks},
                     {"arrivals", "poisson"},
                     {"arrival_seed", "0x5eed1235"},
                     {"latency_from", "scheduled arrival"},
                     {"latency_to", "task start"},
                     {"capacity_scenario", "throughput/w2/i0/uniform"},
                     {"capacity", capacity},
                     {"basis_pool", basis_pool},
                     {"basis_tasks_per_s", finite(basis)},
                     {"loads_pct", std::vector<int>(std::begin(kLoadsPct), std::end(kLoadsPct))},
                     {"yield_above_us", kYieldAboveUs},
                     {"runs", runs}};
  return true;
}

}  // namespace bench
