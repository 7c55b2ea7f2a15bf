#include "demo_jobs.h"

#include <chrono>
#include <thread>
#include <utility>

namespace client_example {

std::vector<demo_job> plan_demo_jobs(const demo_options &options, completion_log *log) {
  std::vector<demo_job> jobs(static_cast<size_t>(options.job_count));
  const int high = options.job_count / 4;
  const int medium = options.job_count / 4;
  // A small LCG keeps the demonstration identical from run to run.
  uint64_t state = 0x5eed1234u;
  auto next = [&state]() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(state >> 33);
  };
  const int sleep_span = options.max_sleep_ms - options.min_sleep_ms + 1;
  for (int i = 0; i < options.job_count; ++i) {
    demo_job &job = jobs[static_cast<size_t>(i)];
    job.index = i;
    job.priority = i < high ? TPOOL_PRIORITY_HIGH
                            : (i < high + medium ? TPOOL_PRIORITY_MEDIUM : TPOOL_PRIORITY_LOW);
    job.sleep_ms =
        options.min_sleep_ms + static_cast<int>(next() % static_cast<uint32_t>(sleep_span));
    job.log = log;
  }
  // Fisher-Yates over the priorities only, so indexes stay in submission order.
  for (int i = options.job_count - 1; i > 0; --i) {
    const int j = static_cast<int>(next() % static_cast<uint32_t>(i + 1));
    std::swap(jobs[static_cast<size_t>(i)].priority, jobs[static_cast<size_t>(j)].priority);
  }
  return jobs;
}

void TPOOL_CALL run_demo_job(void *context, tpool_job_info * /*info*/) {
  try {
    auto *job = static_cast<demo_job *>(context);
    job->runs.fetch_add(1, std::memory_order_relaxed);
    std::this_thread::sleep_for(std::chrono::milliseconds(job->sleep_ms));
  } catch (...) {
    // Nothing here throws in practice; an exception must still never reach the pool.
  }
}

void TPOOL_CALL record_demo_completion(void *context, tpool_job_state outcome) {
  auto *job = static_cast<demo_job *>(context);
  job->outcome.store(static_cast<int>(outcome), std::memory_order_relaxed);
  completion_log *log = job->log;
  const int64_t rank = log->next_rank.fetch_add(1, std::memory_order_relaxed);
  job->finish_rank.store(rank, std::memory_order_relaxed);
  // Last: the main thread treats completions == 1 as "everything above is written".
  job->completions.fetch_add(1, std::memory_order_release);
  if (rank + 1 == log->expected && log->on_last != nullptr) log->on_last(log->on_last_context);
}

const char *priority_name(int32_t priority) {
  switch (priority) {
    case TPOOL_PRIORITY_HIGH:
      return "HIGH";
    case TPOOL_PRIORITY_MEDIUM:
      return "MEDIUM";
    case TPOOL_PRIORITY_LOW:
      return "LOW";
    default:
      return "?";
  }
}

char priority_letter(int32_t priority) {
  return priority_name(priority)[0];
}

}  // namespace client_example
