// Creating, growing, shutting down and destroying a pool: everything that
// starts or joins worker threads. Starting and joining happen under
// lifecycle_lock_ (start_worker and join_all_workers require it; growth only
// ever try-locks it); shutdown's waits for workers and jobs run without it,
// so a worker that grows the pool on its way out can never deadlock shutdown.
#include <algorithm>
#include <new>
#include <string>

#include "current_thread.h"
#include "cycle_clock.h"
#include "fault_injection.h"
#include "pool.h"
#include "timer_service.h"
#include "wait_service.h"

namespace tpool_impl {

pool::pool(const tpool_config &config)
    : min_workers_(config.min_workers),
      max_workers_(config.max_workers),
      idle_timeout_ms_(config.idle_timeout_ms),
      thread_name_prefix_(config.thread_name_prefix != nullptr &&
                                  config.thread_name_prefix[0] != '\0'
                              ? config.thread_name_prefix
                              : "tpool"),
      log_(config.log_fn, config.log_user, config.log_level) {
  thread_options_.stack_size = config.stack_size;
  thread_options_.priority = static_cast<platform::thread_priority>(config.thread_priority);
  thread_options_.affinity_group = config.affinity_group;
  thread_options_.affinity_mask = config.affinity_mask;
}

pool::~pool() {
  delete waits_;
  delete timers_;
  if (queue_ != nullptr) prioq_destroy(queue_);
  delete[] slots_;
  if (allocator_ != nullptr) allocator_->release();
}

tpool_status pool::create(const tpool_config &config, pool **out) {
  pool *created = new (std::nothrow) pool(config);
  if (created == nullptr) return TPOOL_E_OUT_OF_MEMORY;

  // Queue waits are timed with the cycle clock; its rate is measured once
  // per process, here, before any job can be timed.
  platform::calibrate_cycle_clock();
  prioq_config queue_config;
  prioq_config_init(&queue_config);
  queue_config.aging_threshold_ms = config.starvation_bound_ms;
  queue_config.item_size = sizeof(queued_job);
  // payload_word stays 0: with two or more workers the next job's context
  // is usually taken by another worker, so a prefetch by this one only
  // moves the line into a cache that then has to give it up. Measured in
  // alternated bench --cells runs against the naive pool (2,048-iteration
  // jobs): without it tpool was about 1 % faster at 2 and 4 workers,
  // natively and under Wine, and the same at 1 worker.
  const prioq_status queue_status = prioq_create(&queue_config, &created->queue_);
  created->allocator_ = job_allocator::create();
  if (!platform::fault::should_fail(platform::fault::point::allocation)) {
    created->slots_ = new (std::nothrow) worker_slot[config.max_workers];
    created->timers_ = new (std::nothrow) timer_service(*created);
    created->waits_ = new (std::nothrow) wait_service(*created);
  }
  if (queue_status != PRIOQ_OK || created->allocator_ == nullptr || created->slots_ == nullptr ||
      created->timers_ == nullptr || created->waits_ == nullptr) {
    created->log_.log(TPOOL_LOG_ERROR, "tpool_create: out of memory");
    delete created;
    return TPOOL_E_OUT_OF_MEMORY;
  }
  for (uint32_t index = 0; index < config.max_workers; ++index) {
    created->slots_[index].owner = created;
    created->slots_[index].index = index;
  }

  bool started_all = true;
  {
    tpsync::lock_guard guard(created->lifecycle_lock_);
    for (uint32_t started = 0; started < config.min_workers && started_all; ++started) {
      started_all = created->start_worker();
    }
    if (!started_all) {
      created->closing_.store(true, std::memory_order_seq_cst);
      prioq_close(created->queue_);
    }
  }
  if (!started_all) {
    created->log_.log(TPOOL_LOG_WARN,
                      "tpool_create: the OS refused to start worker thread {} of {}",
                      created->live_workers_.load() + 1, config.min_workers);
    created->work_events_.notify_all();
    created->wait_for_zero(created->live_workers_, created->exit_events_, tpsync::kNoDeadline);
    {
      tpsync::lock_guard guard(created->lifecycle_lock_);
      created->join_all_workers();
    }
    delete created;
    return TPOOL_E_THREAD_START;
  }
  created->log_.log(TPOOL_LOG_INFO, "pool created: {}..{} workers, starvation bound {} ms",
                    config.min_workers, config.max_workers, config.starvation_bound_ms);
  *out = created;
  return TPOOL_OK;
}

bool pool::called_from_own_thread() const {
  return current_thread().current_pool == this;
}

bool pool::start_worker() {
  const uint32_t used = slots_used_.load(std::memory_order_relaxed);
  uint32_t index = used;
  for (uint32_t candidate = 0; candidate < used; ++candidate) {
    worker_slot &slot = slots_[candidate];
    if (slot.thread.native != nullptr && slot.exited.load(std::memory_order_acquire)) {
      platform::thread_join(&slot.thread);
      slot.exited.store(false, std::memory_order_relaxed);
    }
    if (slot.thread.native == nullptr) {
      index = candidate;
      break;
    }
  }
  if (index >= max_workers_) return false;
  worker_slot &slot = slots_[index];

  // Count the worker as live and starting before it runs, so that
  // concurrent growth checks do not start a second one for the same job
  // (worker_available); it counts itself idle once its thread runs.
  live_workers_.fetch_add(1, std::memory_order_seq_cst);
  starting_workers_.fetch_add(1, std::memory_order_seq_cst);
  slot.live.store(1, std::memory_order_relaxed);
  const std::string name = thread_name_prefix_ + "-" + std::to_string(index);
  platform::thread_options options = thread_options_;
  options.name = name.c_str();
  bool options_applied = true;
  if (!platform::thread_start(&slot.thread, &pool::worker_entry, &slot, options,
                              &options_applied)) {
    slot.live.store(0, std::memory_order_relaxed);
    starting_workers_.fetch_sub(1, std::memory_order_seq_cst);
    live_workers_.fetch_sub(1, std::memory_order_seq_cst);
    return false;
  }
  if (!options_applied) {
    log_.log(TPOOL_LOG_WARN, "worker {}: stack size, priority or affinity could not be applied",
             index);
  }
  if (index >= used) slots_used_.store(index + 1, std::memory_order_release);
  const uint32_t live = static_cast<uint32_t>(live_workers_.load(std::memory_order_relaxed));
  uint32_t peak = workers_peak_.load(std::memory_order_relaxed);
  while (live > peak && !workers_peak_.compare_exchange_weak(peak, live)) {
  }
  return true;
}

void pool::maybe_grow() {
  // Cheap checks first: this runs on every submit of a pool that can grow.
  if (max_workers_ == min_workers_) return;
  if (live_workers_.load(std::memory_order_relaxed) >= static_cast<int64_t>(max_workers_)) return;
  if (worker_available()) return;
  if (closing_.load(std::memory_order_relaxed)) return;
  // Jobs must be waiting. Without this check a submit could grow the pool
  // after a spinning worker had already taken the job it just pushed (that
  // worker then no longer counts as idle, but nothing waits).
  if (queued_now() == 0) return;
  // Never block on the lock: shutdown holds it while joining workers, and a
  // reaped worker calls this on its way out. Shutdown sets closing_ before
  // that, so a would-be grower gives up instead of deadlocking.
  while (!lifecycle_lock_.try_lock()) {
    if (closing_.load(std::memory_order_acquire)) return;
    platform::yield_thread();
  }
  if (!closing_.load(std::memory_order_relaxed) &&
      live_workers_.load(std::memory_order_relaxed) < static_cast<int64_t>(max_workers_) &&
      !worker_available()) {
    if (start_worker()) {
      workers_grown_.fetch_add(1, std::memory_order_relaxed);
      log_.log(TPOOL_LOG_DEBUG, "grew to {} workers (every worker busy, jobs waiting)",
               live_workers_.load(std::memory_order_relaxed));
    } else if (!growth_failure_logged_.exchange(true)) {
      log_.log(TPOOL_LOG_WARN, "could not start an extra worker; continuing with {} (logged once)",
               live_workers_.load(std::memory_order_relaxed));
    }
  }
  lifecycle_lock_.unlock();
}

void pool::join_all_workers() {
  const uint32_t used = slots_used_.load(std::memory_order_relaxed);
  for (uint32_t index = 0; index < used; ++index) {
    worker_slot &slot = slots_[index];
    if (slot.thread.native != nullptr) platform::thread_join(&slot.thread);
    slot.exited.store(false, std::memory_order_relaxed);
  }
}

tpool_status pool::shutdown(tpool_shutdown_mode mode, uint32_t timeout_ms) {
  const uint64_t deadline_ns = tpsync::deadline_after(timeout_ms);
  // Timers and waits first, while the queue still accepts jobs: once their
  // threads are joined nothing fires any more, and every timer or wait with
  // no instance in flight has retired; the instances in flight end with the
  // other jobs, in this shutdown's mode.
  if (!timers_->stop(deadline_ns) || !waits_->stop(deadline_ns)) return TPOOL_E_TIMEOUT;
  {
    tpsync::lock_guard guard(lifecycle_lock_);
    if (shut_down_) return TPOOL_OK;
    if (!closing_.load(std::memory_order_relaxed)) {
      closing_.store(true, std::memory_order_seq_cst);
      // From here every push fails: the set of accepted jobs is final.
      prioq_close(queue_);
      log_.log(TPOOL_LOG_INFO, "shutting down ({})",
               mode == TPOOL_SHUTDOWN_CANCEL ? "cancel" : "drain");
    }
    if (mode == TPOOL_SHUTDOWN_CANCEL) discard_queued_.store(true, std::memory_order_seq_cst);
  }
  work_events_.notify_all();
  if (mode == TPOOL_SHUTDOWN_CANCEL) cancel_all();

  if (!wait_for_zero(live_workers_, exit_events_, deadline_ns)) return TPOOL_E_TIMEOUT;
  // Workers are gone; a tpool_job_cancel on another thread may still be
  // running a completion callback.
  if (!wait_until_idle(deadline_ns)) return TPOOL_E_TIMEOUT;

  tpsync::lock_guard guard(lifecycle_lock_);
  if (!shut_down_) {
    join_all_workers();
    shut_down_ = true;
    log_.log(TPOOL_LOG_INFO, "shut down");
  }
  return TPOOL_OK;
}

tpool_status pool::destroy() {
  const tpool_status status = shutdown(TPOOL_SHUTDOWN_DRAIN, TPOOL_INFINITE);
  if (status != TPOOL_OK) return status;
  // Idle, workers joined: the only other holders are threads finishing a
  // cancelled job's completion; the last of us frees the pool.
  let_go();
  return TPOOL_OK;
}

}  // namespace tpool_impl
