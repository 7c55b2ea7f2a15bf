// HIGH behind a LOW flood: how long one HIGH task waits when it arrives
// behind a queue of LOW tasks. For a pool that honours priorities it starts
// as soon as a worker finishes its current task; for a FIFO pool it waits
// for the whole flood, which is what having no priorities costs. One sample
// per call; the comparison suite's cmp/high-behind-low cell repeats it.
#include <memory>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "stats.h"

namespace bench {

// The pool is shut down before the tasks and their task_group go out of
// scope: the last completion still touches the group after the main thread
// may have seen the count complete.
bool high_behind_low_sample(const std::string &pool_name, uint32_t workers, size_t low_tasks,
                            uint32_t iterations, injected_fault fault,
                            high_behind_low_result *result, std::string *failure) {
  priority_counts counts;
  counts.high = 1;
  counts.low = low_tasks;
  std::vector<int32_t> priorities(low_tasks, 2);
  priorities.push_back(0);
  task_group group(iterations);
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
  for (size_t i = 0; i < tasks.size(); ++i) {
    task_record &record = tasks[i];
    record.submit_ticks = os::ticks();
    submit_task(*pool, record, record.priority);
  }
  const bool finished = group.wait_all_finished(120000);
  const bool shut_down = pool->shutdown();
  const bool empty = pool->queue_empty();
  pool.reset();
  if (!finished || !shut_down || !empty) {
    *failure = pool_name + ": HIGH-behind-LOW sample did not finish, shut down or drain";
    return false;
  }
  if (!validate_tasks(tasks, iterations, counts, fault, &result->totals, failure)) return false;
  const task_record &high = tasks[tasks.size() - 1];
  result->wait_ticks =
      high.start_ticks > high.submit_ticks ? high.start_ticks - high.submit_ticks : 0;
  result->tasks = tasks.size();
  return true;
}

}  // namespace bench
