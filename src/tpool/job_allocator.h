// Recycles job records so that submitting a job does not call malloc.
//
// Records are carved from slabs that live as long as the allocator. Two free
// lists keep producers and workers off each other's cache lines:
//  - returned_: a lock-free stack. Whoever drops a record's last reference
//    (usually a worker) pushes it with one compare-and-swap. Nobody ever pops
//    single records from it, so there is no ABA problem: takers swap out the
//    whole stack at once.
//  - cache_: guarded by cache_lock_, used only by submitting threads, refilled
//    from returned_ in one exchange when it runs dry.
//
// Lifetime: the allocator is reference counted. The pool holds one reference
// and every live tpool_job handle holds one, so handles stay valid after
// tpool_destroy; the last release frees every slab.
#ifndef TPOOL_SRC_TPOOL_JOB_ALLOCATOR_H
#define TPOOL_SRC_TPOOL_JOB_ALLOCATOR_H

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "sync/thread_annotations.h"
#include "sync/word_lock.h"
#include "tpool/job_record.h"

namespace tpool_impl {

class job_allocator {
 public:
  // Returns null if memory is exhausted. The caller owns one reference.
  static job_allocator *create() noexcept;

  job_allocator(const job_allocator &) = delete;
  job_allocator &operator=(const job_allocator &) = delete;

  // Takes count records (fields reset except allocator). All-or-nothing:
  // false (nothing taken) if memory is exhausted. Thread-safe.
  bool take(job_record **out, size_t count) EXCLUDES(cache_lock_);

  // Gives back records taken but never published (a failed submit). Thread-safe.
  void give_back(job_record *const *records, size_t count) EXCLUDES(cache_lock_);

  // Drops one reference of a record; the last one recycles it. Thread-safe.
  static void drop_record_ref(job_record *record) {
    if (record->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      record->allocator->recycle(record);
    }
  }

  void add_refs(uint64_t count) { refs_.fetch_add(count, std::memory_order_relaxed); }
  // The last release frees the allocator and every slab. Thread-safe.
  void release(uint64_t count = 1);

 private:
  struct slab;
  static constexpr size_t kRecordsPerSlab = 128;

  job_allocator() = default;
  ~job_allocator();

  void recycle(job_record *record);
  // Adds one slab to cache_. False if allocation failed.
  bool grow() REQUIRES(cache_lock_);

  tpsync::word_lock cache_lock_;
  job_record *cache_ GUARDED_BY(cache_lock_) = nullptr;
  slab *slabs_ GUARDED_BY(cache_lock_) = nullptr;

  alignas(64) std::atomic<job_record *> returned_{nullptr};
  alignas(64) std::atomic<uint64_t> refs_{1};
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_JOB_ALLOCATOR_H
