// Queue-wait percentiles and HIGH-behind-LOW start latency.
#include <memory>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "scenario.h"
#include "stats.h"

namespace bench {
namespace {

constexpr const char *kPriorityNames[3] = {"high", "medium", "low"};

double ticks_to_us(double ticks) {
  return ticks * 1e6 / static_cast<double>(os::tick_frequency());
}

latency_entry percentiles(const std::string &pool, const std::string &scenario_id, int priority,
                          const std::vector<uint64_t> &ticks) {
  std::vector<double> us;
  us.reserve(ticks.size());
  for (uint64_t value : ticks) us.push_back(ticks_to_us(static_cast<double>(value)));
  latency_entry entry;
  entry.pool = pool;
  entry.scenario = scenario_id;
  entry.priority = kPriorityNames[priority];
  entry.samples = us.size();
  entry.p50_us = percentile(us, 50);
  entry.p90_us = percentile(us, 90);
  entry.p99_us = percentile(us, 99);
  entry.p999_us = percentile(us, 99.9);
  entry.max_us = percentile(us, 100);
  return entry;
}

// One sample: low_tasks LOW tasks, then one HIGH task, submitted by this
// thread into a fresh, idle 2-worker pool. Returns the HIGH task's queue
// wait. The pool is shut down before the tasks and their task_group go out
// of scope: the last completion still touches the group after the main
// thread may have seen the count complete.
bool high_behind_low_sample(const std::string &pool_name, size_t low_tasks, injected_fault fault,
                            double *wait_us, std::string *failure) {
  priority_counts counts;
  counts.high = 1;
  counts.low = low_tasks;
  std::vector<int32_t> priorities(low_tasks, 2);
  priorities.push_back(0);
  task_group group(2048);
  group.record_start_ticks = true;
  task_array tasks(priorities, &group);
  group.expected.store(tasks.size(), std::memory_order_release);

  pool_settings settings;
  settings.workers = 2;
  std::unique_ptr<peer_pool> pool = make_peer(pool_name, settings, failure);
  if (!pool) return false;
  if (!pool->wait_until_ready(30000)) {
    *failure = pool_name + ": not ready";
    return false;
  }
  for (size_t i = 0; i < tasks.size(); ++i) {
    task_record &record = tasks[i];
    record.submit_ticks = os::ticks();
    if (pool->submit(&record.task, record.priority)) record.accepted.fetch_add(1);
  }
  const bool finished = group.wait_all_finished(120000);
  const bool shut_down = pool->shutdown();
  pool.reset();
  if (!finished || !shut_down) {
    *failure = pool_name + ": HIGH-behind-LOW sample did not finish or shut down";
    return false;
  }
  validated_totals totals;
  if (!validate_tasks(tasks, 2048, counts, fault, &totals, failure)) return false;
  const task_record &high = tasks[tasks.size() - 1];
  *wait_us = ticks_to_us(static_cast<double>(high.start_ticks - high.submit_ticks));
  return true;
}

}  // namespace

bool run_latency_probe(const probe_options &options, run_report *report, std::string *failure) {
  nlohmann::json flood_results = nlohmann::json::array();
  for (const std::string &pool_name : options.pools) {
    if (pool_name == "thread_per_task") continue;
    scenario s;
    s.id = "throughput/w4/i2048/uniform";
    s.suite = "extended";
    s.kind = scenario_kind::throughput;
    s.pool = pool_name;
    s.workers = 4;
    s.producers = 1;
    s.iterations = 2048;
    s.mix = priority_mix::uniform;
    s.tasks = options.quick ? 600 : 12000;
    measurement m;
    wait_samples waits;
    if (!run_repetition(s, options.fault, &m, failure, &waits)) {
      *failure = pool_name + " latency run: " + *failure;
      return false;
    }
    for (int priority = 0; priority < 3; ++priority) {
      report->latency.push_back(
          percentiles(pool_name, s.id, priority, waits.by_priority[priority]));
    }

    const size_t low_tasks = options.quick ? 200 : 2000;
    const int samples = options.quick ? 3 : 10;
    std::vector<double> waits_us;
    for (int i = 0; i < samples; ++i) {
      double wait_us = 0;
      if (!high_behind_low_sample(pool_name, low_tasks, options.fault, &wait_us, failure)) {
        return false;
      }
      waits_us.push_back(wait_us);
    }
    flood_results.push_back(nlohmann::json{{"pool", pool_name},
                                           {"workers", 2},
                                           {"low_tasks_ahead", low_tasks},
                                           {"iterations", 2048},
                                           {"samples", samples},
                                           {"p50_us", finite(percentile(waits_us, 50))},
                                           {"max_us", finite(percentile(waits_us, 100))}});
  }
  report->extra["high_start_behind_low_flood"] = flood_results;
  return true;
}

}  // namespace bench
