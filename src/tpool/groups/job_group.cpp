#include "job_group.h"

#include <algorithm>
#include <new>

#include "await.h"
#include "current_thread.h"
#include "deadline.h"
#include "fault_injection.h"
#include "job_allocator.h"
#include "pool.h"

namespace tpool_impl {
namespace {
constexpr uint32_t kGroupLive = 0x6A0B6E01u;
constexpr uint32_t kGroupReleased = 0xDEAD6E01u;
constexpr size_t kFirstCapacity = 16;
}  // namespace

job_group *job_group::create(pool *owner, job_allocator *allocator) {
  void *storage = allocator->take_group_storage(sizeof(job_group));
  if (storage == nullptr) return nullptr;
  allocator->retain(1);
  return new (storage) job_group(owner, allocator);
}

job_group::job_group(pool *owner, job_allocator *allocator)
    : owner_(owner), allocator_(allocator), handle_magic_(kGroupLive) {}

job_group::~job_group() {
  tpsync::lock_guard guard(lock_);
  for (size_t i = 0; i < entry_count_; ++i) job_allocator::unref(entries_[i]);
  delete[] entries_;
}

bool job_group::live_handle() const {
  return handle_magic_.load(std::memory_order_acquire) == kGroupLive;
}

bool job_group::release_handle() {
  uint32_t expected = kGroupLive;
  if (!handle_magic_.compare_exchange_strong(expected, kGroupReleased, std::memory_order_acq_rel)) {
    return false;
  }
  unref();
  return true;
}

void job_group::unref() {
  if (refs_.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  job_allocator *allocator = allocator_;
  this->~job_group();
  // The handle word keeps saying "released" (the spare-list link is the
  // first word, owner_), so a stale handle is caught until reuse.
  allocator->return_group_storage(this);
  allocator->release();
}

bool job_group::admit(size_t count) {
  {
    tpsync::lock_guard guard(lock_);
    const size_t needed = entry_count_ + reserved_ + count;
    if (needed > entry_capacity_) compact();
    if (entry_count_ + reserved_ + count > entry_capacity_) {
      size_t capacity = entry_capacity_ == 0 ? kFirstCapacity : entry_capacity_ * 2;
      while (capacity < entry_count_ + reserved_ + count) capacity *= 2;
      if (platform::fault::should_fail(platform::fault::point::allocation)) return false;
      job_record **grown = new (std::nothrow) job_record *[capacity];
      if (grown == nullptr) return false;
      std::copy(entries_, entries_ + entry_count_, grown);
      delete[] entries_;
      entries_ = grown;
      entry_capacity_ = capacity;
    }
    reserved_ += count;
  }
  refs_.fetch_add(count, std::memory_order_relaxed);
  submitted_.fetch_add(count, std::memory_order_seq_cst);
  return true;
}

void job_group::add_entries(job_record *const *records, size_t count) {
  {
    tpsync::lock_guard guard(lock_);
    for (size_t i = 0; i < count; ++i) entries_[entry_count_++] = records[i];
    reserved_ -= count;
  }
  // A waiter that helps may have found nothing to run and gone to sleep.
  if (tpsync::event_count::has_waiters(events_.peek_ordered())) events_.wake_all();
}

void job_group::refuse(size_t count) {
  {
    tpsync::lock_guard guard(lock_);
    reserved_ -= count;
  }
  submitted_.fetch_sub(count, std::memory_order_seq_cst);
  // The take-back may be what makes the outcomes match the submissions.
  if (finished_now()) wake_waiters();
  refs_.fetch_sub(count, std::memory_order_acq_rel);  // the handle still holds one
}

void job_group::compact() {
  // Queued jobs stay (to be run by helpers or cancelled), running ones too
  // (cancel_queued raises their flag); finished ones go.
  size_t kept = 0;
  for (size_t i = 0; i < entry_count_; ++i) {
    job_record *record = entries_[i];
    const uint32_t state =
        record->state_word.load(std::memory_order_acquire) & job_state::kStateMask;
    if (state == job_state::kQueued || state == job_state::kRunning) {
      entries_[kept++] = record;
    } else {
      job_allocator::unref(record);
    }
  }
  entry_count_ = kept;
  cursor_ = 0;
}

bool job_group::finished_now() const {
  const uint64_t outcomes = done_.load(std::memory_order_seq_cst) +
                            failed_.load(std::memory_order_seq_cst) +
                            cancelled_.load(std::memory_order_seq_cst);
  return outcomes >= submitted_.load(std::memory_order_seq_cst);
}

void job_group::wake_waiters() {
  // A read-modify-write of the waiter state: ordered with a waiter's
  // prepare_wait either way (event_count.h), so no wake-up is lost.
  events_.notify_all();
}

void job_group::job_finished(uint32_t final_state) {
  switch (final_state & job_state::kStateMask) {
    case job_state::kDone:
      done_.fetch_add(1, std::memory_order_seq_cst);
      break;
    case job_state::kFailed:
      failed_.fetch_add(1, std::memory_order_seq_cst);
      break;
    default:
      cancelled_.fetch_add(1, std::memory_order_seq_cst);
      break;
  }
  if (finished_now()) wake_waiters();
  unref();
}

template <typename Claim>
job_record *job_group::claim_oldest_queued(Claim &&claim) {
  tpsync::lock_guard guard(lock_);
  while (cursor_ < entry_count_) {
    job_record *record = entries_[cursor_++];
    if (claim(record)) {
      // The entry's reference keeps the record alive until here; the
      // caller gets its own for after the lock.
      record->refs.fetch_add(1, std::memory_order_relaxed);
      return record;
    }
    // Not queued any more (and never again): it stays behind the cursor.
  }
  return nullptr;
}

bool job_group::has_queued() {
  tpsync::lock_guard guard(lock_);
  return cursor_ < entry_count_;
}

bool job_group::waited_from_inside() const {
  for (const thread_role *role = &current_thread(); role != nullptr; role = role->enclosing) {
    if (role->current_job != nullptr && role->current_job->group == this) return true;
  }
  return false;
}

tpool_status job_group::wait(uint32_t timeout_ms) {
  if (finished_now()) return TPOOL_OK;
  if (waited_from_inside()) return TPOOL_E_WOULD_DEADLOCK;
  const thread_role &role = current_thread();
  worker_slot *helper = role.current_pool == owner_ ? role.slot : nullptr;
  const uint64_t deadline_ns = tpsync::deadline_after(timeout_ms);
  // The timeout bounds the helping too: no new job once the deadline has
  // passed (timeout 0 only looks), though one already started finishes.
  const auto may_help = [&] { return helper != nullptr && tpsync::remaining_ms(deadline_ns) != 0; };
  for (;;) {
    if (finished_now()) return TPOOL_OK;
    if (may_help()) {
      job_record *record = claim_oldest_queued([](job_record *r) { return r->try_start(); });
      if (record != nullptr) {
        owner_->run_claimed(*helper, record);
        job_allocator::unref(record);
        continue;
      }
    }
    // Finished, or (for a helper with time left) a new job to run.
    const bool ready = tpsync::await_until(
        events_, [&] { return finished_now() || (may_help() && has_queued()); }, deadline_ns);
    if (!ready) return TPOOL_E_TIMEOUT;
  }
}

size_t job_group::cancel_queued() {
  size_t cancelled = 0;
  // One at a time, so no callback runs under the lock and nothing is
  // allocated; the cursor makes the whole sweep linear.
  for (;;) {
    job_record *record = claim_oldest_queued([](job_record *r) { return r->try_cancel(); });
    if (record == nullptr) break;
    owner_->finish_cancelled(record);
    job_allocator::unref(record);
    ++cancelled;
  }
  // Running jobs of the group see the cooperative flag.
  tpsync::lock_guard guard(lock_);
  for (size_t i = 0; i < entry_count_; ++i) {
    job_record *record = entries_[i];
    const uint32_t state =
        record->state_word.load(std::memory_order_acquire) & job_state::kStateMask;
    if (state == job_state::kRunning) record->cancel_requested.store(1, std::memory_order_release);
  }
  return cancelled;
}

void job_group::counts(tpool_group_counts *out) const {
  tpool_group_counts counts{};
  counts.struct_size = sizeof(tpool_group_counts);
  // Outcomes first, submissions last (see the header comment).
  counts.done = done_.load(std::memory_order_seq_cst);
  counts.failed = failed_.load(std::memory_order_seq_cst);
  counts.cancelled = cancelled_.load(std::memory_order_seq_cst);
  counts.submitted = submitted_.load(std::memory_order_seq_cst);
  const uint64_t outcomes = counts.done + counts.failed + counts.cancelled;
  counts.pending = counts.submitted > outcomes ? counts.submitted - outcomes : 0;
  *out = counts;
}

}  // namespace tpool_impl
