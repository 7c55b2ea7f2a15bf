// What timers and waits share: a trigger is an object that fires jobs
// ("instances") into its pool, and trigger_service is the part of the timer
// and wait services that keeps their lifetimes, their in-flight instance,
// cancellation and retirement.
//
// Every instance is an ordinary record-backed job, submitted through
// pool::submit with a handle the trigger keeps while the instance is in
// flight: the pool's state word decides between a worker starting it and a
// canceller cancelling it (exactly one wins), the pool counts and orders it,
// and shutdown treats it like any other job. fn is the service's run
// trampoline, context the trigger, on_complete instance_complete below.
//
// Invariants (fields marked "service lock" are guarded by the lock_ of the
// service that owns the trigger):
//  - refs counts the owners: the registry (from start until retirement), the
//    handle (until tpool_*_release) and the in-flight instance (from its
//    submit until instance_complete is done with the trigger). The last one
//    deletes the trigger.
//  - At most one instance is in flight. instance is set by the submit that
//    fired it, made under the service lock, and cleared under the lock by its
//    completion trampoline; while set it holds the reference a job handle
//    holds, so the record stays valid.
//  - phase leaves kLive once, under the service lock: to kCancelled
//    (tpool_*_cancel or release), kShutDown (the service stopped) or
//    kFinished (it fired for the last time). A service fires a trigger only
//    under its lock and only in kLive, so a cancel that set kCancelled is the
//    moment after which no instance is submitted; one submitted before it is
//    cancelled or found running through its record.
//  - Retirement happens once: the first thread that finds phase != kLive and
//    no instance in flight (under the lock) sets retired and detached and
//    unlinks the trigger from the registry; then, without the lock, it calls
//    on_retire, sets retire_done and drops the registry's reference. A
//    cancel with wait that finds the trigger retiring on another thread
//    waits for retire_done, so that when it returns tpool is done with the
//    context. A detached trigger never reaches its service again (the pool
//    may be gone): API calls on it read its atomics only.
//  - No service lock is held while a host callback runs or while waiting for
//    an instance. The lock is held across pool::submit (which never runs a
//    callback or waits for a worker), and taken by completion trampolines on
//    workers and cancelling threads.
#ifndef TPOOL_SRC_TPOOL_TRIGGERS_TRIGGER_H
#define TPOOL_SRC_TPOOL_TRIGGERS_TRIGGER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>

#include "fault_injection.h"
#include "job_record.h"
#include "thread_annotations.h"
#include "tpool/tpool.h"
#include "word_lock.h"

namespace tpool_impl {

class pool;
class trigger_service;

namespace trigger_phase {
inline constexpr uint8_t kLive = 0;
inline constexpr uint8_t kCancelled = 1;
inline constexpr uint8_t kShutDown = 2;
inline constexpr uint8_t kFinished = 3;
}  // namespace trigger_phase

inline constexpr uint32_t kTriggerHandleLive = 0x71A6E5EDu;
inline constexpr uint32_t kTriggerHandleReleased = 0xDEAD71A6u;

struct trigger {
  trigger() = default;
  trigger(const trigger &) = delete;
  trigger &operator=(const trigger &) = delete;
  virtual ~trigger() = default;

  // Set at start, then immutable.
  trigger_service *service = nullptr;
  void *context = nullptr;
  tpool_completion_fn on_complete = nullptr;
  tpool_retire_fn on_retire = nullptr;
  int32_t priority = TPOOL_PRIORITY_MEDIUM;
  bool has_handle = false;

  std::atomic<uint32_t> refs{0};
  std::atomic<uint32_t> handle_magic{kNoHandle};
  std::atomic<uint8_t> phase{trigger_phase::kLive};  // written under the service lock
  std::atomic<bool> detached{false};
  std::atomic<uint32_t> retire_done{0};  // 1 once on_retire has returned

  // Service lock.
  job_record *instance = nullptr;
  bool retired = false;
  bool retry_logged = false;  // a firing could not be submitted (logged once)
  trigger *registry_prev = nullptr;
  trigger *registry_next = nullptr;
  trigger *retire_next = nullptr;  // only inside trigger_service::stop
};

// What every kind's desc has (tpool_timer_desc, tpool_object_wait_desc).
struct trigger_common {
  void *context;
  tpool_completion_fn on_complete;
  tpool_retire_fn on_retire;
  int32_t priority;
};
template <typename Desc>
trigger_common common_of(const Desc &desc) {
  return {desc.context, desc.on_complete, desc.on_retire, desc.priority};
}

class trigger_service {
 public:
  explicit trigger_service(pool &owner) : owner_(owner) {}
  trigger_service(const trigger_service &) = delete;
  trigger_service &operator=(const trigger_service &) = delete;
  virtual ~trigger_service() = default;

  pool &owner() { return owner_; }

  // False once the service is stopping. A start checks it before it
  // allocates, as tpool_submit refuses a pool shutting down before anything
  // is allocated (start checks again under the lock).
  bool accepting() EXCLUDES(lock_);
  // A new trigger of a kind; null if memory is exhausted (the allocation
  // fault point is consulted).
  template <typename Entry>
  static Entry *allocate() {
    if (platform::fault::should_fail(platform::fault::point::allocation)) return nullptr;
    return new (std::nothrow) Entry;
  }
  // The start every kind shares, once the kind has set t's own fields:
  // fills what every trigger has, then under the lock refuses a stopping
  // service, makes room for t (place_new, which may start a thread),
  // registers t (with the handle's reference if with_handle) and arms it
  // (arm_new). TPOOL_OK, or TPOOL_E_SHUT_DOWN, TPOOL_E_OUT_OF_MEMORY or
  // TPOOL_E_THREAD_START, and t is deleted. After TPOOL_OK without a
  // handle, t may have fired and retired already: do not touch it.
  tpool_status start(trigger *t, const trigger_common &common, bool with_handle) EXCLUDES(lock_);

  // What cancel found and did; the API layer maps it to each function's
  // statuses.
  enum class cancel_outcome {
    idle,              // no instance was in flight
    cancelled_queued,  // the queued instance is now CANCELLED (its completion ran here)
    ended,             // the instance was running or ending and has ended (waited for it)
    running,           // the instance is still running (no wait asked)
    would_deadlock,    // wait asked from the instance's own callbacks; nothing changed
  };
  // tpool_timer_cancel / tpool_object_wait_cancel on a trigger that is not
  // detached (the caller checked).
  cancel_outcome cancel(trigger *t, bool wait) EXCLUDES(lock_);

  // tpool_*_release: false if the handle was not live. Cancels (without
  // waiting) unless the trigger is detached.
  static bool release_handle(trigger *t);
  // Drops one reference; the last deletes the trigger.
  static void unref(trigger *t);
  // Waits until t's retirement (claimed, maybe by another thread) has
  // finished; returns at once on the thread running t's on_retire. For a
  // cancel with wait on a detached trigger.
  static void wait_retired(trigger *t);

  // The shutdown hook (pool::shutdown, both modes): stops the service's
  // threads, moves every live trigger to kShutDown and retires those with
  // nothing in flight (their on_retire runs on this thread). Idempotent and
  // thread-safe: a concurrent caller waits for the first until deadline_ns
  // (false if it passed first). Never called from DllMain.
  bool stop(uint64_t deadline_ns) EXCLUDES(lock_);

  // Logs a host callback that threw (the callbacks must not throw).
  void log_thrown(const char *what, const trigger *t);
  // An instance whose fn let an exception escape (caught in tpool's
  // frames, job_invoke.h): FAILED, and logged.
  void fn_threw(const trigger *t, tpool_job_info *info);

  // Retry delay of a firing whose instance could not be submitted (no job
  // record to be had).
  static constexpr uint64_t kRetryNs = 1000000;

 protected:
  // What the log lines call a trigger of this service.
  virtual const char *kind() const = 0;
  // Under the lock, in start: room for the new t wherever it will wait to
  // fire; may start the service's thread. TPOOL_OK, TPOOL_E_OUT_OF_MEMORY
  // or TPOOL_E_THREAD_START (nothing changed then).
  virtual tpool_status place_new(trigger *t) REQUIRES(lock_) = 0;
  // Under the lock, in start, after place_new and the registration: t now
  // waits to fire.
  virtual void arm_new(trigger *t) REQUIRES(lock_) = 0;
  // Under the lock, when t leaves kLive: takes it out of wherever it waits to
  // fire (the heap, a waiter's slots, a retry list).
  virtual void unlink_pending(trigger *t) REQUIRES(lock_) = 0;
  // Without the lock, right after a cancel unlinked t: waits until the
  // service can no longer touch what t waited on (waits: the waiter thread
  // re-armed without its object). Not called from stop.
  virtual void settle_unlinked(trigger *t) EXCLUDES(lock_);
  // Under the lock, after t's instance ended (t->instance already cleared):
  // arms the next due time, if the service has one.
  virtual void instance_ended(trigger *t) REQUIRES(lock_) = 0;
  // Without the lock, stopping_ already set: wakes and joins the service's
  // threads.
  virtual void stop_threads() EXCLUDES(lock_) = 0;

  // Adds t to the registry and takes the registry's reference.
  void enroll(trigger *t) REQUIRES(lock_);
  // Submits t's instance (run as its fn). Under the lock; never blocks on a
  // worker. TPOOL_OK, TPOOL_E_OUT_OF_MEMORY or TPOOL_E_SHUT_DOWN.
  tpool_status submit_instance(trigger *t, tpool_job_fn run) REQUIRES(lock_);
  // A firing of t whose instance could not be submitted (status) will be
  // retried every kRetryNs: logged once per trigger.
  void log_retry(trigger *t, tpool_status status) REQUIRES(lock_);

  // True (and t marked retired, detached and unlinked) if t must retire
  // now; the caller then calls retire(t) once it released the lock.
  bool take_retirement(trigger *t) REQUIRES(lock_);
  // Runs on_retire as a thread of this pool, publishes retire_done and
  // drops the registry's reference.
  void retire(trigger *t) EXCLUDES(lock_);

  size_t registered() const REQUIRES(lock_) { return registered_; }

  // The completion trampoline of every instance (context: the trigger).
  static void TPOOL_CALL instance_complete(void *context, tpool_job_state outcome);

  tpsync::word_lock lock_;
  pool &owner_;
  bool stopping_ GUARDED_BY(lock_) = false;

 private:
  void unlink_registry(trigger *t) REQUIRES(lock_);

  trigger *registry_ GUARDED_BY(lock_) = nullptr;
  size_t registered_ GUARDED_BY(lock_) = 0;
  bool stop_claimed_ GUARDED_BY(lock_) = false;
  std::atomic<uint32_t> stopped_{0};  // 1 once stop finished
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_TRIGGERS_TRIGGER_H
