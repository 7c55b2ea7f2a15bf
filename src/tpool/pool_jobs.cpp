// Submitting, cancelling and waiting for jobs: the producer side of the pool.
#include <memory>
#include <new>

#include "current_thread.h"
#include "job_invoke.h"
#include "pool.h"

namespace tpool_impl {
namespace {
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
}  // namespace

tpool_status pool::submit(const tpool_job_desc *descs, size_t count, tpool_job **out_jobs) {
  if (count == 0) return TPOOL_OK;
  if (closing_.load(std::memory_order_acquire)) return TPOOL_E_SHUT_DOWN;

  // One job (the hot path) uses stack storage; a batch needs two arrays.
  job_record *single_record = nullptr;
  prioq_item single_item{};
  std::unique_ptr<job_record *[]> many_records;
  std::unique_ptr<prioq_item[]> many_items;
  job_record **records = &single_record;
  prioq_item *items = &single_item;
  if (count > 1) {
    many_records.reset(new (std::nothrow) job_record *[count]);
    many_items.reset(new (std::nothrow) prioq_item[count]);
    if (many_records == nullptr || many_items == nullptr) return TPOOL_E_OUT_OF_MEMORY;
    records = many_records.get();
    items = many_items.get();
  }
  if (!allocator_->take(records, count)) return TPOOL_E_OUT_OF_MEMORY;

  const uint64_t first_id = next_id_.fetch_add(count, std::memory_order_relaxed);
  // Raised before the push (a worker may finish the job right after it) and
  // right after next_id_, whose cache line it shares.
  outstanding_.fetch_add(static_cast<int64_t>(count), std::memory_order_seq_cst);
  const uint64_t now_ns = platform::monotonic_ns();
  const bool with_handles = out_jobs != nullptr;
  uint64_t per_priority[TPOOL_PRIORITY_COUNT] = {};
  for (size_t i = 0; i < count; ++i) {
    job_record *record = records[i];
    const tpool_job_desc &desc = descs[i];
    record->state_word.store(job_state::kQueued, std::memory_order_relaxed);
    record->refs.store(with_handles ? 2u : 1u, std::memory_order_relaxed);
    record->handle_magic.store(with_handles ? kHandleLive : kNoHandle, std::memory_order_relaxed);
    record->cancel_requested.store(0, std::memory_order_relaxed);
    record->id = first_id + i;
    record->submit_ns = now_ns;
    record->fn = desc.fn;
    record->context = desc.context;
    record->on_complete = desc.on_complete;
    record->owner = this;
    record->priority = desc.priority;
    items[i] = prioq_item{record, desc.priority};
    ++per_priority[desc.priority];
  }
  // Each handle keeps the record memory alive past tpool_destroy.
  if (with_handles) allocator_->retain(count);
  // Counted before the push, while this thread most likely still owns the
  // cache line next_id_ and outstanding_ share; taken back if the push fails
  // (a stats snapshot taken in between may include the refused jobs).
  add_submitted(per_priority, 1);

  // The push is the moment of acceptance: it fails once shutdown closed the
  // queue, so no job can slip in after shutdown decided what to drain.
  const prioq_status pushed = count == 1 ? prioq_push(queue_, single_record, descs[0].priority)
                                         : prioq_push_batch(queue_, items, count);
  if (pushed != PRIOQ_OK) {
    add_submitted(per_priority, -1);
    lower_outstanding(static_cast<int64_t>(count));
    if (with_handles) allocator_->release(count);
    allocator_->put_back(records, count);
    return status_from_push(pushed);
  }
  if (with_handles) {
    for (size_t i = 0; i < count; ++i) out_jobs[i] = handle_of(records[i]);
  }

  // A fence and a load (no read-modify-write on the line the workers' spin
  // and park bookkeeping writes), and no system call unless a worker is
  // parked and none spins (a spinner takes the job and passes the wake on if
  // needed). The push above was the atomic write that makes the job visible.
  if (count == 1) {
    work_events_.notify_one_unless_spinning();
  } else {
    work_events_.notify_all();
  }
  maybe_grow();
  return TPOOL_OK;
}

void pool::add_submitted(const uint64_t (&per_priority)[TPOOL_PRIORITY_COUNT], int sign) {
  for (int priority = 0; priority < TPOOL_PRIORITY_COUNT; ++priority) {
    if (per_priority[priority] == 0) continue;
    if (sign > 0) {
      submitted_[priority].fetch_add(per_priority[priority], std::memory_order_relaxed);
    } else {
      submitted_[priority].fetch_sub(per_priority[priority], std::memory_order_relaxed);
    }
  }
}

void pool::lower_outstanding(int64_t count) {
  if (outstanding_.fetch_sub(count, std::memory_order_seq_cst) == count) {
    idle_events_.notify_all();
  }
}

void pool::finish_cancelled(job_record *record) {
  // Counted before the outcome is published, so destroy (which waits for
  // outstanding_ to reach 0 and then for this counter) cannot free the pool
  // under us.
  foreign_completions_.fetch_add(1, std::memory_order_seq_cst);
  // release: a snapshot that sees this also sees the job counted as submitted.
  cancelled_[record->priority].fetch_add(1, std::memory_order_release);
  if (record->on_complete != nullptr) {
    scoped_thread_role context(this, record);
    if (invoke_completion(record->on_complete, record->context, TPOOL_JOB_CANCELLED) ==
        invoke_result::threw) {
      log_.log(TPOOL_LOG_WARN, "completion callback of job {} threw an exception (ignored)",
               record->id);
    }
  }
  record->publish_outcome(job_state::kCancelled);
  lower_outstanding(1);
  foreign_completions_.fetch_sub(1, std::memory_order_seq_cst);
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

void pool::cancel_popped(job_record *record, size_t *cancelled) {
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
  void *item = nullptr;
  while (budget-- > 0 && prioq_try_pop(queue_, &item, nullptr) == PRIOQ_OK) {
    cancel_popped(static_cast<job_record *>(item), &cancelled);
  }
  return cancelled;
}

tpool_status pool::wait_idle(uint32_t timeout_ms) {
  return wait_for_zero(outstanding_, idle_events_, tpsync::deadline_after(timeout_ms))
             ? TPOOL_OK
             : TPOOL_E_TIMEOUT;
}

bool pool::wait_for_zero(const std::atomic<int64_t> &counter, tpsync::event_count &events,
                         uint64_t deadline_ns) {
  for (;;) {
    if (counter.load(std::memory_order_seq_cst) == 0) return true;
    const uint32_t wait_ms = tpsync::remaining_ms(deadline_ns);
    if (wait_ms == 0) return false;
    const uint32_t key = events.prepare_wait();
    if (counter.load(std::memory_order_seq_cst) == 0) {
      events.cancel_wait();
      return true;
    }
    events.wait(key, wait_ms);
  }
}

}  // namespace tpool_impl
