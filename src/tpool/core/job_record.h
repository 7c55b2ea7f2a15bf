// One accepted job: what to run, its state word and its reference count.
//
// A record is what a tpool_job handle points at; it travels through prioq
// inside a queued_job (queued_job.h) that points to it. Jobs without a handle
// have no record. Records are recycled through job_allocator, never
// freed one by one, so the per-job cost is a few stores, not a malloc.
//
// Invariants that must stay true:
//  - state_word's low byte is the job's state. It leaves kQueued exactly once,
//    by a compare-and-swap: to kRunning (a worker won) or to kCancelling (a
//    canceller won). The winner alone runs the completion callback and then
//    stores the final state (kDone, kFailed, kCancelled).
//  - kWaitersBit is set by a thread about to sleep on state_word; whoever
//    stores the final state wakes the address only when that bit was set.
//  - refs counts the owners: the queue (from push until a worker or a
//    canceller pops it out of prioq), the handle (until tpool_job_release),
//    the job's group's list of its jobs (until the group drops the entry)
//    and a thread that runs or cancels the job through its group. The last
//    owner returns the record to its allocator.
//  - handle_magic is kHandleLive only while an unreleased handle exists; that
//    is how a second tpool_job_release is detected (until the record is
//    reused).
#ifndef TPOOL_SRC_TPOOL_CORE_JOB_RECORD_H
#define TPOOL_SRC_TPOOL_CORE_JOB_RECORD_H

#include <atomic>
#include <cstdint>

#include "tpool/tpool.h"

namespace tpool_impl {

class pool;
class job_allocator;
class job_group;

namespace job_state {
inline constexpr uint32_t kQueued = TPOOL_JOB_QUEUED;
inline constexpr uint32_t kRunning = TPOOL_JOB_RUNNING;
inline constexpr uint32_t kDone = TPOOL_JOB_DONE;
inline constexpr uint32_t kCancelled = TPOOL_JOB_CANCELLED;
inline constexpr uint32_t kFailed = TPOOL_JOB_FAILED;
// Internal: a canceller won, its completion callback has not returned yet.
// Reported as CANCELLED; waiters keep waiting until kCancelled is stored.
inline constexpr uint32_t kCancelling = 5;
inline constexpr uint32_t kStateMask = 0xFFu;
inline constexpr uint32_t kWaitersBit = 0x100u;

inline bool is_final(uint32_t word) {
  const uint32_t state = word & kStateMask;
  return state == kDone || state == kCancelled || state == kFailed;
}

// The state a caller of tpool_job_get_state sees.
inline tpool_job_state public_state(uint32_t word) {
  const uint32_t state = word & kStateMask;
  if (state == kCancelling) return TPOOL_JOB_CANCELLED;
  return static_cast<tpool_job_state>(state);
}
}  // namespace job_state

inline constexpr uint32_t kHandleLive = 0x7A0B1E5Du;
inline constexpr uint32_t kHandleReleased = 0xDEAD10B5u;
inline constexpr uint32_t kNoHandle = 0u;

struct alignas(64) job_record {
  std::atomic<uint32_t> state_word{job_state::kQueued};
  std::atomic<uint32_t> refs{0};
  std::atomic<uint32_t> handle_magic{kNoHandle};
  std::atomic<uint32_t> cancel_requested{0};

  uint64_t id = 0;
  uint64_t submit_cycles = 0;  // platform::cycles() at submit
  tpool_job_fn fn = nullptr;
  void *context = nullptr;
  tpool_completion_fn on_complete = nullptr;
  pool *owner = nullptr;
  job_allocator *allocator = nullptr;
  job_record *next_free = nullptr;  // only while on a free list
  int32_t priority = 0;
  // The group the job belongs to, or null (job_group.h). A job in a group
  // holds a reference on it until the job has its outcome.
  job_group *group = nullptr;

  // Worker side: QUEUED -> RUNNING. False if a canceller won.
  bool try_start() {
    uint32_t word = state_word.load(std::memory_order_acquire);
    while ((word & job_state::kStateMask) == job_state::kQueued) {
      const uint32_t running = (word & ~job_state::kStateMask) | job_state::kRunning;
      if (state_word.compare_exchange_weak(word, running, std::memory_order_acq_rel,
                                           std::memory_order_acquire)) {
        return true;
      }
    }
    return false;
  }

  // Canceller side: QUEUED -> CANCELLING. False if a worker or another
  // canceller won, or the job already has its outcome.
  bool try_cancel() {
    uint32_t word = state_word.load(std::memory_order_acquire);
    while ((word & job_state::kStateMask) == job_state::kQueued) {
      const uint32_t cancelling = (word & ~job_state::kStateMask) | job_state::kCancelling;
      if (state_word.compare_exchange_weak(word, cancelling, std::memory_order_acq_rel,
                                           std::memory_order_acquire)) {
        return true;
      }
    }
    return false;
  }

  // What tpool_job_get_state reports now.
  tpool_job_state current_state() const {
    return job_state::public_state(state_word.load(std::memory_order_acquire));
  }

  // Stores the final state and wakes waiters, if any. Only the winner of
  // try_start/try_cancel calls this, once.
  void publish_outcome(uint32_t final_state);

  // Sleeps until the job is final or timeout_ms passes (kInfinite: no limit).
  // Returns the last word seen.
  uint32_t wait_final(uint32_t timeout_ms);
};

// A tpool_job handle is the address of its record.
inline job_record *record_of(tpool_job *job) {
  return reinterpret_cast<job_record *>(job);
}
inline const job_record *record_of(const tpool_job *job) {
  return reinterpret_cast<const job_record *>(job);
}
inline tpool_job *handle_of(job_record *record) {
  return reinterpret_cast<tpool_job *>(record);
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_JOB_RECORD_H
