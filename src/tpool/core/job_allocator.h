// Recycles job records so that submitting a job does not call malloc.
//
// Records are carved from slabs that live as long as the allocator. Free
// records wait in one of three places, chosen so that neither side chases
// pointers through the other side's cache lines:
//  - free_: an array of record pointers, guarded by cache_lock_. Submitters
//    take from it; a batch of n jobs reads n consecutive pointers instead of
//    following n links stored in records a worker wrote last (each link
//    would be a cache miss that cannot overlap with the next).
//  - record_magazine: a worker's private stash. The worker that drops a
//    record's last reference puts it there with a plain store and hands the
//    records over in one locked copy once kOfferAt have gathered, so workers
//    take the lock about once per kOfferAt jobs and share no cache line per
//    job. A worker never waits for the lock: if a submitter holds it, the
//    worker keeps collecting and tries again on its next job; a full
//    magazine, or one returned when the worker runs out of jobs, whose lock
//    is still busy goes onto returned_ as one linked chain (one
//    compare-and-swap). A worker that waits there stalls every job behind
//    it whenever the submitter holding the lock loses its processor, and
//    under Wine a parked lock waiter and its wake-up are system calls, so a
//    blocking hand-over costs most on a machine with another busy process.
//  - returned_: a lock-free stack for the last reference dropped anywhere
//    else (tpool_job_release, tpool_job_cancel, cancel_all). Nobody pops
//    single records from it, so there is no ABA problem: take() swaps out
//    the whole stack at once.
// free_ can hold every record ever carved (grow() keeps it that large), so
// moving records into it never allocates and never fails.
//
// Lifetime: the allocator is reference counted. The pool holds one reference
// and every live tpool_job handle holds one, so handles stay valid after
// tpool_destroy; the last release frees every slab.
#ifndef TPOOL_SRC_TPOOL_CORE_JOB_ALLOCATOR_H
#define TPOOL_SRC_TPOOL_CORE_JOB_ALLOCATOR_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "job_record.h"
#include "thread_annotations.h"
#include "word_lock.h"

namespace tpool_impl {

// Records freed by one worker, not yet handed back (see above). Used by one
// thread at a time: the worker that owns the slot it lives in.
struct record_magazine {
  static constexpr uint32_t kOfferAt = 64;
  static constexpr uint32_t kCapacity = 128;
  uint32_t count = 0;
  job_record *records[kCapacity] = {};
};

class job_allocator {
 public:
  // Returns null if memory is exhausted. The caller owns one reference.
  static job_allocator *create() noexcept;

  job_allocator(const job_allocator &) = delete;
  job_allocator &operator=(const job_allocator &) = delete;

  // Takes count records (fields reset except allocator). All-or-nothing:
  // false (nothing taken) if memory is exhausted. Thread-safe.
  bool take(job_record **out, size_t count) EXCLUDES(cache_lock_);

  // Puts back records taken but never published (a failed submit). Thread-safe.
  void put_back(job_record *const *records, size_t count) EXCLUDES(cache_lock_);

  // Drops one reference of a record; the last one returns it to the
  // allocator (through returned_). Thread-safe.
  static void unref(job_record *record) {
    if (record->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      record->allocator->return_chain(record, record);
    }
  }
  // The same from a worker: the last reference puts the record into the
  // worker's own magazine, which is handed over as described above. Never
  // blocks. Only the magazine's owner may call this; every record must come
  // from this allocator.
  void unref(job_record *record, record_magazine *magazine) EXCLUDES(cache_lock_) {
    if (record->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
    magazine->records[magazine->count++] = record;
    if (magazine->count >= record_magazine::kOfferAt) offer_magazine(magazine, false);
  }
  // Hands every record in the magazine back (no-op when empty); never
  // blocks. Only the magazine's owner may call this; thread-safe for the
  // allocator.
  void return_magazine(record_magazine *magazine) EXCLUDES(cache_lock_) {
    if (magazine->count != 0) offer_magazine(magazine, true);
  }

  // tpool_job_release: ends the handle's ownership of its record and of the
  // allocator (each handle holds one reference on both). False if the
  // handle was not live (released already, or never a handle).
  static bool release_handle(job_record *record) {
    uint32_t expected = kHandleLive;
    if (!record->handle_magic.compare_exchange_strong(expected, kHandleReleased,
                                                      std::memory_order_acq_rel)) {
      return false;
    }
    job_allocator *allocator = record->allocator;
    unref(record);
    allocator->release();
    return true;
  }

  // Storage for one job group, recycled like records: a released group's
  // memory stays with the allocator (so its stale handle is recognized until
  // the storage is reused) and is freed with it. The first word of a
  // returned block links the spare list; size must be the same on every
  // call. Null if memory is exhausted. Thread-safe.
  void *take_group_storage(size_t size) EXCLUDES(cache_lock_);
  void return_group_storage(void *storage) EXCLUDES(cache_lock_);

  // Allocator references: the pool holds one, every live handle and every
  // group one.
  void retain(uint64_t count) { refs_.fetch_add(count, std::memory_order_relaxed); }
  // The last release frees the allocator and every slab. Thread-safe.
  void release(uint64_t count = 1);

 private:
  struct slab;
  static constexpr size_t kRecordsPerSlab = 128;

  job_allocator() = default;
  ~job_allocator();

  // Pushes the chain first..last (already linked through next_free) onto
  // returned_ with one compare-and-swap.
  void return_chain(job_record *first, job_record *last);
  // Appends records to free_, which always has room (see above).
  void move_to_free(job_record *const *records, size_t count) REQUIRES(cache_lock_);
  // Copies the magazine into free_ if the lock is free; otherwise, when
  // must_empty or the magazine is full, pushes it onto returned_.
  void offer_magazine(record_magazine *magazine, bool must_empty) EXCLUDES(cache_lock_);
  // Carves one more slab into free_. False if allocation failed.
  bool grow() REQUIRES(cache_lock_);
  // Moves everything on returned_ into free_.
  void collect_returned() REQUIRES(cache_lock_);

  tpsync::word_lock cache_lock_;
  job_record **free_ GUARDED_BY(cache_lock_) = nullptr;
  size_t free_count_ GUARDED_BY(cache_lock_) = 0;
  size_t free_capacity_ GUARDED_BY(cache_lock_) = 0;
  size_t carved_ GUARDED_BY(cache_lock_) = 0;  // records in all slabs; <= free_capacity_
  slab *slabs_ GUARDED_BY(cache_lock_) = nullptr;
  void *spare_groups_ GUARDED_BY(cache_lock_) = nullptr;  // linked through word 0

  alignas(64) std::atomic<job_record *> returned_{nullptr};
  alignas(64) std::atomic<uint64_t> refs_{1};
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_JOB_ALLOCATOR_H
