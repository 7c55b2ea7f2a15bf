// The thread pool behind tpool.dll.
//
// One shared injection queue (a prioq queue of queued_job items, used
// through prioq.dll's C API) feeds every worker; there are no per-worker
// queues, so priority order and FIFO ties are decided in one place. Workers
// pop one job at a time. A job without a handle is nothing but its
// queued_job (no record, no allocation); a job with a handle carries a
// pointer to its job_record (queued_job.h).
//
// Threading invariants (see docs/architecture.md for the whole picture):
//  - lifecycle_lock_ guards starting, reaping-joins and shutdown joins of
//    worker threads, and the closing_/shut_down_ transitions. It is never held
//    while a job or a host callback runs, and no other lock is taken under it
//    except prioq's internal lock (through prioq_close).
//  - About kMaxSpinners idle workers spin (registered with
//    work_events_.begin_spin); the others park on work_events_. A submitter
//    wakes a parked worker only when nobody spins; a spinner that finds work
//    ends its spin and, if more work is queued, wakes a parked worker (the
//    event_count hand-off rule). Together these rules never leave a job
//    queued while every idle worker sleeps.
//  - Idle means: every accepted job has its outcome. There is no shared
//    counter of jobs in flight (it would be one more cache line written by
//    every submit and every job). Accepted jobs are counted by priority in
//    submitted_ (raised before the push, taken back if the push fails) and
//    outcomes where they happen: done and failed in the worker's own slot,
//    cancelled in cancelled_, each only after the completion callback
//    returned and a record's final state was published. idle_now() loads
//    every outcome counter first and submitted_ last; outcome counters only
//    grow and every outcome is counted in submitted_ before it can happen,
//    so equal sums mean idle at the moment submitted_ was read (a take-back
//    only undoes an increment that no outcome can match). Whoever counts an
//    outcome that may have made the pool idle (a worker running dry, a
//    canceller, a refused submit) then wakes idle_events_ if anyone waits.
//  - A lingering worker (linger_for_work) counts as busy: no wake-up, growth
//    or reaping rule depends on it, so it may give up at any time.
//  - live_workers_ counts worker threads that have not begun to exit. Reaping
//    decrements it with a compare-and-swap that never goes below min_workers_.
//  - A live worker is starting (starting_workers_) from start_worker until its
//    thread runs, then idle (idle_workers_) or busy; tpool_stats reports idle
//    workers only, growth counts starting ones as available too.
#ifndef TPOOL_SRC_TPOOL_CORE_POOL_H
#define TPOOL_SRC_TPOOL_CORE_POOL_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "deadline.h"
#include "event_count.h"
#include "job_allocator.h"
#include "job_record.h"
#include "logger.h"
#include "platform.h"
#include "prioq/prioq.h"
#include "queued_job.h"
#include "thread_annotations.h"
#include "tpool/tpool.h"
#include "word_lock.h"
#include "worker_slot.h"

namespace tpool_impl {

// The services built on the pool (triggers/), held by pointer so that the
// core's headers never include theirs (tpool.include_layers checks it): a
// change to a service recompiles the service and its callers only.
class timer_service;
class wait_service;

// The values tpool passes straight through to prioq and to the platform
// layer must be the same numbers on both sides.
static_assert(int{TPOOL_PRIORITY_HIGH} == int{PRIOQ_PRIORITY_HIGH} &&
              int{TPOOL_PRIORITY_MEDIUM} == int{PRIOQ_PRIORITY_MEDIUM} &&
              int{TPOOL_PRIORITY_LOW} == int{PRIOQ_PRIORITY_LOW} &&
              int{TPOOL_PRIORITY_COUNT} == int{PRIOQ_PRIORITY_COUNT});
static_assert(TPOOL_INFINITE == platform::kInfinite && PRIOQ_INFINITE == platform::kInfinite);
static_assert(
    static_cast<int32_t>(platform::thread_priority::lowest) == TPOOL_THREAD_PRIORITY_LOWEST &&
    static_cast<int32_t>(platform::thread_priority::below_normal) ==
        TPOOL_THREAD_PRIORITY_BELOW_NORMAL &&
    static_cast<int32_t>(platform::thread_priority::normal) == TPOOL_THREAD_PRIORITY_NORMAL &&
    static_cast<int32_t>(platform::thread_priority::above_normal) ==
        TPOOL_THREAD_PRIORITY_ABOVE_NORMAL &&
    static_cast<int32_t>(platform::thread_priority::highest) == TPOOL_THREAD_PRIORITY_HIGHEST);
static_assert(sizeof(queued_job) <= PRIOQ_MAX_ITEM_SIZE, "a queued_job fits a prioq item");

class pool {
 public:
  // config must be validated already. On success *out owns a running pool.
  static tpool_status create(const tpool_config &config, pool **out);

  // See tpool.h for each operation's contract; the API layer has validated
  // the arguments and caught exceptions.
  tpool_status shutdown(tpool_shutdown_mode mode, uint32_t timeout_ms) EXCLUDES(lifecycle_lock_);
  // On TPOOL_OK the host's handle is gone: the pool is freed here, or by
  // the last thread still finishing a cancelled job's completion (holders_).
  tpool_status destroy() EXCLUDES(lifecycle_lock_);
  tpool_status wait_idle(uint32_t timeout_ms);
  // descs are validated; out_jobs may be null.
  tpool_status submit(const tpool_job_desc *descs, size_t count, tpool_job **out_jobs);
  size_t cancel_all();

  // tpool_job_cancel: cancels a queued job here (its completion callback
  // runs on this thread), or raises the running job's cooperative flag.
  // TPOOL_OK, TPOOL_E_JOB_RUNNING or TPOOL_E_JOB_FINISHED. The record may
  // belong to a destroyed pool only if it is final (destroy drains every
  // queued job first).
  static tpool_status cancel_job(job_record *record);

  // The calling thread won record->try_cancel() for a job of this pool: runs
  // the completion callback here and records the outcome. Outside a worker
  // the pool may be freed on return (destroy ran meanwhile): do not touch
  // it after the call.
  void finish_cancelled(job_record *record);
  // Runs a job of this pool whose try_start() the calling worker (slot) won
  // outside the queue: a group wait helping (job_group.h). The caller keeps
  // its own reference on the record.
  void run_claimed(worker_slot &slot, job_record *record);

  // Record allocator, for groups (which keep records of their jobs).
  job_allocator *allocator() const { return allocator_; }
  // True once shutdown has begun (no submission is accepted any more).
  bool closing() const { return closing_.load(std::memory_order_acquire); }
  // Worker threads that have not begun to exit (a racy count).
  uint32_t live_workers() const {
    const int64_t live = live_workers_.load(std::memory_order_relaxed);
    return live > 0 ? static_cast<uint32_t>(live) : 0u;
  }

  // Fills *out (every field, in the library's own layout).
  void get_stats(tpool_stats *out) const;
  // Fills *out for worker slot index; false if no such slot was ever used.
  bool get_worker_stats(size_t index, tpool_worker_stats *out) const;

  logger &log() { return log_; }

  // True when the calling thread runs this pool's code (a worker, or a
  // completion callback of this pool on a cancelling thread).
  bool called_from_own_thread() const;

  // Timers and waits on OS objects (created with the pool, their threads
  // with their first timer or wait); shutdown stops both first.
  timer_service &timers() { return *timers_; }
  wait_service &waits() { return *waits_; }
  // What the services' threads are named after and started with.
  const std::string &thread_name_prefix() const { return thread_name_prefix_; }
  const platform::thread_options &worker_thread_options() const { return thread_options_; }

 private:
  explicit pool(const tpool_config &config);
  ~pool();

  // Worker side (worker_loop.cpp).
  static void worker_entry(void *slot);
  void worker_main(worker_slot &slot);
  // Runs (or cancels, in a CANCEL shutdown) one popped job that this worker
  // took at start_cycles (platform::cycles()). Returns the cycle-clock time
  // the job ended: one clock read per job, and the end of one job is the
  // start of the next.
  uint64_t run_job(worker_slot &slot, const queued_job &job, int32_t priority,
                   uint64_t start_cycles);
  uint64_t run_record_job(worker_slot &slot, job_record *record, uint64_t start_cycles);
  // Runs a record job that is RUNNING already (try_start won): callbacks,
  // outcome, counters. nested: it runs inside another job on this worker (a
  // helping group wait), whose busy time already covers it.
  uint64_t execute_record(worker_slot &slot, job_record *record, uint64_t start_cycles,
                          bool nested);
  // How an idle worker's wait ended: its spin popped a job (into *job and
  // *priority), it should pop again (work, shutdown, a wake or a timeout),
  // or it was reaped.
  enum class idle_verdict { took_job, look_again, exit_now };
  idle_verdict wait_for_work(uint64_t idle_since_ns, bool *spinner, queued_job *job,
                             int32_t *priority);
  // Called by a worker that just ran out of jobs, before it goes idle: polls
  // the queue for a few microseconds if that cannot delay anyone. The status
  // of its last pop: PRIOQ_OK with a job in *job and *priority, or not (an
  // empty queue, shutdown begun, or the queue closed and drained).
  prioq_status linger_for_work(queued_job *job, int32_t *priority);
  // One poll of a lingering or spinning worker: a pop, not prioq_size. A pop
  // that finds the queue empty reads no line a producer writes (prioq's
  // sub_queue.h); prioq_size reads the producers' tails, so polling it took
  // the submitter's line away once per poll, a cache miss on its next push.
  prioq_status poll_for_job(queued_job *job, int32_t *priority) {
    return prioq_try_pop_item(queue_, job, priority);
  }
  bool try_reap();
  void wake_worker_if_work_remains();
  size_t queued_now() const;
  // What an idle worker checks before it parks: queued work (every accepted
  // job, exactly: prioq_size reads the tails), or shutdown.
  bool work_or_closing(std::memory_order closing_order) const {
    return queued_now() > 0 || closing_.load(closing_order);
  }

  // Growth and thread management (pool_lifecycle.cpp).
  // Whether a worker will look at the queue without being woken or grown:
  // one is idle, or one is starting (its first act is a pop). Growth checks
  // this so that a submit does not start a second worker for one on its way.
  bool worker_available() const {
    return starting_workers_.load(std::memory_order_seq_cst) > 0 ||
           idle_workers_.load(std::memory_order_seq_cst) > 0;
  }
  // Adds a worker if the pool may grow, no worker is idle or starting and
  // jobs wait.
  // Cheap when it cannot grow; never blocks on lifecycle_lock_.
  void maybe_grow();
  bool start_worker() REQUIRES(lifecycle_lock_);
  void join_all_workers() REQUIRES(lifecycle_lock_);

  // submit's path for one job with neither handle nor group (pool_jobs.cpp).
  tpool_status submit_plain(const tpool_job_desc &desc);
  // After a push of count jobs was accepted: wakes a worker if one must
  // take them, grows the pool if it may and must.
  void after_push(size_t count);

  // Shared by workers, cancellers and shutdown (pool_jobs.cpp).
  // A submit counts its jobs before the push (count jobs of one priority, or
  // a batch's counts per priority) and takes them back if the push fails.
  void count_submitted(int32_t priority, uint64_t count);
  void count_submitted(const uint64_t (&per_priority)[TPOOL_PRIORITY_COUNT]);
  void take_back_submitted(int32_t priority, uint64_t count);
  void take_back_submitted(const uint64_t (&per_priority)[TPOOL_PRIORITY_COUNT]);
  // A popped job without a record that will not run: its completion callback
  // (if any) gets CANCELLED on this thread, and the outcome is counted.
  void cancel_unstarted(const queued_job &job, int32_t priority);
  // holders_: a thread that will touch the pool after an outcome it counts
  // holds it first; the last let_go frees it.
  void hold() { holders_.fetch_add(1, std::memory_order_seq_cst); }
  void let_go();
  // Cancels a popped job of either kind; adds 1 to *cancelled if this call
  // gave it its outcome.
  void cancel_popped(const queued_job &job, int32_t priority, size_t *cancelled);
  // True when every accepted job has its outcome (see the invariant above).
  bool idle_now() const;
  // After counting outcomes that may have made the pool idle: wakes the
  // threads waiting in wait_until_idle, if any.
  void notify_if_idle_waiters();
  bool wait_until_idle(uint64_t deadline_ns);
  // Waits until counter is 0 or the deadline (tpsync::kNoDeadline: none) passes.
  static bool wait_for_zero(const std::atomic<int64_t> &counter, tpsync::event_count &events,
                            uint64_t deadline_ns);

  static constexpr uint32_t kMaxSpinners = 1;

  // Configuration (immutable after create).
  const uint32_t min_workers_;
  const uint32_t max_workers_;
  const uint32_t idle_timeout_ms_;
  const std::string thread_name_prefix_;
  platform::thread_options thread_options_;
  mutable logger log_;

  prioq_queue *queue_ = nullptr;
  job_allocator *allocator_ = nullptr;
  worker_slot *slots_ = nullptr;  // max_workers_ entries

  // Submit side: every submit updates next_id_ and one of submitted_, so they
  // share one cache line (one transfer between cores per submit, not two).
  // Workers never write it.
  alignas(64) std::atomic<uint64_t> next_id_{1};
  std::atomic<uint64_t> submitted_[TPOOL_PRIORITY_COUNT] = {};

  // Read on every submit and by every worker; written only at shutdown.
  alignas(64) std::atomic<bool> closing_{false};  // no new submissions; queue closed
  std::atomic<bool> discard_queued_{false};       // CANCEL shutdown: popped jobs are cancelled

  // Live: started and not exited (or reaped). Starting: started, thread not
  // yet running; idle: running and waiting for work. A worker goes from
  // starting to idle by itself, idle first, so that a reader of starting_
  // then idle_ (worker_available) never misses it in between.
  alignas(64) std::atomic<int64_t> idle_workers_{0};
  std::atomic<int64_t> live_workers_{0};
  std::atomic<int64_t> starting_workers_{0};

  // Cold counters.
  alignas(64) std::atomic<uint64_t> cancelled_[TPOOL_PRIORITY_COUNT] = {};
  std::atomic<uint64_t> workers_grown_{0};
  std::atomic<uint64_t> workers_reaped_{0};
  std::atomic<uint32_t> workers_peak_{0};
  std::atomic<uint32_t> slots_used_{0};
  // Who may still touch the pool's memory: the host's handle (until destroy
  // let go of it) and every completion of a cancelled job running outside
  // the workers (finish_cancelled, cancel_unstarted: a tpool_job_cancel or
  // tpool_group_cancel on a host thread), which touches the pool after the
  // outcome that lets destroy's drain end. The last to let go frees the
  // pool, so destroy never waits for those threads.
  std::atomic<int64_t> holders_{1};
  std::atomic<bool> growth_failure_logged_{false};

  tpsync::event_count work_events_;  // workers spin and park here
  tpsync::event_count idle_events_;  // the pool may have become idle
  tpsync::event_count exit_events_;  // a worker exited

  tpsync::word_lock lifecycle_lock_;
  bool shut_down_ GUARDED_BY(lifecycle_lock_) = false;

  // Created last by create, destroyed first by the destructor: they use
  // everything above.
  timer_service *timers_ = nullptr;
  wait_service *waits_ = nullptr;
};

inline pool *pool_of(tpool_pool *handle) {
  return reinterpret_cast<pool *>(handle);
}
inline const pool *pool_of(const tpool_pool *handle) {
  return reinterpret_cast<const pool *>(handle);
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_POOL_H
