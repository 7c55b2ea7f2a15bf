// tpool_client: submits a batch of sleeping jobs of mixed priorities to a
// tpool pool, shows live progress from a periodic status job (a timer),
// learns that the batch finished from an OS event it waits on through the
// pool (with a watchdog timeout), then reports the completion order per
// priority and the pool's diagnostics; then a job group fan-out/fan-in and
// a parallel loop on the same pool (fork_join_demo.h); and shuts down
// cleanly.
//
//   tpool_client            200 jobs of 5-20 ms on 4 workers
//   tpool_client --short    40 jobs of 1-3 ms (the ctest)
//
// Exit code 0 only if every job ran and completed exactly once with DONE.
// A demonstration, not a benchmark: bench measures performance.
#include <prioq/prioq.h>
#include <tpool/tpool.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "batch_signal.h"
#include "demo_jobs.h"
#include "fork_join_demo.h"
#include "progress_line.h"
#include "report.h"
#include "status_job.h"

namespace {

using namespace client_example;

// How long the batch may take before the wait's watchdog fires instead.
constexpr uint32_t kWatchdogMs = 120000;

bool check(tpool_status status, const char *what) {
  if (status == TPOOL_OK) return true;
  std::fprintf(stderr, "%s failed: %s\n", what, tpool_status_string(status));
  return false;
}

int usage() {
  std::fprintf(stderr, "usage: tpool_client [--short]\n");
  return 2;
}

int run(const demo_options &options) {
  // A header/DLL mismatch would make every struct_size below a lie: refuse early.
  if (tpool_version() != TPOOL_VERSION_HEX || prioq_version() != PRIOQ_VERSION_HEX) {
    std::fprintf(
        stderr,
        "DLL version mismatch: tpool 0x%06x (header 0x%06x), prioq 0x%06x (header 0x%06x)\n",
        tpool_version(), TPOOL_VERSION_HEX, prioq_version(), PRIOQ_VERSION_HEX);
    return 1;
  }
  std::printf("tpool %06x, prioq %06x: %d jobs of %d-%d ms on %u workers\n", tpool_version(),
              prioq_version(), options.job_count, options.min_sleep_ms, options.max_sleep_ms,
              options.workers);

  tpool_config config;
  if (!check(tpool_config_init(&config), "tpool_config_init")) return 1;
  config.min_workers = options.workers;
  config.max_workers = options.workers;
  config.thread_name_prefix = "client";
  tpool_pool *pool = nullptr;
  if (!check(tpool_create(&config, &pool), "tpool_create")) return 1;

  // The last completion signals the event; a wait on it reports the end.
  batch_signal finished;
  completion_log log;
  log.expected = options.job_count;
  log.on_last = &batch_signal::signal;
  log.on_last_context = &finished;
  std::vector<demo_job> jobs = plan_demo_jobs(options, &log);
  progress_line progress(options.job_count);
  status_job status;
  bool ok = status.start(pool, options.status_period_ms, &progress, &log);
  const bool watching = finished.watch(pool, kWatchdogMs);
  ok = watching && ok;
  for (demo_job &job : jobs) {
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = job.priority;
    desc.fn = run_demo_job;
    desc.context = &job;
    desc.on_complete = record_demo_completion;
    if (!check(tpool_submit_ex(pool, &desc, nullptr), "tpool_submit_ex")) {
      ok = false;
      break;
    }
  }

  if (ok) {
    const tpool_object_wait_result why = finished.wait_for_report();
    if (why != TPOOL_OBJECT_WAIT_SIGNALLED) {
      std::fprintf(stderr, "the batch did not finish within %u ms\n", kWatchdogMs);
      ok = false;
    }
  }
  ok = check(tpool_wait_idle(pool, TPOOL_INFINITE), "tpool_wait_idle") && ok;
  // From here the progress line is this thread's again.
  status.stop();
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  if (tpool_get_stats(pool, &stats) == TPOOL_OK) {
    progress.finish(stats, static_cast<uint64_t>(log.next_rank.load()));
  }

  if (ok) print_completion_order(jobs);
  print_pool_diagnostics(pool);
  // The pool is idle and the status timer gone: these counters are final
  // for the demo jobs and the status and batch-signal instances, the only
  // jobs so far.
  ok = check(tpool_get_stats(pool, &stats), "tpool_get_stats") && ok;
  background_jobs background;
  background.done[TPOOL_PRIORITY_HIGH] = status.done() + finished.done();
  background.cancelled[TPOOL_PRIORITY_HIGH] = status.cancelled();
  ok = verify_exactly_once(jobs, stats, background) && ok;
  std::printf("\n");
  ok = run_fork_join_demos(pool, options.job_count <= 40) && ok;
  ok = check(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 10000), "tpool_shutdown") && ok;
  ok = check(tpool_destroy(pool), "tpool_destroy") && ok;

  std::printf("\n%s\n",
              ok ? "OK: every job ran and completed exactly once; the pool shut down cleanly."
                 : "FAILED: see the problems above.");
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  demo_options options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--short") == 0) {
      options.job_count = 40;
      options.min_sleep_ms = 1;
      options.max_sleep_ms = 3;
      options.status_period_ms = 5;
    } else {
      return usage();
    }
  }
  try {
    return run(options);
  } catch (...) {
    std::fprintf(stderr, "unexpected exception\n");
    return 1;
  }
}
