// The lifetime machinery timers and waits share (trigger.h).
#include "trigger.h"

#include "await.h"
#include "current_thread.h"
#include "deadline.h"
#include "job_allocator.h"
#include "job_info.h"
#include "job_invoke.h"
#include "platform.h"
#include "pool.h"

namespace tpool_impl {
namespace {
// A reference on an instance's record (and on its allocator, which a
// concurrent tpool_destroy could otherwise free) for the time a canceller
// works on it without the service lock.
job_record *retain_record(job_record *record) {
  record->refs.fetch_add(1, std::memory_order_relaxed);
  record->allocator->retain(1);
  return record;
}
void release_record(job_record *record) {
  job_allocator *allocator = record->allocator;
  job_allocator::unref(record);
  allocator->release();
}

// The trigger whose on_retire this thread is running, if any.
thread_local const trigger *t_retiring = nullptr;

bool call_retire(tpool_retire_fn fn, void *context) noexcept {
  try {
    fn(context);
    return true;
  } catch (...) {
    return false;
  }
}
}  // namespace

void trigger_service::settle_unlinked(trigger *) {}

bool trigger_service::accepting() {
  tpsync::lock_guard guard(lock_);
  return !stopping_;
}

tpool_status trigger_service::start(trigger *t, const trigger_common &common, bool with_handle) {
  t->service = this;
  t->context = common.context;
  t->on_complete = common.on_complete;
  t->on_retire = common.on_retire;
  t->priority = common.priority;
  t->has_handle = with_handle;
  tpool_status status = TPOOL_OK;
  {
    tpsync::lock_guard guard(lock_);
    status = stopping_ ? TPOOL_E_SHUT_DOWN : place_new(t);
    if (status == TPOOL_OK) {
      if (with_handle) {
        t->refs.store(1, std::memory_order_relaxed);
        t->handle_magic.store(kTriggerHandleLive, std::memory_order_relaxed);
      }
      enroll(t);
      arm_new(t);
    }
  }
  if (status != TPOOL_OK) delete t;
  return status;
}

void trigger_service::enroll(trigger *t) {
  t->refs.fetch_add(1, std::memory_order_relaxed);
  t->registry_prev = nullptr;
  t->registry_next = registry_;
  if (registry_ != nullptr) registry_->registry_prev = t;
  registry_ = t;
  ++registered_;
}

void trigger_service::unlink_registry(trigger *t) {
  if (t->registry_prev != nullptr) {
    t->registry_prev->registry_next = t->registry_next;
  } else {
    registry_ = t->registry_next;
  }
  if (t->registry_next != nullptr) t->registry_next->registry_prev = t->registry_prev;
  t->registry_prev = t->registry_next = nullptr;
  --registered_;
}

tpool_status trigger_service::submit_instance(trigger *t, tpool_job_fn run) {
  tpool_job_desc desc{};
  desc.struct_size = sizeof(desc);
  desc.priority = t->priority;
  desc.fn = run;
  desc.context = t;
  desc.on_complete = &trigger_service::instance_complete;
  // The instance's reference, taken first: a worker may complete it as soon
  // as it is pushed (its trampoline then waits for this lock).
  t->refs.fetch_add(1, std::memory_order_relaxed);
  tpool_job *job = nullptr;
  const tpool_status status = owner_.submit(&desc, 1, &job);
  if (status != TPOOL_OK) {
    t->refs.fetch_sub(1, std::memory_order_relaxed);
    return status;
  }
  t->instance = record_of(job);
  return TPOOL_OK;
}

bool trigger_service::take_retirement(trigger *t) {
  if (t->retired || t->instance != nullptr ||
      t->phase.load(std::memory_order_relaxed) == trigger_phase::kLive) {
    return false;
  }
  t->retired = true;
  unlink_registry(t);
  t->detached.store(true, std::memory_order_release);
  return true;
}

void trigger_service::retire(trigger *t) {
  if (t->on_retire != nullptr) {
    // As a thread of this pool, so that on_retire cannot wait for the pool
    // or shut it down from here (TPOOL_E_WOULD_DEADLOCK); a worker keeps
    // its job.
    scoped_thread_role role(&owner_, current_thread().current_job);
    const trigger *outer = t_retiring;
    t_retiring = t;
    if (!call_retire(t->on_retire, t->context)) log_thrown("on_retire", t);
    t_retiring = outer;
  }
  // The registry's reference still keeps t alive for the wake.
  t->retire_done.store(1, std::memory_order_release);
  platform::wake_all(t->retire_done);
  unref(t);
}

void trigger_service::wait_retired(trigger *t) {
  if (t_retiring == t) return;
  tpsync::await_until(
      t->retire_done, [](uint32_t done) { return done != 0; }, tpsync::kNoDeadline);
}

void trigger_service::log_thrown(const char *what, const trigger *t) {
  owner_.log().log(TPOOL_LOG_WARN, "{} of {} {} threw an exception (ignored)", what, kind(),
                   static_cast<const void *>(t));
}

void trigger_service::fn_threw(const trigger *t, tpool_job_info *info) {
  info->failed = true;
  log_thrown("fn", t);
}

void trigger_service::log_retry(trigger *t, tpool_status status) {
  if (t->retry_logged) return;
  t->retry_logged = true;
  owner_.log().log(TPOOL_LOG_WARN,
                   "{} {}: its instance could not be submitted ({}); retrying every 1 ms "
                   "(logged once)",
                   kind(), static_cast<const void *>(t), tpool_status_string(status));
}

void trigger_service::unref(trigger *t) {
  if (t->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete t;
}

bool trigger_service::release_handle(trigger *t) {
  uint32_t expected = kTriggerHandleLive;
  if (!t->handle_magic.compare_exchange_strong(expected, kTriggerHandleReleased,
                                               std::memory_order_acq_rel)) {
    return false;
  }
  if (!t->detached.load(std::memory_order_acquire)) t->service->cancel(t, false);
  unref(t);
  return true;
}

trigger_service::cancel_outcome trigger_service::cancel(trigger *t, bool wait) {
  job_record *record = nullptr;
  bool unlinked = false;
  bool retire_now = false;
  bool retiring_elsewhere = false;
  {
    tpsync::lock_guard guard(lock_);
    if (wait && t->instance != nullptr && current_thread().current_job == t->instance) {
      return cancel_outcome::would_deadlock;
    }
    if (t->phase.load(std::memory_order_relaxed) == trigger_phase::kLive) {
      t->phase.store(trigger_phase::kCancelled, std::memory_order_release);
      unlink_pending(t);
      unlinked = true;
    }
    if (t->instance != nullptr) record = retain_record(t->instance);
    retire_now = take_retirement(t);
    // Its last instance's trampoline (or a shutdown) claimed the retirement
    // and may still be inside on_retire.
    retiring_elsewhere = t->retired && !retire_now;
  }
  if (unlinked) settle_unlinked(t);
  if (retire_now) retire(t);
  if (record == nullptr) {
    if (wait && retiring_elsewhere) wait_retired(t);
    return cancel_outcome::idle;
  }

  // Exactly one of this call and the worker leaves QUEUED (job_record.h).
  const tpool_status status = pool::cancel_job(record);
  cancel_outcome outcome = cancel_outcome::cancelled_queued;
  if (status != TPOOL_OK) {
    if (wait) {
      // Also when another thread is still running the completion of a
      // cancelled instance: its final state comes after that.
      record->wait_final(platform::kInfinite);
      outcome = cancel_outcome::ended;
    } else {
      outcome = status == TPOOL_E_JOB_RUNNING ? cancel_outcome::running : cancel_outcome::ended;
    }
  }
  release_record(record);
  return outcome;
}

void TPOOL_CALL trigger_service::instance_complete(void *context, tpool_job_state outcome) {
  trigger *t = static_cast<trigger *>(context);
  trigger_service *service = t->service;
  if (t->on_complete != nullptr &&
      invoke_completion(t->on_complete, t->context, outcome) == invoke_result::threw) {
    service->log_thrown("on_complete", t);
  }
  job_record *ended = nullptr;
  bool retire_now = false;
  {
    tpsync::lock_guard guard(service->lock_);
    ended = t->instance;
    t->instance = nullptr;
    service->instance_ended(t);
    retire_now = service->take_retirement(t);
  }
  // The record stays valid after its handle reference is gone: the queue's
  // reference is dropped only after this callback returns.
  if (ended != nullptr) job_allocator::release_handle(ended);
  if (retire_now) service->retire(t);
  unref(t);  // the instance's reference
}

bool trigger_service::stop(uint64_t deadline_ns) {
  bool claimed = false;
  {
    tpsync::lock_guard guard(lock_);
    if (!stop_claimed_) {
      stop_claimed_ = true;
      stopping_ = true;
      claimed = true;
    }
  }
  if (!claimed) {
    // Another thread is stopping the service (or has): wait for it.
    return tpsync::await_until(
        stopped_, [](uint32_t stopped) { return stopped != 0; }, deadline_ns);
  }
  stop_threads();
  trigger *to_retire = nullptr;
  {
    tpsync::lock_guard guard(lock_);
    trigger *next = registry_;
    while (next != nullptr) {
      trigger *t = next;
      next = t->registry_next;
      if (t->phase.load(std::memory_order_relaxed) == trigger_phase::kLive) {
        t->phase.store(trigger_phase::kShutDown, std::memory_order_release);
        unlink_pending(t);
      }
      if (take_retirement(t)) {
        t->retire_next = to_retire;
        to_retire = t;
      }
    }
  }
  while (to_retire != nullptr) {
    trigger *t = to_retire;
    to_retire = t->retire_next;
    retire(t);
  }
  stopped_.store(1, std::memory_order_release);
  platform::wake_all(stopped_);
  return true;
}

}  // namespace tpool_impl
