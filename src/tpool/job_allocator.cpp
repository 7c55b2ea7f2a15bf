#include "tpool/job_allocator.h"

#include <new>

#include "platform/fault_injection.h"

namespace tpool_impl {

struct job_allocator::slab {
  job_record records[kRecordsPerSlab];
  slab *next = nullptr;
};

job_allocator *job_allocator::create() noexcept {
  if (platform::fault::should_fail(platform::fault::point::allocation)) return nullptr;
  return new (std::nothrow) job_allocator();
}

job_allocator::~job_allocator() NO_THREAD_SAFETY_ANALYSIS {
  // Only the last reference gets here: no other thread can touch the lists.
  slab *current = slabs_;
  while (current != nullptr) {
    slab *next = current->next;
    delete current;
    current = next;
  }
}

void job_allocator::release(uint64_t count) {
  if (refs_.fetch_sub(count, std::memory_order_acq_rel) == count) delete this;
}

bool job_allocator::grow() {
  if (platform::fault::should_fail(platform::fault::point::allocation)) return false;
  slab *fresh = new (std::nothrow) slab();
  if (fresh == nullptr) return false;
  fresh->next = slabs_;
  slabs_ = fresh;
  for (job_record &record : fresh->records) {
    record.allocator = this;
    record.next_free = cache_;
    cache_ = &record;
  }
  return true;
}

bool job_allocator::take(job_record **out, size_t count) {
  tpsync::lock_guard guard(cache_lock_);
  size_t taken = 0;
  while (taken < count) {
    if (cache_ == nullptr) {
      // acquire: pairs with the release in recycle, so the record's last
      // owner finished with it before we reuse it.
      cache_ = returned_.exchange(nullptr, std::memory_order_acquire);
      if (cache_ == nullptr && !grow()) {
        // All-or-nothing: put back what this call took.
        for (size_t i = 0; i < taken; ++i) {
          out[i]->next_free = cache_;
          cache_ = out[i];
        }
        return false;
      }
    }
    job_record *record = cache_;
    cache_ = record->next_free;
    record->next_free = nullptr;
    out[taken++] = record;
  }
  return true;
}

void job_allocator::give_back(job_record *const *records, size_t count) {
  tpsync::lock_guard guard(cache_lock_);
  for (size_t i = 0; i < count; ++i) {
    records[i]->next_free = cache_;
    cache_ = records[i];
  }
}

void job_allocator::recycle(job_record *record) {
  job_record *head = returned_.load(std::memory_order_relaxed);
  do {
    record->next_free = head;
  } while (!returned_.compare_exchange_weak(head, record, std::memory_order_release,
                                            std::memory_order_relaxed));
}

}  // namespace tpool_impl
