#include "report.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace client_example {

namespace {

unsigned long long as_ull(uint64_t value) {
  return static_cast<unsigned long long>(value);
}

}  // namespace

void print_completion_order(const std::vector<demo_job> &jobs) {
  std::vector<const demo_job *> by_rank;
  by_rank.reserve(jobs.size());
  for (const demo_job &job : jobs) by_rank.push_back(&job);
  std::sort(by_rank.begin(), by_rank.end(), [](const demo_job *a, const demo_job *b) {
    return a->finish_rank.load() < b->finish_rank.load();
  });

  std::printf(
      "\nCompletion order (H = HIGH, M = MEDIUM, L = LOW; submission order was shuffled):\n");
  std::string line;
  for (const demo_job *job : by_rank) {
    line += priority_letter(job->priority);
    if (line.size() == 50) {
      std::printf("  %s\n", line.c_str());
      line.clear();
    }
  }
  if (!line.empty()) std::printf("  %s\n", line.c_str());

  std::printf("\n%-7s %5s %12s %11s %11s\n", "prio", "jobs", "mean finish", "first", "last");
  for (int32_t priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    long long count = 0;
    long long sum = 0;
    long long first = -1;
    long long last = -1;
    for (const demo_job &job : jobs) {
      if (job.priority != priority) continue;
      const long long rank = static_cast<long long>(job.finish_rank.load()) + 1;  // 1-based
      ++count;
      sum += rank;
      if (first < 0 || rank < first) first = rank;
      if (rank > last) last = rank;
    }
    if (count == 0) continue;
    std::printf("%-7s %5lld %12.1f %11lld %11lld\n", priority_name(priority), count,
                static_cast<double>(sum) / static_cast<double>(count), first, last);
  }
}

void print_pool_diagnostics(const tpool_pool *pool) {
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  const tpool_status status = tpool_get_stats(pool, &stats);
  if (status != TPOOL_OK) {
    std::printf("tpool_get_stats failed: %s\n", tpool_status_string(status));
    return;
  }
  std::printf("\nPool diagnostics (tpool_get_stats):\n");
  std::printf("  workers: live %u, idle %u, peak %u, min %u, max %u, grown %llu, reaped %llu\n",
              stats.workers_live, stats.workers_idle, stats.workers_peak, stats.workers_min,
              stats.workers_max, as_ull(stats.workers_grown), as_ull(stats.workers_reaped));
  std::printf("  %-7s %9s %9s %9s %9s %9s %9s %14s %13s\n", "prio", "queued", "submitted",
              "started", "done", "cancelled", "failed", "mean wait ms", "max wait ms");
  for (int32_t priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    const tpool_priority_stats &p = stats.priority[priority];
    const double mean_wait_ms = p.started > 0 ? static_cast<double>(p.queue_wait_ns_total) /
                                                    static_cast<double>(p.started) / 1e6
                                              : 0.0;
    std::printf("  %-7s %9llu %9llu %9llu %9llu %9llu %9llu %14.2f %13.2f\n",
                priority_name(priority), as_ull(p.queued), as_ull(p.submitted), as_ull(p.started),
                as_ull(p.done), as_ull(p.cancelled), as_ull(p.failed), mean_wait_ms,
                static_cast<double>(p.queue_wait_ns_max) / 1e6);
  }

  tpool_worker_stats workers[64];
  workers[0].struct_size = sizeof(tpool_worker_stats);
  size_t count = 0;
  if (tpool_get_worker_stats(pool, workers, 64, &count) == TPOOL_OK) {
    std::printf("  per worker (tpool_get_worker_stats):\n");
    for (size_t i = 0; i < count; ++i) {
      std::printf("    worker %u: %s, jobs %llu, busy %.1f ms, idle %.1f ms\n",
                  workers[i].worker_index, workers[i].live ? "live" : "exited",
                  as_ull(workers[i].jobs_run), static_cast<double>(workers[i].busy_ns) / 1e6,
                  static_cast<double>(workers[i].idle_ns) / 1e6);
    }
  }
}

bool verify_exactly_once(const std::vector<demo_job> &jobs, const tpool_stats &stats,
                         const background_jobs &background) {
  bool ok = true;
  uint64_t planned[TPOOL_PRIORITY_COUNT] = {};
  for (const demo_job &job : jobs) {
    ++planned[job.priority];
    const int runs = job.runs.load();
    const int completions = job.completions.load(std::memory_order_acquire);
    const int outcome = job.outcome.load();
    if (runs != 1 || completions != 1 || outcome != TPOOL_JOB_DONE) {
      std::printf(
          "PROBLEM: job %d (%s) ran %d time(s), completed %d time(s), outcome %s\n", job.index,
          priority_name(job.priority), runs, completions,
          outcome < 0 ? "none" : tpool_job_state_string(static_cast<tpool_job_state>(outcome)));
      ok = false;
    }
  }
  for (int32_t priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    const tpool_priority_stats &p = stats.priority[priority];
    const uint64_t done = planned[priority] + background.done[priority];
    const uint64_t cancelled = background.cancelled[priority];
    if (p.submitted != done + cancelled || p.done != done || p.cancelled != cancelled ||
        p.failed != 0 || p.queued != 0) {
      std::printf(
          "PROBLEM: %s counters: submitted %llu, done %llu, cancelled %llu, failed %llu, "
          "queued %llu; planned %llu, timers and waits %llu done and %llu cancelled\n",
          priority_name(priority), as_ull(p.submitted), as_ull(p.done), as_ull(p.cancelled),
          as_ull(p.failed), as_ull(p.queued), as_ull(planned[priority]),
          as_ull(background.done[priority]), as_ull(cancelled));
      ok = false;
    }
  }
  return ok;
}

}  // namespace client_example
