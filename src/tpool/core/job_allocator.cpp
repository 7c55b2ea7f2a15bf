#include "job_allocator.h"

#include <new>

#include "fault_injection.h"

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
  delete[] free_;
  while (spare_groups_ != nullptr) {
    void *next = *static_cast<void **>(spare_groups_);
    ::operator delete(spare_groups_);
    spare_groups_ = next;
  }
}

void *job_allocator::take_group_storage(size_t size) {
  {
    tpsync::lock_guard guard(cache_lock_);
    if (spare_groups_ != nullptr) {
      void *storage = spare_groups_;
      spare_groups_ = *static_cast<void **>(storage);
      return storage;
    }
  }
  if (platform::fault::should_fail(platform::fault::point::allocation)) return nullptr;
  return ::operator new(size, std::nothrow);
}

void job_allocator::return_group_storage(void *storage) {
  tpsync::lock_guard guard(cache_lock_);
  *static_cast<void **>(storage) = spare_groups_;
  spare_groups_ = storage;
}

void job_allocator::release(uint64_t count) {
  if (refs_.fetch_sub(count, std::memory_order_acq_rel) == count) delete this;
}

bool job_allocator::grow() {
  if (platform::fault::should_fail(platform::fault::point::allocation)) return false;
  // free_ must be able to hold every record, the new slab's included; it
  // doubles, so a huge batch does not copy it once per slab.
  const size_t needed = carved_ + kRecordsPerSlab;
  job_record **array = free_;
  size_t capacity = free_capacity_;
  if (capacity < needed) {
    capacity = capacity * 2 > needed ? capacity * 2 : needed;
    array = new (std::nothrow) job_record *[capacity];
    if (array == nullptr) return false;
  }
  slab *fresh = new (std::nothrow) slab();
  if (fresh == nullptr) {
    if (array != free_) delete[] array;
    return false;
  }
  if (array != free_) {
    for (size_t i = 0; i < free_count_; ++i) array[i] = free_[i];
    delete[] free_;
    free_ = array;
    free_capacity_ = capacity;
  }
  carved_ = needed;
  fresh->next = slabs_;
  slabs_ = fresh;
  for (job_record &record : fresh->records) {
    record.allocator = this;
    free_[free_count_++] = &record;
  }
  return true;
}

void job_allocator::collect_returned() {
  // acquire: pairs with the release in return_chain, so each record's last owner
  // finished with it before we reuse it. A pointer chase, but only for
  // records freed outside the workers (handles, cancellation).
  job_record *record = returned_.exchange(nullptr, std::memory_order_acquire);
  while (record != nullptr) {
    job_record *next = record->next_free;
    record->next_free = nullptr;
    free_[free_count_++] = record;
    record = next;
  }
}

bool job_allocator::take(job_record **out, size_t count) {
  tpsync::lock_guard guard(cache_lock_);
  if (free_count_ < count && returned_.load(std::memory_order_relaxed) != nullptr) {
    collect_returned();
  }
  while (free_count_ < count) {
    if (!grow()) return false;  // nothing taken yet: all-or-nothing holds
  }
  // The most recently freed records first: likeliest to be in some cache.
  for (size_t i = 0; i < count; ++i) out[i] = free_[--free_count_];
  return true;
}

void job_allocator::move_to_free(job_record *const *records, size_t count) {
  for (size_t i = 0; i < count; ++i) free_[free_count_++] = records[i];
}

void job_allocator::put_back(job_record *const *records, size_t count) {
  tpsync::lock_guard guard(cache_lock_);
  move_to_free(records, count);
}

void job_allocator::offer_magazine(record_magazine *magazine, bool must_empty) {
  const uint32_t count = magazine->count;
  if (cache_lock_.try_lock()) {
    move_to_free(magazine->records, count);
    cache_lock_.unlock();
    magazine->count = 0;
    return;
  }
  if (!must_empty && count < record_magazine::kCapacity) return;  // next job tries again
  // Lock busy: one chain, one compare-and-swap, no waiting.
  for (uint32_t i = 0; i + 1 < count; ++i) {
    magazine->records[i]->next_free = magazine->records[i + 1];
  }
  return_chain(magazine->records[0], magazine->records[count - 1]);
  magazine->count = 0;
}

void job_allocator::return_chain(job_record *first, job_record *last) {
  job_record *head = returned_.load(std::memory_order_relaxed);
  do {
    last->next_free = head;
  } while (!returned_.compare_exchange_weak(head, first, std::memory_order_release,
                                            std::memory_order_relaxed));
}

}  // namespace tpool_impl
