// Latency versus load (open-loop arrivals).
//
// 1. Capacity: each pool's median tasks/s in the comparison cell with cores
//    workers and 2,048-iteration tasks (cmp/w<cores>/i2048), measured in the
//    same run with calibrated repetitions.
// 2. Points: 50, 80, 90 and 95% of **each pool's own** capacity, so every
//    pool is seen near its knee, and one common absolute rate every pool can
//    sustain (half the slowest pool's capacity). Each point is a Poisson
//    arrival schedule (arrival_schedule.h) about kScheduleMs long, on a
//    fresh, idle pool of the same workers and task size.
// 3. The main thread submits each task at its scheduled time or as soon as
//    it can after it, spinning (yielding while more than kYieldAboveUs is
//    left). A task's latency is its start (first thing in its body) minus its
//    SCHEDULED arrival, so time the producer spent stalled, in a submit call
//    or preempted, is counted against the pool, not hidden; but when the
//    producer's own lag (submit minus scheduled arrival) has a p99 above
//    kLagBoundUs the point is marked generator_fell_behind: it then measures
//    the load generator, not the pool.
// Every task of every run is validated as in the suites.
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

constexpr uint32_t kIterations = 2048;
constexpr int kLoadsPct[] = {50, 80, 90, 95};
constexpr double kCommonShareOfSlowest = 0.5;
constexpr const char *kPriorityNames[3] = {"high", "medium", "low"};
// Each point's schedule lasts about this long, within the task bounds below
// (a full run; --quick uses kQuickTasks).
constexpr double kScheduleMs = 300;
constexpr uint64_t kMinTasks = 3000;
constexpr uint64_t kMaxTasks = 300000;
constexpr uint64_t kQuickTasks = 600;
constexpr double kQuickScheduleMs = 50;
constexpr double kYieldAboveUs = 50.0;
// A producer whose p99 lag behind its own schedule exceeds this no longer
// offers the load it claims: its point describes the generator.
constexpr double kLagBoundUs = 250.0;

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

struct schedule_result {
  std::vector<uint64_t> latency_ticks[3];  // per priority: start - scheduled arrival
  std::vector<uint64_t> lag_ticks;         // per task: actual submit - scheduled arrival
  uint64_t span_ticks = 0;                 // first scheduled arrival to last submit
};

// Runs one schedule on a fresh pool. offsets: scheduled arrivals in ticks
// from the schedule's start; priorities: one per task.
bool run_schedule(const std::string &pool_name, uint32_t workers,
                  const std::vector<uint64_t> &offsets, const std::vector<int32_t> &priorities,
                  injected_fault fault, schedule_result *result, std::string *failure) {
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
  settings.workers = workers;
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
    if (!submit_task(*pool, record, record.priority)) ++rejected;
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

struct load_point {
  std::string pool;
  double rate = 0;
  double load_pct = 0;
  bool common = false;
};

}  // namespace

bool run_offered_load_probe(const probe_options &options, run_report *report,
                            std::string *failure) {
  const uint32_t workers = std::max<uint32_t>(report->environment.logical_cores, 1);
  const std::string capacity_cell = "cmp/w" + std::to_string(workers) + "/i2048";
  const comparison_cell_result *cell = nullptr;
  for (const comparison_cell_result &candidate : report->comparison_cells) {
    if (candidate.id == capacity_cell) cell = &candidate;
  }
  if (cell == nullptr) return true;  // no comparison suite in this run: no curves

  nlohmann::json capacity = nlohmann::json::array();
  std::vector<std::pair<std::string, double>> capacities;
  double slowest = 0;
  for (const comparison_pool_result &pool : cell->pools) {
    if (std::find(options.pools.begin(), options.pools.end(), pool.pool) == options.pools.end()) {
      continue;
    }
    if (pool.stats.median <= 0) continue;
    capacities.emplace_back(pool.pool, pool.stats.median);
    capacity.push_back(
        nlohmann::json{{"pool", pool.pool}, {"tasks_per_s", finite(pool.stats.median)}});
    slowest = slowest == 0 ? pool.stats.median : std::min(slowest, pool.stats.median);
  }
  if (capacities.empty()) {
    *failure = "latency versus load: no pool has a capacity in " + capacity_cell;
    return false;
  }
  const double common_rate = slowest * kCommonShareOfSlowest;
  std::vector<load_point> points;
  for (const auto &[pool, tasks_per_s] : capacities) {
    for (int load_pct : kLoadsPct) {
      points.push_back(load_point{pool, tasks_per_s * load_pct / 100.0, double(load_pct), false});
    }
    points.push_back(
        load_point{pool, common_rate, std::round(common_rate / tasks_per_s * 1000.0) / 10.0, true});
  }

  nlohmann::json runs = nlohmann::json::array();
  for (const load_point &point : points) {
    // Quick runs: at most kQuickTasks and at most kQuickScheduleMs long.
    const double schedule_ms = options.quick ? kQuickScheduleMs : kScheduleMs;
    const double wanted = std::ceil(schedule_ms / 1000.0 * point.rate);
    uint64_t tasks = options.quick
                         ? std::clamp<uint64_t>(static_cast<uint64_t>(wanted), 60, kQuickTasks)
                         : std::clamp(static_cast<uint64_t>(wanted), kMinTasks, kMaxTasks);
    tasks = (tasks + 59) / 60 * 60;  // whole thirds for the uniform mix
    const std::vector<double> unit = unit_arrivals(static_cast<size_t>(tasks));
    const std::vector<int32_t> priorities =
        shuffled_priorities(counts_for(priority_mix::uniform, tasks));
    const std::vector<uint64_t> offsets = arrival_ticks(unit, point.rate, os::tick_frequency());
    schedule_result result;
    if (!run_schedule(point.pool, workers, offsets, priorities, options.fault, &result, failure)) {
      return false;
    }
    const percentiles_us lag = summarize_ticks(result.lag_ticks);
    const bool behind = lag.p99 > kLagBoundUs;
    for (int priority = 0; priority < 3; ++priority) {
      const percentiles_us p = summarize_ticks(result.latency_ticks[priority]);
      latency_entry entry;
      entry.pool = point.pool;
      entry.load_pct = point.load_pct;
      entry.common = point.common;
      entry.offered_tasks_per_s = finite(point.rate);
      entry.priority = kPriorityNames[priority];
      entry.samples = result.latency_ticks[priority].size();
      entry.p50_us = p.p50;
      entry.p90_us = p.p90;
      entry.p99_us = p.p99;
      entry.p999_us = p.p999;
      entry.max_us = p.max;
      entry.generator_fell_behind = behind;
      report->latency.push_back(entry);
    }
    runs.push_back(nlohmann::json{
        {"pool", point.pool},
        {"load_pct", point.load_pct},
        {"common", point.common},
        {"offered_tasks_per_s", finite(point.rate)},
        {"tasks", tasks},
        {"submit_span_ms", finite(ticks_to_us(static_cast<double>(result.span_ticks)) / 1000.0)},
        {"submit_lag_p50_us", lag.p50},
        {"submit_lag_p99_us", lag.p99},
        {"submit_lag_max_us", lag.max},
        {"generator_fell_behind", behind}});
  }
  report->latency_method =
      nlohmann::json{{"workers", workers},
                     {"iterations", kIterations},
                     {"mix", "uniform"},
                     {"schedule_ms", options.quick ? kQuickScheduleMs : kScheduleMs},
                     {"min_tasks", options.quick ? uint64_t{60} : kMinTasks},
                     {"max_tasks", options.quick ? kQuickTasks : kMaxTasks},
                     {"arrivals", "poisson"},
                     {"arrival_seed", "0x5eed1235"},
                     {"latency_from", "scheduled arrival"},
                     {"latency_to", "task start"},
                     {"capacity_cell", capacity_cell},
                     {"capacity", capacity},
                     {"loads_pct", std::vector<int>(std::begin(kLoadsPct), std::end(kLoadsPct))},
                     {"common_tasks_per_s", finite(common_rate)},
                     {"common_rule", "half the slowest pool's capacity"},
                     {"lag_bound_us", kLagBoundUs},
                     {"yield_above_us", kYieldAboveUs},
                     {"runs", runs}};
  return true;
}

}  // namespace bench
