// The worker side of the pool: take a job, run it, complete it; when there
// is nothing to take, spin briefly (one worker at a time) and then park.
#include <algorithm>

#include "current_thread.h"
#include "cycle_clock.h"
#include "job_group.h"
#include "job_info.h"
#include "job_invoke.h"
#include "pool.h"

namespace tpool_impl {
namespace {
// Spin budget of an idle worker before it parks: pauses only (a job often
// arrives within microseconds in a busy pool). Never a scheduler yield: a
// thread that yields in a loop is charged for it by the scheduler (Linux's
// EEVDF moves its deadline past the other runnable threads', and Wine's
// SwitchToThread is sched_yield), so once parked and woken it could not
// preempt a busy thread on its processor and waited a whole time slice,
// milliseconds, behind a submitter that kept running.
constexpr uint32_t kSpinRounds = 48;
constexpr uint32_t kPausesPerRound = 32;
// Linger: polls of the queue (reads only) a worker that just ran a job makes
// before it counts itself idle, with kLingerPauses pauses between polls:
// a few microseconds, about the gap between two submits of a producer that
// feeds a faster worker.
constexpr uint32_t kLingerPolls = 64;
constexpr uint32_t kLingerPauses = 4;
uint64_t elapsed_since(uint64_t start, uint64_t now) {
  return now > start ? now - start : 0;
}
}  // namespace

void pool::worker_entry(void *raw_slot) {
  worker_slot *slot = static_cast<worker_slot *>(raw_slot);
  slot->owner->worker_main(*slot);
}

size_t pool::queued_now() const {
  size_t size = 0;
  prioq_size(queue_, PRIOQ_PRIORITY_ALL, &size);
  return size;
}

void pool::worker_main(worker_slot &slot) {
  // For the worker's whole life: calls that would wait for this pool from
  // one of its jobs are refused (TPOOL_E_WOULD_DEADLOCK).
  scoped_thread_role role(this, nullptr, &slot);
  // start_worker counted this worker as live and starting; now that its
  // thread runs it is idle (idle first: worker_available).
  log_.log(TPOOL_LOG_DEBUG, "worker {} running", slot.index);
  idle_workers_.fetch_add(1, std::memory_order_seq_cst);
  starting_workers_.fetch_sub(1, std::memory_order_seq_cst);
  bool idle = true;
  bool spinner = false;
  bool reaped = false;
  // Idle since when: monotonic ns for the reaping timeout, cycles for the
  // idle-time statistic. now_cycles: the end of the last job.
  uint64_t idle_since = platform::monotonic_ns();
  uint64_t idle_since_cycles = platform::cycles();
  uint64_t now_cycles = idle_since_cycles;
  // Outcomes counted since this worker last woke idle waiters (pool.h).
  bool outcomes_unannounced = false;
  // At most one linger per run of jobs: set when a linger starts, cleared by
  // the next job.
  bool lingered = false;
  // A job the spin in wait_for_work popped, run on the next round.
  bool job_in_hand = false;
  queued_job job;
  int32_t priority = 0;
  for (;;) {
    prioq_status status = PRIOQ_OK;
    if (!job_in_hand) status = poll_for_job(&job, &priority);
    job_in_hand = false;
    if (status == PRIOQ_E_EMPTY && !idle && !lingered) {
      lingered = true;
      status = linger_for_work(&job, &priority);
    }
    if (status != PRIOQ_OK) {
      // Running dry: whatever happens next (spin, park, exit), a thread in
      // wait_idle must learn that this worker's jobs are finished, and
      // submitters must get its freed records back.
      allocator_->return_magazine(&slot.freed);
      if (outcomes_unannounced) {
        outcomes_unannounced = false;
        notify_if_idle_waiters();
      }
    }
    if (status == PRIOQ_OK) {
      lingered = false;
      if (spinner) {
        work_events_.end_spin();
        spinner = false;
      }
      if (idle) {
        // Leaving the idle state (after a spin, a park or an empty pop) is
        // where the hand-off chain continues: a submitter may have skipped
        // its wake because this worker spun or was already being woken.
        idle = false;
        idle_workers_.fetch_sub(1, std::memory_order_seq_cst);
        wake_worker_if_work_remains();
        now_cycles = platform::cycles();
        bump(slot.idle_cycles, elapsed_since(idle_since_cycles, now_cycles));
      }
      now_cycles = run_job(slot, job, priority, now_cycles);
      outcomes_unannounced = true;
      continue;
    }
    if (!idle) {
      idle = true;
      idle_workers_.fetch_add(1, std::memory_order_seq_cst);
      idle_since = platform::monotonic_ns();
      idle_since_cycles = now_cycles;
    }
    // PRIOQ_E_CLOSED: shut down and drained. Any other failure cannot be
    // retried usefully; leaving keeps shutdown able to finish.
    if (status != PRIOQ_E_EMPTY) break;
    const idle_verdict verdict = wait_for_work(idle_since, &spinner, &job, &priority);
    if (verdict == idle_verdict::exit_now) {
      reaped = true;
      break;
    }
    job_in_hand = verdict == idle_verdict::took_job;
  }

  if (spinner) work_events_.end_spin();
  idle_workers_.fetch_sub(1, std::memory_order_seq_cst);
  bump(slot.idle_cycles, elapsed_since(idle_since_cycles, platform::cycles()));
  if (reaped) {
    log_.log(TPOOL_LOG_DEBUG, "worker {} exits after {} ms idle", slot.index, idle_timeout_ms_);
    // A job pushed between our last empty pop and the reap may have seen us
    // idle and skipped growth: make sure someone can run it.
    maybe_grow();
  } else {
    live_workers_.fetch_sub(1, std::memory_order_seq_cst);
  }
  slot.exited.store(true, std::memory_order_release);
  slot.live.store(0, std::memory_order_release);
  // Last touch of the pool: shutdown may join this thread as soon as it
  // sees the exit.
  exit_events_.notify_all();
}

prioq_status pool::linger_for_work(queued_job *job, int32_t *priority) {
  // Going idle costs shared writes that a submitter on another core then
  // pays for as cache misses: the allocator's lock and free array (flush),
  // idle_workers_, the idle waiters' word, and work_events_ twice (begin_spin and
  // end_spin). A worker faster than its producer would pay all of them for
  // every job. Lingering first costs only reads.
  //
  // Allowed only when it cannot change what anyone else does: the pool
  // cannot grow (a submitter seeing no idle worker would otherwise add one),
  // and nobody sleeps (a submitter seeing no spinner would otherwise wake a
  // sleeper for a job this worker is about to take). Both are re-read
  // racily; a wrong guess costs a spurious wake or one extra worker in a
  // pool allowed to have it, never a stranded job: this worker is still
  // busy, so the usual rules do not count on it.
  if (live_workers_.load(std::memory_order_relaxed) < static_cast<int64_t>(max_workers_)) {
    return PRIOQ_E_EMPTY;
  }
  if (work_events_.sleepers() != 0) return PRIOQ_E_EMPTY;
  for (uint32_t poll = 0; poll < kLingerPolls; ++poll) {
    for (uint32_t pause = 0; pause < kLingerPauses; ++pause) platform::cpu_relax();
    const prioq_status status = poll_for_job(job, priority);
    if (status != PRIOQ_E_EMPTY || closing_.load(std::memory_order_relaxed)) return status;
  }
  return PRIOQ_E_EMPTY;
}

pool::idle_verdict pool::wait_for_work(uint64_t idle_since_ns, bool *spinner, queued_job *job,
                                       int32_t *priority) {
  // The spinner limit is checked without a lock: two workers may both pass
  // it, which only costs a little CPU; it never affects correctness.
  if (!*spinner && work_events_.spinners() < kMaxSpinners) {
    work_events_.begin_spin();
    *spinner = true;
  }
  if (*spinner) {
    // Still the spinner on every return from this loop (the caller ends the spin).
    for (uint32_t round = 0; round < kSpinRounds; ++round) {
      for (uint32_t pause = 0; pause < kPausesPerRound; ++pause) platform::cpu_relax();
      const prioq_status status = poll_for_job(job, priority);
      if (status == PRIOQ_OK) return idle_verdict::took_job;
      if (status != PRIOQ_E_EMPTY || closing_.load(std::memory_order_relaxed)) {
        return idle_verdict::look_again;
      }
    }
    // Give up: end_spin before prepare_wait, then re-check (the hand-off rule).
    work_events_.end_spin();
    *spinner = false;
  }

  // Reaping happens only here: right after a pop found the queue empty, and
  // before this worker counts as a waiter, so it never swallows a wake-up.
  uint32_t timeout_ms = platform::kInfinite;
  const bool reapable = idle_timeout_ms_ != TPOOL_INFINITE &&
                        live_workers_.load(std::memory_order_relaxed) > min_workers_;
  if (reapable) {
    const uint64_t idle_ms = elapsed_since(idle_since_ns, platform::monotonic_ns()) / 1000000u;
    if (idle_ms >= idle_timeout_ms_) {
      if (try_reap()) return idle_verdict::exit_now;
    } else {
      timeout_ms = static_cast<uint32_t>(idle_timeout_ms_ - idle_ms);
    }
  }

  const uint32_t key = work_events_.prepare_wait();
  if (work_or_closing(std::memory_order_seq_cst)) {
    work_events_.cancel_wait();
    return idle_verdict::look_again;
  }
  work_events_.wait(key, timeout_ms);
  return idle_verdict::look_again;
}

bool pool::try_reap() {
  int64_t live = live_workers_.load(std::memory_order_relaxed);
  while (live > static_cast<int64_t>(min_workers_)) {
    if (live_workers_.compare_exchange_weak(live, live - 1, std::memory_order_seq_cst)) {
      workers_reaped_.fetch_add(1, std::memory_order_relaxed);
      return true;
    }
  }
  return false;
}

void pool::wake_worker_if_work_remains() {
  // Called by a worker that just took a job on leaving the idle state. A
  // submitter that skipped its wake because it saw a spinner has its
  // notify fence ordered before that spinner's end_spin (event_count.h), so
  // its job is visible here; passing one wake on keeps the chain going, and each woken
  // worker that gets a job passes it on again. Workers running jobs back to
  // back do not take part: at most one wake per idle-to-busy transition.
  if (queued_now() > 0) work_events_.notify_one_unless_spinning();
}

uint64_t pool::run_job(worker_slot &slot, const queued_job &job, int32_t priority,
                       uint64_t start_cycles) {
  if (job_record *record = job.record()) return run_record_job(slot, record, start_cycles);
  if (discard_queued_.load(std::memory_order_relaxed)) {
    // CANCEL shutdown in progress: nothing that has not started may start.
    cancel_unstarted(job, priority);
    return start_cycles;
  }
  slot.count_start(priority, elapsed_since(job.submit_cycles, start_cycles));
  // More work behind this job and nobody idle: a growable pool adds a worker.
  maybe_grow();

  // No thread role to set: the worker's (this pool, no job) is already the
  // right one for a job nobody holds a handle to.
  tpool_job_info info{nullptr, job.id, priority, slot.index, false};
  if (invoke_job(job.fn, job.context, &info) == invoke_result::threw) {
    info.failed = true;
    log_.log(TPOOL_LOG_WARN, "job {} (priority {}) threw an exception; outcome FAILED", job.id,
             priority);
  }
  const tpool_job_state outcome = info.failed ? TPOOL_JOB_FAILED : TPOOL_JOB_DONE;
  if (job.on_complete != nullptr &&
      invoke_completion(job.on_complete, job.context, outcome) == invoke_result::threw) {
    log_.log(TPOOL_LOG_WARN, "completion callback of job {} threw an exception (ignored)", job.id);
  }
  const uint64_t end_cycles = platform::cycles();
  slot.count_finish(priority, info.failed, elapsed_since(start_cycles, end_cycles));
  return end_cycles;
}

uint64_t pool::run_record_job(worker_slot &slot, job_record *record, uint64_t start_cycles) {
  if (discard_queued_.load(std::memory_order_relaxed)) {
    // CANCEL shutdown in progress: nothing that has not started may start.
    if (record->try_cancel()) finish_cancelled(record);
    allocator_->unref(record, &slot.freed);
    return start_cycles;
  }
  if (!record->try_start()) {
    // Cancelled while queued, or run by a group wait that helped: whoever
    // won owned the outcome.
    allocator_->unref(record, &slot.freed);
    return start_cycles;
  }
  const uint64_t end_cycles = execute_record(slot, record, start_cycles, false);
  allocator_->unref(record, &slot.freed);
  return end_cycles;
}

void pool::run_claimed(worker_slot &slot, job_record *record) {
  execute_record(slot, record, platform::cycles(), true);
}

uint64_t pool::execute_record(worker_slot &slot, job_record *record, uint64_t start_cycles,
                              bool nested) {
  const int32_t priority = record->priority;
  slot.count_start(priority, elapsed_since(record->submit_cycles, start_cycles));
  maybe_grow();

  tpool_job_info info{record, record->id, priority, slot.index, false};
  uint32_t outcome = job_state::kDone;
  {
    scoped_thread_role role(this, record);
    if (invoke_job(record->fn, record->context, &info) == invoke_result::threw) {
      info.failed = true;
      log_.log(TPOOL_LOG_WARN, "job {} (priority {}) threw an exception; outcome FAILED",
               record->id, priority);
    }
    if (info.failed) outcome = job_state::kFailed;
    if (record->on_complete != nullptr &&
        invoke_completion(record->on_complete, record->context,
                          static_cast<tpool_job_state>(outcome)) == invoke_result::threw) {
      log_.log(TPOOL_LOG_WARN, "completion callback of job {} threw an exception (ignored)",
               record->id);
    }
  }
  record->publish_outcome(outcome);
  // After the outcome is published (pool.h, "Idle means").
  const uint64_t end_cycles = platform::cycles();
  slot.count_finish(priority, outcome != job_state::kDone,
                    nested ? 0 : elapsed_since(start_cycles, end_cycles));
  if (record->group != nullptr) record->group->job_finished(outcome);
  return end_cycles;
}

}  // namespace tpool_impl
