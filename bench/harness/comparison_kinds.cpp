// The comparison suite's kinds: one table entry and one runner each
// (comparison_suite.h says how to add one).
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "bench_os.h"
#include "comparison_suite.h"
#include "fork_join_workload.h"
#include "peer_pool.h"
#include "probes.h"
#include "reduce_workload.h"
#include "scenario.h"

namespace bench {
namespace {

constexpr uint64_t kMinTasks = 12000;
constexpr uint64_t kMaxTasks = 4000000;
constexpr uint64_t kQuickMinTasks = 600;
constexpr uint64_t kQuickMaxTasks = 12000;
constexpr unsigned kForkJoinLeaf = 2;

double seconds(uint64_t ticks) {
  return static_cast<double>(ticks) / static_cast<double>(os::tick_frequency());
}

bool contains(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// ---- tasks through the pool: throughput, many producers, batch ----------

calibration_rule task_rule(const comparison_cell &, const comparison_options &options) {
  calibration_rule rule;
  rule.target_ms = options.target_ms;
  rule.min_units = options.quick ? kQuickMinTasks : kMinTasks;
  rule.max_units = options.quick ? kQuickMaxTasks : kMaxTasks;
  rule.granule = kComparisonBlock;
  return rule;
}

std::vector<std::string> task_pools(const comparison_options &options) {
  std::vector<std::string> pools{"tpool"};
  for (const std::string &peer : options.peers) pools.push_back(peer);
  return pools;
}

bool run_tasks(const comparison_cell &cell, const std::string &pool, uint64_t units,
               injected_fault fault, comparison_sample *sample, std::string *failure) {
  scenario s;
  s.id = cell.id;
  s.suite = "comparison";
  s.kind = cell.producers > 1 ? scenario_kind::many_producers : scenario_kind::throughput;
  s.pool = pool;
  s.workers = cell.workers;
  s.producers = cell.producers;
  s.iterations = cell.iterations;
  s.mix = priority_mix::uniform;
  s.tasks = units;
  s.block_inputs = true;
  s.batch = cell.batch;
  measurement m;
  if (!run_repetition(s, fault, &m, failure)) return false;
  sample->ticks = m.ticks;
  sample->tasks = m.tasks;
  sample->totals = m.totals;
  sample->metric = m.ticks == 0 ? 0 : static_cast<double>(m.tasks) / seconds(m.ticks);
  return true;
}

std::string no_submission(const std::string &) {
  return "";
}

std::string one_by_one(const std::string &) {
  return "one by one";
}

std::string batch_submission(const std::string &pool) {
  std::string error;
  pool_settings settings;
  settings.workers = 1;
  std::unique_ptr<peer_pool> peer = make_peer(pool, settings, &error);
  const char *api = peer ? peer->batch_api() : nullptr;
  std::string said = api != nullptr ? api : "one by one";
  if (peer) peer->shutdown();
  return said;
}

// ---- HIGH behind a LOW flood ---------------------------------------------

calibration_rule fixed_rule(const comparison_cell &cell, const comparison_options &) {
  calibration_rule rule;
  rule.min_units = rule.max_units = std::max<uint64_t>(cell.low_tasks + cell.elements, 1);
  return rule;
}

bool run_high_behind_low(const comparison_cell &cell, const std::string &pool, uint64_t units,
                         injected_fault fault, comparison_sample *sample, std::string *failure) {
  // cell.trials fresh pools, every task of each validated; the repetition's
  // wait is their median (trials is odd, so the median is one trial's wait).
  std::vector<uint64_t> waits;
  *sample = comparison_sample{};
  for (uint32_t trial = 0; trial < std::max<uint32_t>(cell.trials, 1); ++trial) {
    high_behind_low_result result;
    if (!high_behind_low_sample(pool, cell.workers, static_cast<size_t>(units), cell.iterations,
                                fault, &result, failure)) {
      return false;
    }
    waits.push_back(result.wait_ticks);
    sample->tasks += result.tasks;
    sample->totals += result.totals;
  }
  std::nth_element(waits.begin(), waits.begin() + waits.size() / 2, waits.end());
  sample->ticks = waits[waits.size() / 2];
  sample->metric = seconds(sample->ticks) * 1e6;
  return true;
}

// ---- fork-join recursion (C++ layer) ---------------------------------------

// Tasks forked by one run: every call at or above the leaf forks one.
uint64_t forks(unsigned n) {
  if (n < kForkJoinLeaf) return 0;
  uint64_t a = 0;  // forks(k - 2)
  uint64_t b = 0;  // forks(k - 1)
  for (unsigned k = 0; k <= n; ++k) {
    const uint64_t here = k < kForkJoinLeaf ? 0 : 1 + a + b;
    a = b;
    b = here;
  }
  return b;
}

calibration_rule fork_join_rule(const comparison_cell &, const comparison_options &options) {
  calibration_rule rule;
  rule.target_ms = options.target_ms;
  rule.min_units = 1;
  rule.max_units = options.quick ? 4 : 1000;
  rule.granule = 1;
  return rule;
}

std::vector<std::string> fork_join_pools(const comparison_options &options) {
  // The naive pool deadlocks on a recursion that waits inside its workers.
  std::vector<std::string> pools;
  for (const std::string &name : available_fork_join_runners()) {
    if (name == "tpool" || (name == "tbb" && contains(options.peers, "tbb"))) pools.push_back(name);
  }
  return pools;
}

bool run_fork_join(const comparison_cell &cell, const std::string &pool, uint64_t units,
                   injected_fault fault, comparison_sample *sample, std::string *failure) {
  std::unique_ptr<fork_join_runner> runner = make_fork_join_runner(pool, cell.workers, failure);
  if (!runner) return false;
  const uint64_t expected = fibonacci(cell.fib_n);
  uint64_t wrong = 0;
  const uint64_t start = os::ticks();
  for (uint64_t run = 0; run < units; ++run) {
    uint64_t result = 0;
    if (!runner->run(cell.fib_n, kForkJoinLeaf, &result)) {
      *failure = pool + ": fork-join run failed";
      return false;
    }
    if (result != expected) ++wrong;
  }
  const uint64_t stop = os::ticks();
  runner.reset();
  if (fault == injected_fault::wrong_checksum) ++wrong;
  if (wrong != 0) {
    *failure = pool + ": " + std::to_string(wrong) + " fork-join run(s) failed validation";
    return false;
  }
  const uint64_t tasks = forks(cell.fib_n) * units;
  sample->ticks = stop - start;
  sample->tasks = tasks;
  sample->totals.accepted = sample->totals.executed = sample->totals.completed =
      sample->totals.succeeded = tasks;
  sample->metric = seconds(stop - start) * 1000.0 / static_cast<double>(units);
  return true;
}

// ---- parallel reduce (C++ layer) -------------------------------------------

std::vector<std::string> reduce_pools(const comparison_options &options) {
  std::vector<std::string> pools;
  for (const std::string &name : available_reduce_runners()) {
    if (name == "tpool" || name == "inline" || contains(options.peers, name)) {
      pools.push_back(name);
    }
  }
  return pools;
}

// The exact sum is as costly as an inline run: computed once per count.
uint64_t expected_sum(uint64_t count) {
  static std::mutex lock;
  static std::map<uint64_t, uint64_t> known;
  std::lock_guard<std::mutex> guard(lock);
  const auto found = known.find(count);
  if (found != known.end()) return found->second;
  return known[count] = reduce_expected(count);
}

bool run_reduce(const comparison_cell &cell, const std::string &pool, uint64_t units,
                injected_fault fault, comparison_sample *sample, std::string *failure) {
  const uint64_t expected = expected_sum(units);
  std::unique_ptr<reduce_runner> runner = make_reduce_runner(pool, cell.workers, failure);
  if (!runner) return false;
  uint64_t result = 0;
  const uint64_t start = os::ticks();
  const bool ran = runner->run(units, &result);
  const uint64_t stop = os::ticks();
  runner.reset();
  if (!ran) {
    *failure = pool + ": reduce run failed";
    return false;
  }
  if (result != expected || fault == injected_fault::wrong_checksum) {
    *failure = pool + ": reduce returned " + std::to_string(result) + ", expected " +
               std::to_string(expected) + " (failed validation)";
    return false;
  }
  sample->ticks = stop - start;
  sample->tasks = units;
  sample->totals.accepted = sample->totals.executed = sample->totals.completed =
      sample->totals.succeeded = units;
  sample->metric = seconds(stop - start) * 1000.0;
  return true;
}

}  // namespace

const comparison_kind kThroughputKind{"throughput", "tasks_per_s", "tasks/s",  true,          true,
                                      &task_rule,   &task_pools,   &run_tasks, &no_submission};
const comparison_kind kManyProducersKind{
    "many_producers", "tasks_per_s", "tasks/s",  true,          true,
    &task_rule,       &task_pools,   &run_tasks, &no_submission};
const comparison_kind kBatchKind{"batch",     "tasks_per_s", "tasks/s",
                                 true,        true,          &task_rule,
                                 &task_pools, &run_tasks,    &batch_submission};
const comparison_kind kHighBehindLowKind{
    "high_behind_low", "high_wait_us",       "us",       false, false, &fixed_rule,
    &task_pools,       &run_high_behind_low, &one_by_one};
const comparison_kind kForkJoinKind{
    "fork_join",     "ms_per_run",     "ms",           false,         true,
    &fork_join_rule, &fork_join_pools, &run_fork_join, &no_submission};
const comparison_kind kReduceKind{"reduce",    "ms_per_run",  "ms",        false,         false,
                                  &fixed_rule, &reduce_pools, &run_reduce, &no_submission};

}  // namespace bench
