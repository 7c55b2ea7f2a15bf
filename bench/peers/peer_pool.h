// One small interface in front of every pool the benchmark compares.
//
// The harness hands each pool the same task records and observes the same
// completion path, so the only thing that differs between two rows of the
// same scenario is the pool. Every task starts with a bench_task header whose
// kind says how to run it and how to report its outcome; pools call
// kind->run and then kind->finish exactly once (tpool reports the outcome
// through its own completion callback instead).
//
// Thread-safety: submit and submit_batch may be called from many producer
// threads at once. create, wait_until_ready, shutdown and the destructor are
// called from one thread, with no submit running.
#ifndef TPOOL_BENCH_PEERS_PEER_POOL_H
#define TPOOL_BENCH_PEERS_PEER_POOL_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bench {

enum class task_outcome { done, cancelled, failed };

struct bench_task;

// Shared by every task of one run. Both functions must be safe to call from
// any thread.
struct task_kind {
  void (*run)(bench_task *task);
  void (*finish)(bench_task *task, task_outcome outcome);
};

struct bench_task {
  const task_kind *kind;
};

struct pool_settings {
  uint32_t workers = 1;
  // Above workers: the pool may grow up to this many (tpool only; 0 = workers).
  uint32_t max_workers = 0;
  uint32_t idle_timeout_ms = 10000;
  // tpool's starvation bound; 0 disables it. Other pools ignore it.
  uint32_t starvation_bound_ms = 100;
};

class peer_pool {
 public:
  virtual ~peer_pool() = default;

  // Stable short name used in the CSV `pool` column.
  virtual const char *name() const = 0;

  // Blocks until every worker exists and waits for work, or timeout_ms
  // elapses (returns false).
  virtual bool wait_until_ready(uint32_t timeout_ms) = 0;

  // Queues one task. priority is 0 (HIGH), 1 (MEDIUM) or 2 (LOW). Returns
  // false if the pool refused it (the task will then never run).
  virtual bool submit(bench_task *task, int32_t priority) = 0;

  // Queues count tasks. The default submits one by one; pools with a native
  // batch call override it. Returns the number accepted.
  virtual size_t submit_batch(bench_task *const *tasks, const int32_t *priorities, size_t count);

  // The pool's own batch call behind submit_batch ("tpool_submit_batch"), or
  // null when submit_batch submits one by one (the default).
  virtual const char *batch_api() const { return nullptr; }

  // Runs every queued task, stops and joins the workers. Idempotent. Returns
  // false if the pool reported an error.
  virtual bool shutdown() = 0;

  // After shutdown: true if the pool holds no queued task.
  virtual bool queue_empty() const = 0;

  // True if the pool runs queued HIGH tasks before MEDIUM before LOW.
  // Recorded in benchmarks.json (methodology.honours_priorities).
  virtual bool honours_priorities() const { return true; }
};

// Creates the pool called name ("tpool", "baseline", "naive", "asio",
// "moodycamel", "win32_tp", "tbb", "thread_per_task"). Returns null and sets *error when the name
// is unknown, not built on this platform, or the pool failed to start.
std::unique_ptr<peer_pool> make_peer(const std::string &name, const pool_settings &settings,
                                     std::string *error);

// The pools built into this binary, in the order they are reported.
std::vector<std::string> available_peers();

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_PEER_POOL_H
