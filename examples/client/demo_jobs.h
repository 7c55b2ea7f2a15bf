// The demonstration's jobs: a fixed plan of priorities and sleep times, the
// job body, and the completion log that records the order jobs finished in.
#ifndef TPOOL_EXAMPLES_CLIENT_DEMO_JOBS_H
#define TPOOL_EXAMPLES_CLIENT_DEMO_JOBS_H

#include <tpool/tpool.h>

#include <atomic>
#include <cstdint>
#include <vector>

namespace client_example {

struct demo_options {
  int job_count = 200;
  int min_sleep_ms = 5;
  int max_sleep_ms = 20;
  uint32_t workers = 4;
  uint32_t status_period_ms = 100;  // the periodic status job
};

// Finish ranks are handed out in the order completion callbacks run. The
// completion that takes rank expected - 1 (the last) calls on_last.
struct completion_log {
  std::atomic<int64_t> next_rank{0};
  int64_t expected = 0;
  void (*on_last)(void *context) = nullptr;
  void *on_last_context = nullptr;
};

// One planned job. Fields are written before submission and only read by
// the job afterwards, except the atomics, which the pool's threads update.
struct demo_job {
  int index = 0;
  int32_t priority = TPOOL_PRIORITY_MEDIUM;
  int sleep_ms = 0;
  std::atomic<int> runs{0};
  std::atomic<int> completions{0};
  std::atomic<int> outcome{-1};
  std::atomic<int64_t> finish_rank{-1};
  completion_log *log = nullptr;
};

// Builds job_count jobs: a quarter HIGH, a quarter MEDIUM, half LOW, in a
// deterministic shuffled order with sleeps in [min_sleep_ms, max_sleep_ms].
// Returned by value in a vector that must not be resized once jobs are
// submitted (the pool holds pointers into it).
std::vector<demo_job> plan_demo_jobs(const demo_options &options, completion_log *log);

// tpool_job_fn: sleeps for the job's planned time. Never throws.
void TPOOL_CALL run_demo_job(void *context, tpool_job_info *info);

// tpool_completion_fn: records the outcome and the finish rank. Never throws.
void TPOOL_CALL record_demo_completion(void *context, tpool_job_state outcome);

const char *priority_name(int32_t priority);
char priority_letter(int32_t priority);

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_DEMO_JOBS_H
