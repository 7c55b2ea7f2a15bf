// Submitting, cancelling and waiting for jobs: the producer side of the pool.
#include <memory>
#include <new>

#include "await.h"
#include "current_thread.h"
#include "cycle_clock.h"
#include "job_group.h"
#include "job_invoke.h"
#include "pool.h"

namespace tpool_impl {
namespace {
// Calls each(priority, count) for every priority a batch has jobs of.
template <class Each>
void for_each_count(const uint64_t (&per_priority)[TPOOL_PRIORITY_COUNT], Each each) {
  for (int32_t priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    if (per_priority[priority] != 0) each(priority, per_priority[priority]);
  }
}

tpool_status status_from_push(prioq_status status) {
  switch (status) {
    case PRIOQ_E_CLOSED:
      return TPOOL_E_SHUT_DOWN;
    case PRIOQ_E_OUT_OF_MEMORY:
      return TPOOL_E_OUT_OF_MEMORY;
    default:
      return TPOOL_E_INTERNAL;
  }
}

// A job's queued_job, and its record's fields when it has one.
void describe(const tpool_job_desc &desc, uint64_t id, uint64_t now_cycles, job_record *record,
              bool with_handle, pool *owner, queued_job *out) {
  if (record == nullptr) {
    *out = queued_job{desc.fn, desc.context, desc.on_complete, id, now_cycles};
    return;
  }
  // Owners (job_record.h): the queue, the handle, the group's entry.
  const uint32_t refs = 1u + (with_handle ? 1u : 0u) + (desc.group != nullptr ? 1u : 0u);
  record->state_word.store(job_state::kQueued, std::memory_order_relaxed);
  record->refs.store(refs, std::memory_order_relaxed);
  record->handle_magic.store(with_handle ? kHandleLive : kNoHandle, std::memory_order_relaxed);
  record->cancel_requested.store(0, std::memory_order_relaxed);
  record->id = id;
  record->submit_cycles = now_cycles;
  record->fn = desc.fn;
  record->context = desc.context;
  record->on_complete = desc.on_complete;
  record->owner = owner;
  record->priority = desc.priority;
  record->group = group_of(desc.group);
  *out = queued_job{nullptr, record, nullptr, id, now_cycles};
}

// Consecutive descs of one group: [first, first + count) of the batch.
// Groups are told about a batch run by run, so a batch into one group costs
// one lock round, not one per job.
template <typename Visit>
void for_each_group_run(const tpool_job_desc *descs, size_t count, Visit &&visit) {
  size_t first = 0;
  while (first < count) {
    size_t next = first + 1;
    while (next < count && descs[next].group == descs[first].group) ++next;
    if (descs[first].group != nullptr) {
      if (!visit(group_of(descs[first].group), first, next - first)) return;
    }
    first = next;
  }
}
}  // namespace

tpool_status pool::submit(const tpool_job_desc *descs, size_t count, tpool_job **out_jobs) {
  if (count == 0) return TPOOL_OK;
  if (closing_.load(std::memory_order_acquire)) return TPOOL_E_SHUT_DOWN;
  if (count == 1 && out_jobs == nullptr && descs[0].group == nullptr) return submit_plain(descs[0]);
  const bool with_handles = out_jobs != nullptr;
  // Which jobs need a record: those with a handle or a group.
  size_t record_count = 0;
  for (size_t i = 0; i < count; ++i) {
    if (with_handles || descs[i].group != nullptr) ++record_count;
  }

  // One job (the hot path) uses stack storage; a batch needs arrays.
  job_record *single_record = nullptr;
  queued_job single_item;
  int32_t single_priority = descs[0].priority;
  std::unique_ptr<job_record *[]> many_records;
  std::unique_ptr<job_record *[]> job_records;  // per job: its record or null
  std::unique_ptr<queued_job[]> many_items;
  std::unique_ptr<int32_t[]> many_priorities;
  job_record **records = &single_record;
  job_record **record_of_job = &single_record;
  queued_job *items = &single_item;
  int32_t *priorities = &single_priority;
  if (count > 1) {
    many_items.reset(new (std::nothrow) queued_job[count]);
    many_priorities.reset(new (std::nothrow) int32_t[count]);
    if (many_items == nullptr || many_priorities == nullptr) return TPOOL_E_OUT_OF_MEMORY;
    items = many_items.get();
    priorities = many_priorities.get();
    if (record_count != 0) {
      many_records.reset(new (std::nothrow) job_record *[record_count]);
      job_records.reset(new (std::nothrow) job_record *[count]);
      if (many_records == nullptr || job_records == nullptr) return TPOOL_E_OUT_OF_MEMORY;
      records = many_records.get();
      record_of_job = job_records.get();
    }
  }
  if (record_count != 0 && !allocator_->take(records, record_count)) return TPOOL_E_OUT_OF_MEMORY;

  // Groups make room for their new entries before anything is pushed.
  size_t admitted_runs_end = 0;  // descs [0, admitted_runs_end) are admitted
  bool admitted = true;
  for_each_group_run(descs, count, [&](job_group *group, size_t first, size_t run) {
    if (!group->admit(run)) {
      admitted = false;
      return false;
    }
    admitted_runs_end = first + run;
    return true;
  });
  if (!admitted) {
    for_each_group_run(descs, admitted_runs_end, [](job_group *group, size_t, size_t run) {
      group->refuse(run);
      return true;
    });
    if (record_count != 0) allocator_->put_back(records, record_count);
    return TPOOL_E_OUT_OF_MEMORY;
  }

  const uint64_t first_id = next_id_.fetch_add(count, std::memory_order_relaxed);
  const uint64_t now_cycles = platform::cycles();
  uint64_t per_priority[TPOOL_PRIORITY_COUNT] = {};
  size_t next_record = 0;
  for (size_t i = 0; i < count; ++i) {
    const tpool_job_desc &desc = descs[i];
    job_record *record = nullptr;
    if (with_handles || desc.group != nullptr) record = records[next_record++];
    if (record_count != 0) record_of_job[i] = record;
    describe(desc, first_id + i, now_cycles, record, with_handles, this, &items[i]);
    priorities[i] = desc.priority;
    ++per_priority[desc.priority];
  }
  // Each handle keeps the record memory alive past tpool_destroy.
  if (with_handles) allocator_->retain(count);
  // Counted before the push (a worker may finish a job right after it), while
  // this thread most likely still owns the cache line next_id_ shares;
  // taken back if the push fails (a stats snapshot taken in between may
  // include the refused jobs).
  count_submitted(per_priority);

  // The push is the moment of acceptance: it fails once shutdown closed the
  // queue, so no job can slip in after shutdown decided what to drain.
  const prioq_status pushed = count == 1 ? prioq_push_item(queue_, &single_item, single_priority)
                                         : prioq_push_items(queue_, items, priorities, count);
  if (pushed != PRIOQ_OK) {
    take_back_submitted(per_priority);
    notify_if_idle_waiters();
    for_each_group_run(descs, count, [](job_group *group, size_t, size_t run) {
      group->refuse(run);
      return true;
    });
    if (with_handles) allocator_->release(count);
    if (record_count != 0) allocator_->put_back(records, record_count);
    return status_from_push(pushed);
  }
  for_each_group_run(descs, count, [&](job_group *group, size_t first, size_t run) {
    group->add_entries(record_of_job + first, run);
    return true;
  });
  if (with_handles) {
    for (size_t i = 0; i < count; ++i) out_jobs[i] = handle_of(records[i]);
  }

  after_push(count);
  return TPOOL_OK;
}

tpool_status pool::submit_plain(const tpool_job_desc &desc) {
  // What submit does for one job, without the record, group and array
  // bookkeeping that a single job without either does not need: the
  // common submit, in fewer than half the instructions.
  queued_job item;
  describe(desc, next_id_.fetch_add(1, std::memory_order_relaxed), platform::cycles(), nullptr,
           false, this, &item);
  // Counted before the push, taken back if it fails: as in submit.
  count_submitted(desc.priority, 1);
  const prioq_status pushed = prioq_push_item(queue_, &item, desc.priority);
  if (pushed != PRIOQ_OK) {
    take_back_submitted(desc.priority, 1);
    notify_if_idle_waiters();
    return status_from_push(pushed);
  }
  after_push(1);
  return TPOOL_OK;
}

void pool::after_push(size_t count) {
  // The push was a sequentially consistent read-modify-write (prioq.h
  // promises a full barrier), and an idle worker re-checks the queue with
  // seq_cst loads after registering as a waiter, so a seq_cst load of the
  // waiter state suffices here: no fence, no read-modify-write on the line
  // the workers' spin and park bookkeeping writes, and no system call unless
  // a worker is parked and none spins (a spinner takes the job and passes
  // the wake on if needed).
  const uint64_t workers = work_events_.peek_ordered();
  if (count == 1) {
    if (tpsync::event_count::should_wake(workers)) work_events_.wake_one();
  } else if (tpsync::event_count::has_waiters(workers)) {
    work_events_.wake_all();
  }
  maybe_grow();
}

void pool::count_submitted(int32_t priority, uint64_t count) {
  // Relaxed: the push that follows publishes the jobs.
  submitted_[priority].fetch_add(count, std::memory_order_relaxed);
}

void pool::take_back_submitted(int32_t priority, uint64_t count) {
  // seq_cst: ordered before notify_if_idle_waiters' checks.
  submitted_[priority].fetch_sub(count, std::memory_order_seq_cst);
}

void pool::count_submitted(const uint64_t (&per_priority)[TPOOL_PRIORITY_COUNT]) {
  for_each_count(per_priority,
                 [this](int32_t priority, uint64_t count) { count_submitted(priority, count); });
}

void pool::take_back_submitted(const uint64_t (&per_priority)[TPOOL_PRIORITY_COUNT]) {
  for_each_count(per_priority, [this](int32_t priority, uint64_t count) {
    take_back_submitted(priority, count);
  });
}

bool pool::idle_now() const {
  // Outcomes first, submissions last (the invariant in pool.h).
  uint64_t finished = 0;
  const uint32_t used = slots_used_.load(std::memory_order_acquire);
  for (uint32_t index = 0; index < used; ++index) {
    for (int priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
      finished += slots_[index].done[priority].load(std::memory_order_seq_cst);
      finished += slots_[index].failed[priority].load(std::memory_order_seq_cst);
    }
  }
  uint64_t accepted = 0;
  for (int priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    finished += cancelled_[priority].load(std::memory_order_seq_cst);
  }
  for (int priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    accepted += submitted_[priority].load(std::memory_order_seq_cst);
  }
  return finished >= accepted;
}

void pool::notify_if_idle_waiters() {
  // notify_all is a read-modify-write of the waiter state (event_count.h):
  // if it comes after a waiter's prepare_wait it sees the waiter, and if it
  // comes before, that prepare_wait reads from it and so sees every outcome
  // counter this thread stored earlier. Called when a worker runs dry, not
  // per job.
  idle_events_.notify_all();
}

bool pool::wait_until_idle(uint64_t deadline_ns) {
  return tpsync::await_until(
      idle_events_, [this] { return idle_now(); }, deadline_ns);
}

void pool::finish_cancelled(job_record *record) {
  // Held before the outcome is published: destroy, which lets go of the
  // host's hold only once the pool is idle, cannot free the pool under us.
  hold();
  if (record->on_complete != nullptr) {
    scoped_thread_role role(this, record);
    if (invoke_completion(record->on_complete, record->context, TPOOL_JOB_CANCELLED) ==
        invoke_result::threw) {
      log_.log(TPOOL_LOG_WARN, "completion callback of job {} threw an exception (ignored)",
               record->id);
    }
  }
  record->publish_outcome(job_state::kCancelled);
  // After the outcome (pool.h, "Idle means"); submitted_ counted it first.
  cancelled_[record->priority].fetch_add(1, std::memory_order_seq_cst);
  if (record->group != nullptr) record->group->job_finished(job_state::kCancelled);
  notify_if_idle_waiters();
  let_go();  // the last touch of the pool
}

void pool::cancel_unstarted(const queued_job &job, int32_t priority) {
  hold();
  if (job.on_complete != nullptr) {
    scoped_thread_role role(this, nullptr);
    if (invoke_completion(job.on_complete, job.context, TPOOL_JOB_CANCELLED) ==
        invoke_result::threw) {
      log_.log(TPOOL_LOG_WARN, "completion callback of job {} threw an exception (ignored)",
               job.id);
    }
  }
  cancelled_[priority].fetch_add(1, std::memory_order_seq_cst);
  notify_if_idle_waiters();
  let_go();  // the last touch of the pool
}

void pool::let_go() {
  // acq_rel: whoever frees the pool sees every write the other holders
  // made to it before they let go.
  if (holders_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
}

tpool_status pool::cancel_job(job_record *record) {
  if (record->try_cancel()) {
    // It was queued, so its pool is alive (destroy drains every queued job).
    record->owner->finish_cancelled(record);
    return TPOOL_OK;
  }
  namespace js = job_state;
  if ((record->state_word.load(std::memory_order_acquire) & js::kStateMask) != js::kRunning) {
    return TPOOL_E_JOB_FINISHED;
  }
  record->cancel_requested.store(1, std::memory_order_release);
  // It may have finished meanwhile; report what is true now.
  return js::is_final(record->state_word.load(std::memory_order_acquire)) ? TPOOL_E_JOB_FINISHED
                                                                          : TPOOL_E_JOB_RUNNING;
}

void pool::cancel_popped(const queued_job &job, int32_t priority, size_t *cancelled) {
  job_record *record = job.record();
  if (record == nullptr) {
    cancel_unstarted(job, priority);
    ++*cancelled;
    return;
  }
  if (record->try_cancel()) {
    finish_cancelled(record);
    ++*cancelled;
  }
  // The popper owns the queue's reference, whoever owned the outcome.
  job_allocator::unref(record);
}

size_t pool::cancel_all() {
  // Bounded by what is queued now, so producers that keep submitting cannot
  // keep this call running forever.
  size_t budget = queued_now();
  size_t cancelled = 0;
  queued_job job;
  int32_t priority = 0;
  while (budget-- > 0 && prioq_try_pop_item(queue_, &job, &priority) == PRIOQ_OK) {
    cancel_popped(job, priority, &cancelled);
  }
  return cancelled;
}

tpool_status pool::wait_idle(uint32_t timeout_ms) {
  return wait_until_idle(tpsync::deadline_after(timeout_ms)) ? TPOOL_OK : TPOOL_E_TIMEOUT;
}

bool pool::wait_for_zero(const std::atomic<int64_t> &counter, tpsync::event_count &events,
                         uint64_t deadline_ns) {
  return tpsync::await_until(
      events, [&counter] { return counter.load(std::memory_order_seq_cst) == 0; }, deadline_ns);
}

}  // namespace tpool_impl
