// The worker side of the pool: take a job, run it, complete it; when there
// is nothing to take, spin briefly (one worker at a time) and then park.
#include <algorithm>

#include "current_thread.h"
#include "job_info.h"
#include "job_invoke.h"
#include "pool.h"

namespace tpool_impl {
namespace {
// Spin budget of an idle worker before it parks. The first rounds only
// pause (a job often arrives within microseconds in a busy pool); later ones
// yield the processor, so that with more workers than cores the spinner
// never keeps a producer or a busy worker off the CPU for long.
constexpr uint32_t kSpinRounds = 48;
constexpr uint32_t kPauseRounds = 8;
constexpr uint32_t kPausesPerRound = 32;
// A worker that takes a job which waited longer than this wakes a parked
// helper (if nobody spins). Waking on every non-empty queue instead would
// cost a futex wake per job whenever jobs are shorter than a wake-up, with
// no throughput gain; a job that waited this long means the awake workers
// are not keeping up (long or blocking jobs, or a burst).
constexpr uint64_t kHelperWakeAfterNs = 50000;
// Linger: polls of the queue (reads only) a worker that just ran a job makes
// before it counts itself idle, with kLingerPauses pauses between polls:
// a few microseconds, about the gap between two submits of a producer that
// feeds a faster worker.
constexpr uint32_t kLingerPolls = 64;
constexpr uint32_t kLingerPauses = 4;

uint64_t elapsed_since(uint64_t start_ns, uint64_t now_ns) {
  return now_ns > start_ns ? now_ns - start_ns : 0;
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
  scoped_thread_role context(this, nullptr);
  // start_worker counted this worker as live and idle before it started.
  bool idle = true;
  bool spinner = false;
  bool reaped = false;
  uint64_t idle_since = platform::monotonic_ns();
  // Clock reads are not free (hundreds of ns on some virtual machines), so a
  // worker running jobs back to back reads the clock once per job: the end
  // of one job is the start of the next.
  uint64_t now_ns = idle_since;
  // Finished jobs not yet subtracted from outstanding_ (see pool.h).
  int64_t unflushed = 0;
  // At most one linger per run of jobs: set when a linger starts, cleared by
  // the next job. A job found by lingering starts "at" the end of the one
  // before (no clock read), so the linger counts as busy time and that job's
  // queue wait as 0; both err by at most the linger's few microseconds.
  bool lingered = false;
  for (;;) {
    void *item = nullptr;
    const prioq_status status = prioq_try_pop(queue_, &item, nullptr);
    if (status == PRIOQ_E_EMPTY && !idle && !lingered) {
      lingered = true;
      if (linger_for_work()) continue;
    }
    if (status != PRIOQ_OK) {
      // Running dry: whatever happens next (spin, park, exit), wait_idle
      // must be able to see this worker's jobs as finished, and submitters
      // must get its freed records back.
      allocator_->return_magazine(&slot.freed);
      if (unflushed != 0) {
        lower_outstanding(unflushed);
        unflushed = 0;
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
        now_ns = platform::monotonic_ns();
        bump(slot.idle_ns, elapsed_since(idle_since, now_ns));
      }
      now_ns = run_job(slot, static_cast<job_record *>(item), now_ns, &unflushed);
      if (unflushed >= kFinishBatch) {
        lower_outstanding(unflushed);
        unflushed = 0;
      }
      continue;
    }
    if (!idle) {
      idle = true;
      idle_workers_.fetch_add(1, std::memory_order_seq_cst);
      idle_since = now_ns;
    }
    // PRIOQ_E_CLOSED: shut down and drained. Any other failure cannot be
    // retried usefully; leaving keeps shutdown able to finish.
    if (status != PRIOQ_E_EMPTY) break;
    if (wait_for_work(idle_since, &spinner) == idle_verdict::exit_now) {
      reaped = true;
      break;
    }
  }

  if (spinner) work_events_.end_spin();
  idle_workers_.fetch_sub(1, std::memory_order_seq_cst);
  bump(slot.idle_ns, elapsed_since(idle_since, platform::monotonic_ns()));
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

bool pool::linger_for_work() {
  // Going idle costs shared writes that a submitter on another core then
  // pays for as cache misses: the allocator's lock and free array (flush),
  // outstanding_, idle_workers_, and work_events_ twice (begin_spin and
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
    return false;
  }
  if (work_events_.sleepers() != 0) return false;
  for (uint32_t poll = 0; poll < kLingerPolls; ++poll) {
    if (work_or_closing(std::memory_order_relaxed)) return true;
    for (uint32_t pause = 0; pause < kLingerPauses; ++pause) platform::cpu_relax();
  }
  return false;
}

pool::idle_verdict pool::wait_for_work(uint64_t idle_since_ns, bool *spinner) {
  // The spinner limit is checked without a lock: two workers may both pass
  // it, which only costs a little CPU; it never affects correctness.
  if (!*spinner && work_events_.spinners() < kMaxSpinners) {
    work_events_.begin_spin();
    *spinner = true;
  }
  if (*spinner) {
    for (uint32_t round = 0; round < kSpinRounds; ++round) {
      if (work_or_closing(std::memory_order_relaxed)) {
        return idle_verdict::look_again;  // still the spinner
      }
      if (round < kPauseRounds) {
        for (uint32_t pause = 0; pause < kPausesPerRound; ++pause) platform::cpu_relax();
      } else {
        platform::yield_thread();
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
  // Whoever woke us (if anyone did) may now wake another helper.
  if (helper_woken_at_ns_.load(std::memory_order_relaxed) != 0) {
    helper_woken_at_ns_.store(0, std::memory_order_relaxed);
  }
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

uint64_t pool::run_job(worker_slot &slot, job_record *record, uint64_t start_ns,
                       int64_t *finished) {
  if (discard_queued_.load(std::memory_order_relaxed)) {
    // CANCEL shutdown in progress: nothing that has not started may start.
    if (record->try_cancel()) finish_cancelled(record);
    allocator_->unref(record, &slot.freed);
    return start_ns;
  }
  if (!record->try_start()) {
    // Cancelled while queued; the canceller owned the outcome.
    allocator_->unref(record, &slot.freed);
    return start_ns;
  }
  const int32_t priority = record->priority;
  worker_slot::per_priority &counters = slot.priority[priority];
  const uint64_t waited_ns = elapsed_since(record->submit_ns, start_ns);
  bump(counters.started);
  bump(counters.queue_wait_ns_total, waited_ns);
  if (waited_ns > counters.queue_wait_ns_max.load(std::memory_order_relaxed)) {
    counters.queue_wait_ns_max.store(waited_ns, std::memory_order_relaxed);
  }

  // Falling behind: wake a parked helper. Not needed for correctness
  // (submitters and spinners guarantee that some worker looks at every job),
  // only for throughput, so it is skipped unless it can help.
  // At most one such wake is in flight: a woken worker still counts as a
  // waiter until it gets a CPU, and without this limit every job would wake
  // it again (a futex call each) in the meantime.
  if (waited_ns > kHelperWakeAfterNs && work_events_.sleepers() > 0 &&
      work_events_.spinners() == 0) {
    uint64_t last_wake_ns = helper_woken_at_ns_.load(std::memory_order_relaxed);
    if ((last_wake_ns == 0 || elapsed_since(last_wake_ns, start_ns) > kHelperWakeAfterNs) &&
        queued_now() > 0 &&
        helper_woken_at_ns_.compare_exchange_strong(last_wake_ns, start_ns,
                                                    std::memory_order_relaxed)) {
      work_events_.notify_one_unless_spinning();
    }
  }
  // More work behind this job and nobody idle: a growable pool adds a worker.
  maybe_grow();

  tpool_job_info info{record, slot.index, false};
  uint32_t outcome = job_state::kDone;
  {
    scoped_thread_role context(this, record);
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

  const uint64_t end_ns = platform::monotonic_ns();
  bump(slot.busy_ns, elapsed_since(start_ns, end_ns));
  bump(slot.jobs_run);
  bump(outcome == job_state::kDone ? counters.done : counters.failed);
  record->publish_outcome(outcome);
  ++*finished;
  allocator_->unref(record, &slot.freed);
  return end_ns;
}

}  // namespace tpool_impl
