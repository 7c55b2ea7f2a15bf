// The periodic status job: a FIXED_RATE timer at HIGH priority whose
// instances print the progress line from a stats snapshot while the batch
// runs, instead of a thread of the application polling the pool.
#ifndef TPOOL_EXAMPLES_CLIENT_STATUS_JOB_H
#define TPOOL_EXAMPLES_CLIENT_STATUS_JOB_H

#include <tpool/tpool.h>

#include <atomic>
#include <cstdint>

#include "demo_jobs.h"
#include "progress_line.h"

namespace client_example {

class status_job {
 public:
  status_job() = default;
  status_job(const status_job &) = delete;
  status_job &operator=(const status_job &) = delete;
  ~status_job() { stop(); }

  // Starts the timer: an update every period_ms, counting the jobs log has
  // seen finish. progress and log must outlive stop(). False (with a
  // message) if tpool refused.
  bool start(tpool_pool *pool, uint32_t period_ms, progress_line *progress,
             const completion_log *log);
  // Cancels the timer and waits for a running update; from then on
  // progress is the caller's again. Idempotent.
  void stop();

  // Instances that ran (DONE) and that stop() found queued (CANCELLED):
  // they count in the pool's statistics. Read after stop().
  uint64_t done() const { return done_.load(); }
  uint64_t cancelled() const { return cancelled_.load(); }

 private:
  static void TPOOL_CALL update(void *context, tpool_job_info *info);
  static void TPOOL_CALL count(void *context, tpool_job_state outcome);

  tpool_pool *pool_ = nullptr;
  tpool_timer *timer_ = nullptr;
  // One instance at a time uses it (tpool runs at most one per timer).
  progress_line *progress_ = nullptr;
  const completion_log *log_ = nullptr;
  std::atomic<uint64_t> done_{0};
  std::atomic<uint64_t> cancelled_{0};
};

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_STATUS_JOB_H
