// Throughput and many-producer repetitions.
//
// Timed boundary: from just before the producers are released until every
// producer was joined and the main thread observed the last completion.
// Excluded: input creation, pool and producer creation, the readiness wait,
// shutdown and validation.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <system_error>
#include <thread>
#include <vector>

#include "bench_os.h"
#include "peer_pool.h"
#include "scenario.h"

namespace bench {
namespace {

constexpr uint32_t kReadyTimeoutMs = 30000;
constexpr uint32_t kCompletionTimeoutMs = 120000;

// Producers park on `open` with an address wait, not a condition variable:
// the release is inside the timed interval, and one wake of every waiter on
// a futex (WaitOnAddress on Windows) is all it costs there.
struct producer_gate {
  std::atomic<uint32_t> open{0};
  std::atomic<uint32_t> ready{0};
};

struct producer_args {
  peer_pool *pool = nullptr;
  task_array *tasks = nullptr;
  producer_gate *gate = nullptr;
  size_t first = 0;
  size_t stride = 1;
  uint32_t batch = 0;     // 0: one submit per task
  uint64_t rejected = 0;  // written by the producer, read after its join
  bool partial = false;   // a batch call accepted some but not all of a chunk
};

// Submits [first, end) in chunks of args.batch through submit_batch (one
// producer: stride 1). A chunk is accepted whole or not at all; a pool that
// accepts part of one cannot say which tasks it took, so that fails the run.
void submit_in_batches(producer_args &args) {
  task_array &tasks = *args.tasks;
  std::vector<bench_task *> chunk;
  std::vector<int32_t> priorities;
  chunk.reserve(args.batch);
  priorities.reserve(args.batch);
  for (size_t i = args.first; i < tasks.size(); i += args.batch) {
    const size_t end = std::min(tasks.size(), i + args.batch);
    chunk.clear();
    priorities.clear();
    for (size_t k = i; k < end; ++k) {
      chunk.push_back(&tasks[k].task);
      priorities.push_back(tasks[k].priority);
      tasks[k].accepted.store(1, std::memory_order_relaxed);  // before: see submit_task
    }
    const size_t accepted = args.pool->submit_batch(chunk.data(), priorities.data(), chunk.size());
    if (accepted != chunk.size()) {
      for (size_t k = i; k < end; ++k) tasks[k].accepted.store(0, std::memory_order_relaxed);
      args.rejected += chunk.size() - accepted;
      if (accepted != 0) args.partial = true;
    }
  }
}

void producer_main(producer_args &args) {
  args.gate->ready.fetch_add(1, std::memory_order_acq_rel);
  while (args.gate->open.load(std::memory_order_acquire) == 0) {
    os::wait_on_address(args.gate->open, 0, os::kInfinite);
  }
  if (args.batch != 0) {
    submit_in_batches(args);
    return;
  }
  task_array &tasks = *args.tasks;
  for (size_t i = args.first; i < tasks.size(); i += args.stride) {
    task_record &record = tasks[i];
    if (!submit_task(*args.pool, record, record.priority)) ++args.rejected;
  }
}

}  // namespace

bool run_throughput(const scenario &s, injected_fault fault, measurement *result,
                    std::string *failure) {
  const priority_counts counts = counts_for(s.mix, s.tasks);
  task_group group(s.iterations);
  task_array tasks(
      s.block_inputs ? block_shuffled_priorities(s.tasks) : shuffled_priorities(counts), &group);
  group.expected.store(tasks.size(), std::memory_order_release);

  pool_settings settings;
  settings.workers = s.workers;
  std::unique_ptr<peer_pool> pool = make_peer(s.pool, settings, failure);
  if (!pool) return false;

  producer_gate gate;
  std::vector<producer_args> args(s.producers);
  std::vector<std::thread> producers;
  producers.reserve(s.producers);
  bool started = true;
  for (uint32_t p = 0; p < s.producers; ++p) {
    args[p].pool = pool.get();
    args[p].tasks = &tasks;
    args[p].gate = &gate;
    args[p].first = p;
    args[p].stride = s.producers;
    args[p].batch = s.producers == 1 ? s.batch : 0;
    try {
      producers.emplace_back(&producer_main, std::ref(args[p]));
    } catch (const std::system_error &) {
      started = false;
      break;
    }
  }
  while (gate.ready.load(std::memory_order_acquire) < producers.size()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const bool ready = started && pool->wait_until_ready(kReadyTimeoutMs);
  if (!ready) {
    // Release the producers with nothing to do and clean up before failing.
    for (producer_args &producer : args) producer.first = tasks.size();
  }

  const uint64_t start = os::ticks();
  gate.open.store(1, std::memory_order_release);
  os::wake_all(gate.open);
  uint64_t rejected = 0;
  bool partial = false;
  for (size_t p = 0; p < producers.size(); ++p) {
    producers[p].join();
    rejected += args[p].rejected;
    partial = partial || args[p].partial;
  }
  if (rejected != 0) {
    group.expected.store(tasks.size() - rejected, std::memory_order_release);
  }
  const bool finished = ready && group.wait_all_finished(kCompletionTimeoutMs);
  const uint64_t stop = os::ticks();

  const bool shut_down = pool->shutdown();
  const bool empty = pool->queue_empty();
  pool.reset();

  if (!started) {
    *failure = "could not start the producer threads";
    return false;
  }
  if (!ready) {
    *failure = "the pool's workers did not become ready";
    return false;
  }
  if (!finished) {
    *failure = "timed out waiting for the last completion";
    return false;
  }
  if (partial) {
    *failure = "a batch submit accepted part of a chunk";
    return false;
  }
  if (!shut_down || !empty) {
    *failure = !shut_down ? "pool shutdown reported an error" : "pool queue not empty after join";
    return false;
  }
  validated_totals totals;
  if (!validate_tasks(tasks, s.iterations, counts, fault, &totals, failure)) return false;
  result->ticks = stop - start;
  result->tasks = tasks.size();
  result->totals = totals;
  return true;
}

}  // namespace bench
