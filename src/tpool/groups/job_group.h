// A job group (tpool_group): jobs of one pool that are waited for, counted
// and cancelled together.
//
// Every job in a group has a record (it must be cancellable and runnable by
// a helping waiter, both of which go through the record's state word). The
// group keeps entries_, its jobs in submission order, each entry holding a
// reference on its record. Jobs leave the QUEUED state by the record's
// compare-and-swap, whoever wins it (a worker that popped it, a waiter that
// helps, a canceller); entries are not removed when that happens: states
// only move forward, so entries of finished jobs are dropped in bulk, when
// the array needs room (compact()), and cursor_ skips a prefix that is
// known not to be queued any more. That keeps a job's start free of any
// group bookkeeping.
//
// Counting: submitted_ rises before the jobs are pushed (taken back if the
// push fails); done_, failed_ and cancelled_ rise once the outcome is
// published and the completion callback returned. Waiters compare the sum
// of outcomes (loaded first) with submitted_ (loaded last), as the pool
// does for idle (pool.h). Whoever makes them equal wakes the waiters.
//
// Lifetime: refs_ counts the handle and every job accepted into the group
// without an outcome yet; the last release destroys the group, after
// dropping every entry's record reference, and gives its storage back to
// the pool's record allocator, which recycles it (job_allocator.h). The
// group holds a reference on that allocator, so its entries stay valid if
// the pool is destroyed first.
//
// Threading: lock_ guards entries_, reserved_ and cursor_, and is never held
// while a job or a host callback runs (a callback may use the group).
#ifndef TPOOL_SRC_TPOOL_GROUPS_JOB_GROUP_H
#define TPOOL_SRC_TPOOL_GROUPS_JOB_GROUP_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "event_count.h"
#include "job_record.h"
#include "thread_annotations.h"
#include "tpool/tpool.h"
#include "word_lock.h"

namespace tpool_impl {

class pool;
class job_allocator;

class job_group {
 public:
  // A new group of owner's jobs with one reference (the handle); null if
  // memory is exhausted (consults the allocation fault point).
  static job_group *create(pool *owner, job_allocator *allocator);

  job_group(const job_group &) = delete;
  job_group &operator=(const job_group &) = delete;

  pool *owner() const { return owner_; }
  // True while the handle has not been released.
  bool live_handle() const;
  // Ends the handle's ownership; false if it was not live.
  bool release_handle();

  // ---- submit side (pool::submit) ----
  // Makes room for count entries before the jobs are pushed, and counts
  // them as submitted; each job takes a group reference. False (nothing
  // changed) if memory is exhausted.
  bool admit(size_t count) EXCLUDES(lock_);
  // After a successful push: appends the jobs' records (each already holds
  // the entry's reference) into the room admit() made. Wakes helping
  // waiters, who may now run them.
  void add_entries(job_record *const *records, size_t count) EXCLUDES(lock_);
  // After a failed push: undoes admit() (the references too).
  void refuse(size_t count) EXCLUDES(lock_);

  // ---- outcome side ----
  // A job of the group has its outcome (published, callback returned):
  // counts it, wakes waiters if the group is now finished, drops the job's
  // group reference (which may free the group: do not touch it after).
  void job_finished(uint32_t final_state);

  // ---- waiting, cancelling, counting ----
  // tpool_group_wait, after the API checked the handle. From a worker of the
  // group's pool it runs the group's queued jobs meanwhile.
  tpool_status wait(uint32_t timeout_ms) EXCLUDES(lock_);
  // tpool_group_cancel: cancels every queued job; returns how many.
  size_t cancel_queued() EXCLUDES(lock_);
  // tpool_group_get_counts, in the library's own layout.
  void counts(tpool_group_counts *out) const;

 private:
  job_group(pool *owner, job_allocator *allocator);
  ~job_group();

  bool finished_now() const;
  // True while entries past the cursor may still be queued (a helper's
  // reason to wake: add_entries notifies).
  bool has_queued() EXCLUDES(lock_);
  void wake_waiters();
  void unref();
  // Takes the oldest queued job out of QUEUED with claim (try_start or
  // try_cancel) and returns it with a reference for the caller; null if no
  // job is queued.
  template <typename Claim>
  job_record *claim_oldest_queued(Claim &&claim) EXCLUDES(lock_);
  // Drops the entries of finished jobs (queued and running ones stay).
  void compact() REQUIRES(lock_);
  // True if a job running on the calling thread (or interrupted by it)
  // belongs to this group: waiting would wait for itself.
  bool waited_from_inside() const;

  // owner_ must stay the first member: a recycled group's first word links
  // the allocator's spare list, and handle_magic_ must survive that.
  pool *const owner_;
  job_allocator *const allocator_;
  std::atomic<uint32_t> handle_magic_;
  std::atomic<uint64_t> refs_{1};

  std::atomic<uint64_t> submitted_{0};
  std::atomic<uint64_t> done_{0};
  std::atomic<uint64_t> failed_{0};
  std::atomic<uint64_t> cancelled_{0};

  tpsync::word_lock lock_;
  job_record **entries_ GUARDED_BY(lock_) = nullptr;
  size_t entry_count_ GUARDED_BY(lock_) = 0;
  size_t entry_capacity_ GUARDED_BY(lock_) = 0;
  size_t reserved_ GUARDED_BY(lock_) = 0;  // room admit() promised, not yet used
  size_t cursor_ GUARDED_BY(lock_) = 0;    // entries before it are not queued

  tpsync::event_count events_;  // finished, or new jobs to help with
};

inline job_group *group_of(tpool_group *handle) {
  return reinterpret_cast<job_group *>(handle);
}
inline const job_group *group_of(const tpool_group *handle) {
  return reinterpret_cast<const job_group *>(handle);
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_GROUPS_JOB_GROUP_H
