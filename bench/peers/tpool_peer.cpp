#include "tpool_peer.h"

#include <tpool/tpool.h>

#include <memory>
#include <vector>

#include "worker_threads.h"

namespace bench {

class tpool_peer final : public peer_pool {
 public:
  ~tpool_peer() override {
    // After a shutdown that timed out the pool is stuck; tpool_destroy would
    // wait forever, so the pool is abandoned and the run reports the failure.
    if (pool_ != nullptr && !abandoned_) tpool_destroy(pool_);
  }

  bool start(const pool_settings &settings, std::string *error) {
    tpool_config config;
    tpool_config_init(&config);
    config.min_workers = settings.workers;
    config.max_workers =
        settings.max_workers > settings.workers ? settings.max_workers : settings.workers;
    config.idle_timeout_ms = settings.idle_timeout_ms;
    config.starvation_bound_ms = settings.starvation_bound_ms;
    config.thread_name_prefix = "bench";
    const tpool_status status = tpool_create(&config, &pool_);
    if (status != TPOOL_OK) {
      *error = std::string("tpool_create: ") + tpool_status_string(status);
      pool_ = nullptr;
      return false;
    }
    workers_ = settings.workers;
    return true;
  }

  tpool_pool *handle() const { return pool_; }

  const char *name() const override { return "tpool"; }

  bool wait_until_ready(uint32_t timeout_ms) override {
    // Like the naive and moodycamel pools, tpool counts a worker idle only
    // once its thread runs and waits for work (tpool.h, tpool_stats), so
    // the idle count says every thread exists and waits.
    bool failed = false;
    const bool ready = poll_until_ready(timeout_ms, [this, &failed] {
      tpool_stats stats{};
      stats.struct_size = sizeof(stats);
      failed = tpool_get_stats(pool_, &stats) != TPOOL_OK;
      return failed || (stats.workers_live == workers_ && stats.workers_idle == workers_);
    });
    return ready && !failed;
  }

  bool submit(bench_task *task, int32_t priority) override {
    tpool_job_desc desc;
    fill(&desc, task, priority);
    return tpool_submit_ex(pool_, &desc, nullptr) == TPOOL_OK;
  }

  size_t submit_batch(bench_task *const *tasks, const int32_t *priorities, size_t count) override {
    // One reusable description array per peer: batch submit is called by one
    // producer at a time in every scenario that uses it.
    descs_.resize(count);
    for (size_t i = 0; i < count; ++i) fill(&descs_[i], tasks[i], priorities[i]);
    return tpool_submit_batch(pool_, descs_.data(), count, nullptr) == TPOOL_OK ? count : 0;
  }

  const char *batch_api() const override { return "tpool_submit_batch"; }

  bool shutdown() override {
    if (pool_ == nullptr || abandoned_) return !abandoned_;
    const tpool_status status = tpool_shutdown(pool_, TPOOL_SHUTDOWN_DRAIN, kShutdownTimeoutMs);
    if (status == TPOOL_E_TIMEOUT) abandoned_ = true;
    return status == TPOOL_OK;
  }

  bool queue_empty() const override {
    tpool_stats stats{};
    stats.struct_size = sizeof(stats);
    if (tpool_get_stats(pool_, &stats) != TPOOL_OK) return false;
    for (const tpool_priority_stats &level : stats.priority) {
      if (level.queued != 0) return false;
    }
    return true;
  }

 private:
  // tpool's job callbacks: each tpool job carries one bench task as its
  // context.
  static void TPOOL_CALL run_task(void *context, tpool_job_info *) {
    bench_task *task = static_cast<bench_task *>(context);
    task->kind->run(task);
  }

  static void TPOOL_CALL complete_task(void *context, tpool_job_state outcome) {
    bench_task *task = static_cast<bench_task *>(context);
    task_outcome reported = task_outcome::failed;
    if (outcome == TPOOL_JOB_DONE) reported = task_outcome::done;
    if (outcome == TPOOL_JOB_CANCELLED) reported = task_outcome::cancelled;
    task->kind->finish(task, reported);
  }

  static void fill(tpool_job_desc *desc, bench_task *task, int32_t priority) {
    tpool_job_desc_init(desc);  // every field this header knows, defaulted
    desc->priority = priority;
    desc->fn = &tpool_peer::run_task;
    desc->context = task;
    desc->on_complete = &tpool_peer::complete_task;
  }

  // Generous: a drain after the last completion was observed takes
  // milliseconds; only a hung pool reaches this.
  static constexpr uint32_t kShutdownTimeoutMs = 60000;

  tpool_pool *pool_ = nullptr;
  bool abandoned_ = false;
  uint32_t workers_ = 0;
  std::vector<tpool_job_desc> descs_;
};

std::unique_ptr<peer_pool> make_tpool_peer(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<tpool_peer>();
  if (!pool->start(settings, error)) return nullptr;
  return pool;
}

tpool_pool *tpool_handle(peer_pool *peer) {
  auto *typed = dynamic_cast<tpool_peer *>(peer);
  return typed != nullptr ? typed->handle() : nullptr;
}

}  // namespace bench
