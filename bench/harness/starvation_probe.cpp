// Starvation: LOW jobs submitted while a producer keeps the queue full of
// HIGH jobs. Without a bound they would wait until the HIGH stream stops; with
// tpool's starvation bound each must start within the bound plus a tolerance.
//
// Pass criterion (documented in docs/measurement-notes.md): the longest LOW
// wait <= bound + max(20 ms, bound / 2). The tolerance covers the job that is
// running when the bound expires and scheduler/timer granularity.
#include <algorithm>
#include <memory>

#include "peer_pool.h"
#include "platform/platform.h"
#include "probes.h"
#include "task_inputs.h"
#include "tpool_peer.h"
#include "workload.h"

namespace bench {
namespace {

// The HIGH stream: one shared job object submitted many times (every pool
// treats the context as opaque), counting its own runs.
struct stream_job {
  bench_job job;
  alignas(64) std::atomic<uint64_t> executed{0};
  alignas(64) std::atomic<uint64_t> finished{0};
  std::atomic<uint64_t> sink{0};
};

void run_stream(bench_job *job) {
  stream_job *stream = reinterpret_cast<stream_job *>(job);
  const uint64_t n = stream->executed.fetch_add(1, std::memory_order_relaxed);
  stream->sink.store(compute_checksum(n, 2048), std::memory_order_relaxed);
}

void finish_stream(bench_job *job, job_outcome outcome) {
  stream_job *stream = reinterpret_cast<stream_job *>(job);
  if (outcome == job_outcome::done) stream->finished.fetch_add(1, std::memory_order_release);
}

const job_kind kStreamKind{&run_stream, &finish_stream};

}  // namespace

bool run_starvation_probe(const probe_options &options, run_report *report, std::string *failure) {
  constexpr uint32_t kBoundMs = 100;
  constexpr uint32_t kLowJobs = 4;
  const uint64_t duration_ns = (options.quick ? 300u : 600u) * 1000000ull;

  pool_settings settings;
  settings.workers = 2;
  settings.starvation_bound_ms = kBoundMs;
  std::unique_ptr<peer_pool> pool = make_peer("tpool", settings, failure);
  if (!pool || !pool->wait_until_ready(30000)) {
    if (failure->empty()) *failure = "starvation probe: pool not ready";
    return false;
  }

  stream_job stream;
  stream.job.kind = &kStreamKind;
  run_context context(2048);
  context.record_start_ticks = true;
  task_array low_tasks(std::vector<int32_t>(kLowJobs, 2), &context);
  context.expected.store(kLowJobs, std::memory_order_release);

  uint64_t submitted = 0;
  uint64_t rejected = 0;
  uint32_t next_low = 0;
  const uint64_t start = platform::monotonic_ns();
  const uint64_t low_spacing = duration_ns / 6;
  for (;;) {
    const uint64_t now = platform::monotonic_ns();
    if (now - start >= duration_ns) break;
    if (next_low < kLowJobs && now - start >= next_low * low_spacing) {
      task_record &task = low_tasks[next_low++];
      task.submit_ticks = platform::ticks();
      if (pool->submit(&task.job, 2)) task.accepted.fetch_add(1);
    }
    // Keep about 20,000 HIGH jobs (tens of ms of work) queued: far more than the workers can run
    // before the bound, so only the bound can let a LOW job through.
    const uint64_t backlog = submitted - stream.finished.load(std::memory_order_acquire);
    if (backlog < 20000) {
      for (int i = 0; i < 1024; ++i) {
        if (pool->submit(&stream.job, 0)) {
          ++submitted;
        } else {
          ++rejected;
        }
      }
    } else {
      platform::yield_thread();
    }
  }
  const bool low_done = context.wait_all_finished(60000);
  pool->shutdown();
  const bool empty = pool->queue_empty();
  pool.reset();

  if (!low_done || !empty || rejected != 0) {
    *failure = "starvation probe: LOW jobs unfinished, queue not empty or submits rejected";
    return false;
  }
  if (stream.executed.load() != submitted || stream.finished.load() != submitted) {
    *failure = "starvation probe: HIGH stream lost or duplicated jobs";
    return false;
  }
  priority_counts counts;
  counts.low = kLowJobs;
  validated_totals totals;
  if (!validate_tasks(low_tasks, 2048, counts, options.fault, &totals, failure)) return false;

  nlohmann::json waits = nlohmann::json::array();
  double longest_ms = 0;
  for (size_t i = 0; i < low_tasks.size(); ++i) {
    const double ms = static_cast<double>(low_tasks[i].start_ticks - low_tasks[i].submit_ticks) *
                      1000.0 / static_cast<double>(platform::tick_frequency());
    waits.push_back(finite(ms));
    longest_ms = std::max(longest_ms, ms);
  }
  const double tolerance_ms = std::max(20.0, kBoundMs / 2.0);
  report->starvation = nlohmann::json{{"pool", "tpool"},
                                      {"workers", 2},
                                      {"bound_ms", kBoundMs},
                                      {"tolerance_ms", tolerance_ms},
                                      {"stream_ms", duration_ns / 1000000},
                                      {"high_jobs", submitted},
                                      {"low_jobs", kLowJobs},
                                      {"low_waits_ms", waits},
                                      {"longest_low_wait_ms", finite(longest_ms)},
                                      {"pass", longest_ms <= kBoundMs + tolerance_ms}};
  return true;
}

}  // namespace bench
