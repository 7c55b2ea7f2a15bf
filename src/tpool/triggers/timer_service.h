// The pool's timers: one heap of armed timers and one timer thread that
// sleeps until the earliest due time and fires what is due by submitting
// its instance into the pool (trigger.h). The thread starts with the first
// timer (never in tpool_create or DllMain) and is joined by stop, from
// pool::shutdown.
//
// Threading invariants:
//  - The heap, every timer's schedule fields and sleeping_until_ are guarded
//    by lock_ (trigger_service's). The timer thread fires only under it.
//  - The timer thread sleeps on wake_word_ (platform::wait_on_address) until
//    the earliest due time. It records that deadline in sleeping_until_ under
//    the lock and reads wake_word_ before releasing it; whoever schedules an
//    earlier due time (under the lock) bumps wake_word_ and wakes it, so no
//    change is missed. While it runs, sleeping_until_ is 0 and nobody wakes
//    it: it reads the heap again before it sleeps.
//  - A timer fires only when monotonic_ns() >= its due time: never early.
//  - At most one instance per timer is in flight (trigger.h); a due time
//    that finds one is skipped and counted (periodic) or kept pending until
//    it ends (ONCE, after tpool_timer_set re-armed it).
#ifndef TPOOL_SRC_TPOOL_TRIGGERS_TIMER_SERVICE_H
#define TPOOL_SRC_TPOOL_TRIGGERS_TIMER_SERVICE_H

#include <atomic>
#include <cstdint>

#include "platform.h"
#include "thread_annotations.h"
#include "timer_heap.h"
#include "tpool/tpool.h"
#include "trigger.h"

namespace tpool_impl {

struct timer_entry final : trigger, timer_heap_node {
  tpool_job_fn fn = nullptr;
  int32_t mode = TPOOL_TIMER_ONCE;
  // Service lock.
  uint64_t scheduled_ns = 0;  // the due time on the timer's grid (due_ns differs only on a retry)
  uint64_t period_ns = 0;
  bool pending_fire = false;  // ONCE: a due time came while an instance was in flight
  // Read without the lock (tpool_timer_get_state).
  std::atomic<uint64_t> fired{0};
  std::atomic<uint64_t> skipped{0};
};

inline timer_entry *timer_of(tpool_timer *handle) {
  return reinterpret_cast<timer_entry *>(handle);
}
inline const timer_entry *timer_of(const tpool_timer *handle) {
  return reinterpret_cast<const timer_entry *>(handle);
}

class timer_service final : public trigger_service {
 public:
  explicit timer_service(pool &owner) : trigger_service(owner) {}
  ~timer_service() override;

  // desc is validated. On TPOOL_OK *out is the new timer (with a handle
  // reference if with_handle). TPOOL_E_SHUT_DOWN, TPOOL_E_OUT_OF_MEMORY or
  // TPOOL_E_THREAD_START otherwise.
  tpool_status start(const tpool_timer_desc &desc, bool with_handle, timer_entry **out)
      EXCLUDES(lock_);
  // tpool_timer_set on a timer that is not detached; period_ms is valid.
  tpool_status set(timer_entry *t, uint32_t delay_ms, uint32_t period_ms) EXCLUDES(lock_);
  // tpool_timer_get_state's state. Static: a detached timer's service may be
  // gone, and only a live one is asked (under its lock).
  static tpool_timer_state state_of(timer_entry *t);

 private:
  const char *kind() const override { return "timer"; }
  // Room in the heap for every registered timer (so scheduling never
  // allocates), and the timer thread.
  tpool_status place_new(trigger *t) override REQUIRES(lock_);
  void arm_new(trigger *t) override REQUIRES(lock_);
  void unlink_pending(trigger *t) override REQUIRES(lock_);
  void instance_ended(trigger *t) override REQUIRES(lock_);
  void stop_threads() override EXCLUDES(lock_);

  static void thread_entry(void *self);
  void thread_main() EXCLUDES(lock_);
  bool start_thread() REQUIRES(lock_);
  // Fires every timer due at now.
  void fire_due(uint64_t now) REQUIRES(lock_);
  void fire(timer_entry *t, uint64_t now) REQUIRES(lock_);
  // Puts t (live) into the heap at due_ns, or moves it there.
  void schedule(timer_entry *t, uint64_t due_ns) REQUIRES(lock_);
  void wake_thread();
  static void TPOOL_CALL instance_run(void *context, tpool_job_info *info);

  timer_heap heap_ GUARDED_BY(lock_);
  uint64_t next_sequence_ GUARDED_BY(lock_) = 0;
  // The timer thread's wake-up deadline while it sleeps (kNoDeadline: none);
  // 0 while it runs.
  uint64_t sleeping_until_ GUARDED_BY(lock_) = 0;
  bool thread_started_ GUARDED_BY(lock_) = false;
  platform::thread_handle thread_;  // written under the lock, joined by stop_threads
  std::atomic<uint32_t> wake_word_{0};
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_TRIGGERS_TIMER_SERVICE_H
