#include "status_job.h"

#include <cstdio>

namespace client_example {

bool status_job::start(tpool_pool *pool, uint32_t period_ms, progress_line *progress,
                       const completion_log *log) {
  pool_ = pool;
  progress_ = progress;
  log_ = log;
  tpool_timer_desc desc;
  tpool_timer_desc_init(&desc);
  desc.mode = TPOOL_TIMER_FIXED_RATE;
  desc.delay_ms = period_ms;
  desc.period_ms = period_ms;
  // HIGH: the status line stays current while LOW jobs fill the queue.
  desc.priority = TPOOL_PRIORITY_HIGH;
  desc.fn = &status_job::update;
  desc.on_complete = &status_job::count;
  desc.context = this;
  const tpool_status status = tpool_timer_start(pool, &desc, &timer_);
  if (status != TPOOL_OK) {
    std::fprintf(stderr, "tpool_timer_start failed: %s\n", tpool_status_string(status));
    return false;
  }
  return true;
}

void status_job::stop() {
  if (timer_ == nullptr) return;
  // With wait = 1: when it returns no update runs or will run, and the
  // timer has retired.
  const tpool_status status = tpool_timer_cancel(timer_, 1);
  if (status != TPOOL_OK) {
    std::fprintf(stderr, "tpool_timer_cancel failed: %s\n", tpool_status_string(status));
  }
  tpool_timer_release(timer_);
  timer_ = nullptr;
}

void TPOOL_CALL status_job::update(void *context, tpool_job_info * /*info*/) {
  status_job *self = static_cast<status_job *>(context);
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  if (tpool_get_stats(self->pool_, &stats) == TPOOL_OK) {
    const int64_t finished = self->log_->next_rank.load(std::memory_order_relaxed);
    self->progress_->update(stats, static_cast<uint64_t>(finished));
  }
}

void TPOOL_CALL status_job::count(void *context, tpool_job_state outcome) {
  status_job *self = static_cast<status_job *>(context);
  if (outcome == TPOOL_JOB_CANCELLED) {
    self->cancelled_.fetch_add(1);
  } else {
    self->done_.fetch_add(1);
  }
}

}  // namespace client_example
