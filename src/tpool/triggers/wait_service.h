// The pool's waits on OS objects: waiter threads, each waiting on up to
// platform::kMaxWaitObjects objects at once (platform/object_wait.h), that
// fire a wait's instance into the pool (trigger.h) when its object is ready
// or its timeout passes. A waiter thread starts when every existing one is
// full (never in tpool_create or DllMain) and stays until stop, from
// pool::shutdown, joins it.
//
// Threading invariants:
//  - Every waiter's slots, retry list and version, and every wait's
//    placement, are guarded by lock_ (trigger_service's). A waiter thread
//    copies its objects under the lock, waits without it, and fires under
//    it.
//  - version changes with every change of a waiter's slots. A waiter that
//    finds its version unchanged after a wait reads ready objects by index;
//    otherwise it finds each one again by its wait's id, so a wait removed
//    meanwhile is never fired and a freed wait is never touched.
//  - A wait is placed only on a waiter whose slots hold no other wait on the
//    same object (WaitForMultipleObjects refuses duplicates).
//  - After a cancel unlinked a wait from its waiter, the cancelling thread
//    waits (settle_unlinked) until that waiter has started a new pass
//    without the object (armed_version) or exited: when tpool_object_wait_cancel
//    returns, tpool no longer waits on the object and the caller may close it.
//  - No host callback runs on a waiter thread, and a waiter thread never
//    waits for a worker, so cancellers may wait for it from anywhere.
#ifndef TPOOL_SRC_TPOOL_TRIGGERS_WAIT_SERVICE_H
#define TPOOL_SRC_TPOOL_TRIGGERS_WAIT_SERVICE_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "deadline.h"
#include "object_wait.h"
#include "platform.h"
#include "thread_annotations.h"
#include "tpool/tpool.h"
#include "trigger.h"

namespace tpool_impl {

class wait_service;
struct waiter_thread;

struct wait_entry final : trigger {
  tpool_object_wait_fn fn = nullptr;
  intptr_t object = 0;
  uint64_t deadline_ns = tpsync::kNoDeadline;
  uint64_t id = 0;  // unique in its service
  // Service lock.
  waiter_thread *home = nullptr;  // while live and placed
  size_t slot = 0;                // its index in home->slots, unless retrying
  bool retrying = false;          // fired; its instance waits for a job record
  wait_entry *retry_next = nullptr;
  tpool_object_wait_result result =
      TPOOL_OBJECT_WAIT_SIGNALLED;  // why it fired; read by its instance
  // Left by a cancel's unlink for its settle_unlinked (the same thread).
  waiter_thread *unlinked_from = nullptr;
  uint32_t unlinked_version = 0;
  std::atomic<bool> ran{false};  // its fn has started
};

inline wait_entry *wait_of(tpool_object_wait *handle) {
  return reinterpret_cast<wait_entry *>(handle);
}

// One waiter thread and what it waits on.
struct waiter_thread {
  wait_service *service = nullptr;
  uint32_t index = 0;
  platform::object_waiter os;
  platform::thread_handle thread;
  // Service lock.
  wait_entry *slots[platform::kMaxWaitObjects] = {};
  size_t count = 0;
  wait_entry *retry = nullptr;
  uint32_t version = 0;
  // The version of the slots its current pass waits on; set before each
  // wait, with a wake for cancellers in settle_unlinked.
  std::atomic<uint32_t> armed_version{0};
  std::atomic<bool> gone{false};  // its thread has left its loop
};

class wait_service final : public trigger_service {
 public:
  explicit wait_service(pool &owner) : trigger_service(owner) {}
  ~wait_service() override;

  // desc is validated (its object is open). On TPOOL_OK *out is the new
  // wait if with_handle. TPOOL_E_SHUT_DOWN, TPOOL_E_OUT_OF_MEMORY or
  // TPOOL_E_THREAD_START otherwise.
  tpool_status start(const tpool_object_wait_desc &desc, bool with_handle, wait_entry **out)
      EXCLUDES(lock_);

 private:
  const char *kind() const override { return "object wait"; }
  // A waiter with a free slot and no wait on t's object (started if none).
  tpool_status place_new(trigger *t) override REQUIRES(lock_);
  void arm_new(trigger *t) override REQUIRES(lock_);
  void unlink_pending(trigger *t) override REQUIRES(lock_);
  void settle_unlinked(trigger *t) override EXCLUDES(lock_);
  void instance_ended(trigger *) override REQUIRES(lock_) {}
  void stop_threads() override EXCLUDES(lock_);

  // A waiter with a free slot and no wait on object, started if needed.
  tpool_status waiter_for(intptr_t object, waiter_thread **out) REQUIRES(lock_);
  tpool_status add_waiter(waiter_thread **out) REQUIRES(lock_);
  void remove_slot(waiter_thread &w, size_t index) REQUIRES(lock_);
  static void thread_entry(void *waiter);
  void waiter_main(waiter_thread &w) EXCLUDES(lock_);
  // The wait a pass saw at index with id, if it is still in w.
  static wait_entry *find_again(const waiter_thread &w, size_t index, uint64_t id,
                                uint32_t version);
  void fire(waiter_thread &w, wait_entry *e, tpool_object_wait_result result) REQUIRES(lock_);
  void retry_submits(waiter_thread &w) REQUIRES(lock_);
  static void TPOOL_CALL instance_run(void *context, tpool_job_info *info);

  waiter_thread **waiters_ GUARDED_BY(lock_) = nullptr;
  size_t waiter_count_ GUARDED_BY(lock_) = 0;
  size_t waiter_capacity_ GUARDED_BY(lock_) = 0;
  size_t first_with_room_ GUARDED_BY(lock_) = 0;  // no waiter below it has a free slot
  uint64_t next_id_ GUARDED_BY(lock_) = 1;
  std::atomic<uint32_t> settling_{0};  // cancellers inside settle_unlinked
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_TRIGGERS_WAIT_SERVICE_H
