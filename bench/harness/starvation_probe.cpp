// Starvation: LOW tasks submitted while a producer keeps the queue full of
// HIGH tasks. Without a bound they would wait until the HIGH stream stops;
// with tpool's starvation bound each must start within the bound plus a
// tolerance.
//
// Pass criterion (documented in docs/measurement-notes.md): the longest LOW
// wait <= bound + max(20 ms, bound / 2). The tolerance covers the task that
// is running when the bound expires and scheduler/timer granularity.
#include <algorithm>
#include <memory>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "task_inputs.h"
#include "tpool_peer.h"
#include "workload.h"

namespace bench {
namespace {

// The HIGH stream: one shared task object submitted many times (every pool
// treats the context as opaque), counting its own runs.
struct stream_task {
  bench_task task;
  alignas(64) std::atomic<uint64_t> executed{0};
  alignas(64) std::atomic<uint64_t> finished{0};
  std::atomic<uint64_t> sink{0};
};

void run_stream(bench_task *task) {
  stream_task *stream = reinterpret_cast<stream_task *>(task);
  const uint64_t n = stream->executed.fetch_add(1, std::memory_order_relaxed);
  stream->sink.store(compute_checksum(n, 2048), std::memory_order_relaxed);
}

void finish_stream(bench_task *task, task_outcome outcome) {
  stream_task *stream = reinterpret_cast<stream_task *>(task);
  if (outcome == task_outcome::done) stream->finished.fetch_add(1, std::memory_order_release);
}

const task_kind kStreamKind{&run_stream, &finish_stream};

}  // namespace

bool run_starvation_probe(const probe_options &options, run_report *report, std::string *failure) {
  constexpr uint32_t kBoundMs = 100;
  constexpr uint32_t kLowTasks = 4;
  const uint64_t duration_ns = (options.quick ? 300u : 600u) * 1000000ull;

  pool_settings settings;
  settings.workers = 2;
  settings.starvation_bound_ms = kBoundMs;
  std::unique_ptr<peer_pool> pool = make_peer("tpool", settings, failure);
  if (!pool || !pool->wait_until_ready(30000)) {
    if (failure->empty()) *failure = "starvation probe: pool not ready";
    return false;
  }

  stream_task stream;
  stream.task.kind = &kStreamKind;
  task_group group(2048);
  group.record_start_ticks = true;
  task_array low_tasks(std::vector<int32_t>(kLowTasks, 2), &group);
  group.expected.store(kLowTasks, std::memory_order_release);

  uint64_t submitted = 0;
  uint64_t rejected = 0;
  uint32_t next_low = 0;
  const uint64_t start = os::monotonic_ns();
  const uint64_t low_spacing = duration_ns / 6;
  for (;;) {
    const uint64_t now = os::monotonic_ns();
    if (now - start >= duration_ns) break;
    if (next_low < kLowTasks && now - start >= next_low * low_spacing) {
      task_record &record = low_tasks[next_low++];
      record.submit_ticks = os::ticks();
      submit_task(*pool, record, 2);
    }
    // Keep about 20,000 HIGH tasks (tens of ms of work) queued: far more than the workers can
    // run before the bound, so only the bound can let a LOW task through.
    const uint64_t backlog = submitted - stream.finished.load(std::memory_order_acquire);
    if (backlog < 20000) {
      for (int i = 0; i < 1024; ++i) {
        if (pool->submit(&stream.task, 0)) {
          ++submitted;
        } else {
          ++rejected;
        }
      }
    } else {
      os::yield_thread();
    }
  }
  const bool low_done = group.wait_all_finished(60000);
  pool->shutdown();
  const bool empty = pool->queue_empty();
  pool.reset();

  if (!low_done || !empty || rejected != 0) {
    *failure = "starvation probe: LOW tasks unfinished, queue not empty or submits rejected";
    return false;
  }
  if (stream.executed.load() != submitted || stream.finished.load() != submitted) {
    *failure = "starvation probe: HIGH stream lost or duplicated tasks";
    return false;
  }
  priority_counts counts;
  counts.low = kLowTasks;
  validated_totals totals;
  if (!validate_tasks(low_tasks, 2048, counts, options.fault, &totals, failure)) return false;

  nlohmann::json waits = nlohmann::json::array();
  double longest_ms = 0;
  for (size_t i = 0; i < low_tasks.size(); ++i) {
    const double ms = static_cast<double>(low_tasks[i].start_ticks - low_tasks[i].submit_ticks) *
                      1000.0 / static_cast<double>(os::tick_frequency());
    waits.push_back(finite(ms));
    longest_ms = std::max(longest_ms, ms);
  }
  const double tolerance_ms = std::max(20.0, kBoundMs / 2.0);
  report->starvation = nlohmann::json{{"pool", "tpool"},
                                      {"workers", 2},
                                      {"bound_ms", kBoundMs},
                                      {"tolerance_ms", tolerance_ms},
                                      {"stream_ms", duration_ns / 1000000},
                                      {"high_tasks", submitted},
                                      {"low_tasks", kLowTasks},
                                      {"low_waits_ms", waits},
                                      {"longest_low_wait_ms", finite(longest_ms)},
                                      {"pass", longest_ms <= kBoundMs + tolerance_ms}};
  return true;
}

}  // namespace bench
