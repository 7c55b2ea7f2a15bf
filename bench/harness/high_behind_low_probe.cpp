// HIGH behind a LOW flood: how long one HIGH task waits when it arrives
// behind a queue of LOW tasks. For a pool that honours priorities it starts
// as soon as a worker finishes its current task; for a FIFO pool it waits
// for the whole flood, which is what having no priorities costs.
#include <memory>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "stats.h"

namespace bench {
namespace {

constexpr uint32_t kWorkers = 2;
constexpr uint32_t kIterations = 2048;

double ticks_to_us(double ticks) {
  return ticks * 1e6 / static_cast<double>(os::tick_frequency());
}

// One sample: low_tasks LOW tasks, then one HIGH task, submitted by this
// thread into a fresh, idle pool. Returns the HIGH task's start - submit.
// The pool is shut down before the tasks and their task_group go out of
// scope: the last completion still touches the group after the main thread
// may have seen the count complete.
bool high_behind_low_sample(const std::string &pool_name, size_t low_tasks, injected_fault fault,
                            double *wait_us, std::string *failure) {
  priority_counts counts;
  counts.high = 1;
  counts.low = low_tasks;
  std::vector<int32_t> priorities(low_tasks, 2);
  priorities.push_back(0);
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
  for (size_t i = 0; i < tasks.size(); ++i) {
    task_record &record = tasks[i];
    record.submit_ticks = os::ticks();
    if (pool->submit(&record.task, record.priority)) record.accepted.fetch_add(1);
  }
  const bool finished = group.wait_all_finished(120000);
  const bool shut_down = pool->shutdown();
  const bool empty = pool->queue_empty();
  pool.reset();
  if (!finished || !shut_down || !empty) {
    *failure = pool_name + ": HIGH-behind-LOW sample did not finish, shut down or drain";
    return false;
  }
  validated_totals totals;
  if (!validate_tasks(tasks, kIterations, counts, fault, &totals, failure)) return false;
  const task_record &high = tasks[tasks.size() - 1];
  *wait_us = ticks_to_us(static_cast<double>(high.start_ticks - high.submit_ticks));
  return true;
}

}  // namespace

bool run_high_behind_low_probe(const probe_options &options, run_report *report,
                               std::string *failure) {
  nlohmann::json results = nlohmann::json::array();
  const size_t low_tasks = options.quick ? 200 : 2000;
  const int samples = options.quick ? 3 : 10;
  for (const std::string &pool_name : options.pools) {
    std::vector<double> waits_us;
    for (int i = 0; i < samples; ++i) {
      double wait_us = 0;
      if (!high_behind_low_sample(pool_name, low_tasks, options.fault, &wait_us, failure)) {
        return false;
      }
      waits_us.push_back(wait_us);
    }
    results.push_back(nlohmann::json{{"pool", pool_name},
                                     {"workers", kWorkers},
                                     {"low_tasks_ahead", low_tasks},
                                     {"iterations", kIterations},
                                     {"samples", samples},
                                     {"p50_us", finite(percentile(waits_us, 50))},
                                     {"max_us", finite(percentile(waits_us, 100))}});
  }
  report->extra["high_start_behind_low_flood"] = results;
  return true;
}

}  // namespace bench
