// Waiter threads and the waits they serve (wait_service.h).
#include "wait_service.h"

#include <algorithm>
#include <string>

#include "fault_injection.h"
#include "job_info.h"
#include "job_invoke.h"
#include "pool.h"

namespace tpool_impl {
namespace {
constexpr size_t kMaxObjects = platform::kMaxWaitObjects;

tpool_object_wait_result result_of(platform::object_state state) {
  switch (state) {
    case platform::object_state::abandoned:
      return TPOOL_OBJECT_WAIT_ABANDONED;
    case platform::object_state::invalid:
      return TPOOL_OBJECT_WAIT_INVALID;
    default:
      return TPOOL_OBJECT_WAIT_SIGNALLED;
  }
}

bool holds(const waiter_thread &w, intptr_t object) {
  for (size_t i = 0; i < w.count; ++i) {
    if (w.slots[i]->object == object) return true;
  }
  return false;
}
}  // namespace

wait_service::~wait_service() {
  // pool::shutdown stops the service first; this covers a pool that never
  // ran one.
  stop(tpsync::kNoDeadline);
  tpsync::lock_guard guard(lock_);
  for (size_t i = 0; i < waiter_count_; ++i) delete waiters_[i];
  delete[] waiters_;
}

tpool_status wait_service::start(const tpool_object_wait_desc &desc, bool with_handle,
                                 wait_entry **out) {
  if (!accepting()) return TPOOL_E_SHUT_DOWN;
  wait_entry *e = allocate<wait_entry>();
  if (e == nullptr) return TPOOL_E_OUT_OF_MEMORY;
  e->fn = desc.fn;
  e->object = desc.object;
  e->deadline_ns = tpsync::deadline_after(desc.timeout_ms);
  const tpool_status status = trigger_service::start(e, common_of(desc), with_handle);
  if (status == TPOOL_OK && with_handle) *out = e;
  return status;
}

tpool_status wait_service::place_new(trigger *base) {
  wait_entry *e = static_cast<wait_entry *>(base);
  return waiter_for(e->object, &e->home);
}

void wait_service::arm_new(trigger *base) {
  wait_entry *e = static_cast<wait_entry *>(base);
  waiter_thread *w = e->home;
  e->id = next_id_++;
  e->slot = w->count;
  w->slots[w->count++] = e;
  ++w->version;
  while (first_with_room_ < waiter_count_ && waiters_[first_with_room_]->count == kMaxObjects) {
    ++first_with_room_;
  }
  // Its next pass includes the new object.
  platform::object_waiter_wake(w->os);
}

tpool_status wait_service::waiter_for(intptr_t object, waiter_thread **out) {
  for (size_t i = first_with_room_; i < waiter_count_; ++i) {
    waiter_thread *candidate = waiters_[i];
    if (candidate->count < kMaxObjects && !holds(*candidate, object)) {
      *out = candidate;
      return TPOOL_OK;
    }
  }
  return add_waiter(out);
}

tpool_status wait_service::add_waiter(waiter_thread **out) {
  if (waiter_count_ == waiter_capacity_) {
    const size_t capacity = waiter_capacity_ == 0 ? 4 : waiter_capacity_ * 2;
    if (platform::fault::should_fail(platform::fault::point::allocation)) {
      return TPOOL_E_OUT_OF_MEMORY;
    }
    waiter_thread **grown = new (std::nothrow) waiter_thread *[capacity];
    if (grown == nullptr) return TPOOL_E_OUT_OF_MEMORY;
    std::copy(waiters_, waiters_ + waiter_count_, grown);
    delete[] waiters_;
    waiters_ = grown;
    waiter_capacity_ = capacity;
  }
  if (platform::fault::should_fail(platform::fault::point::allocation)) {
    return TPOOL_E_OUT_OF_MEMORY;
  }
  waiter_thread *w = new (std::nothrow) waiter_thread;
  if (w == nullptr) return TPOOL_E_OUT_OF_MEMORY;
  if (!platform::object_waiter_open(&w->os)) {
    delete w;
    owner_.log().log(TPOOL_LOG_WARN,
                     "tpool_object_wait_start: the OS refused a waiter's control event");
    return TPOOL_E_OUT_OF_MEMORY;
  }
  w->service = this;
  w->index = static_cast<uint32_t>(waiter_count_);
  const std::string name = owner_.thread_name_prefix() + "-wait-" + std::to_string(w->index);
  platform::thread_options options = owner_.worker_thread_options();
  options.name = name.c_str();
  if (!platform::thread_start(&w->thread, &wait_service::thread_entry, w, options)) {
    platform::object_waiter_close(&w->os);
    delete w;
    owner_.log().log(TPOOL_LOG_WARN,
                     "tpool_object_wait_start: the OS refused to start a waiter thread");
    return TPOOL_E_THREAD_START;
  }
  waiters_[waiter_count_++] = w;
  owner_.log().log(TPOOL_LOG_DEBUG, "waiter thread {} started", w->index);
  *out = w;
  return TPOOL_OK;
}

void wait_service::remove_slot(waiter_thread &w, size_t index) {
  --w.count;
  if (index != w.count) {
    w.slots[index] = w.slots[w.count];
    w.slots[index]->slot = index;
  }
  w.slots[w.count] = nullptr;
  ++w.version;
  if (w.index < first_with_room_) first_with_room_ = w.index;
}

void wait_service::thread_entry(void *waiter) {
  waiter_thread *w = static_cast<waiter_thread *>(waiter);
  w->service->waiter_main(*w);
}

wait_entry *wait_service::find_again(const waiter_thread &w, size_t index, uint64_t id,
                                     uint32_t version) {
  if (w.version == version) return w.slots[index];
  for (size_t i = 0; i < w.count; ++i) {
    if (w.slots[i]->id == id) return w.slots[i];
  }
  return nullptr;
}

void wait_service::waiter_main(waiter_thread &w) {
  intptr_t objects[kMaxObjects];
  uint64_t ids[kMaxObjects];
  platform::object_state states[kMaxObjects];
  lock_.lock();
  for (;;) {
    if (stopping_) break;
    retry_submits(w);
    const size_t count = w.count;
    uint64_t until = w.retry != nullptr ? platform::monotonic_ns() + kRetryNs : tpsync::kNoDeadline;
    for (size_t i = 0; i < count; ++i) {
      objects[i] = w.slots[i]->object;
      ids[i] = w.slots[i]->id;
      if (w.slots[i]->deadline_ns < until) until = w.slots[i]->deadline_ns;
    }
    const uint32_t version = w.version;
    // seq_cst store, then seq_cst load of settling_: a canceller that
    // registers after the load sees this version (settle_unlinked).
    w.armed_version.store(version, std::memory_order_seq_cst);
    lock_.unlock();
    if (settling_.load(std::memory_order_seq_cst) != 0) platform::wake_all(w.armed_version);
    // Rounded up: a pass that ends before a deadline only loops.
    platform::object_waiter_wait(w.os, objects, count, tpsync::remaining_ms(until), states);
    lock_.lock();
    if (stopping_) break;
    for (size_t i = 0; i < count; ++i) {
      if (states[i] == platform::object_state::pending) continue;
      wait_entry *e = find_again(w, i, ids[i], version);
      if (e != nullptr) fire(w, e, result_of(states[i]));
    }
    const uint64_t now = platform::monotonic_ns();
    for (size_t i = 0; i < w.count;) {
      wait_entry *e = w.slots[i];
      if (e->deadline_ns <= now) {
        // One more look first: a ready object fires as such, also when its
        // timeout passed before any pass examined it (timeout_ms 0), and
        // on Windows, where a pass reports only the lowest ready index.
        const platform::object_state last = platform::object_poll(e->object);
        fire(w, e,
             last == platform::object_state::pending ? TPOOL_OBJECT_WAIT_TIMED_OUT
                                                     : result_of(last));  // takes slot i
      } else {
        ++i;
      }
    }
  }
  lock_.unlock();
  w.gone.store(true, std::memory_order_seq_cst);
  platform::wake_all(w.armed_version);
}

void wait_service::fire(waiter_thread &w, wait_entry *e, tpool_object_wait_result result) {
  remove_slot(w, e->slot);
  e->result = result;
  const tpool_status status = submit_instance(e, &wait_service::instance_run);
  if (status == TPOOL_OK || status == TPOOL_E_SHUT_DOWN) {
    // SHUT_DOWN: the pool closed; stop() retires the wait.
    e->home = nullptr;
    if (status == TPOOL_OK) e->phase.store(trigger_phase::kFinished, std::memory_order_release);
    return;
  }
  // No job record now: this waiter retries every kRetryNs.
  e->retrying = true;
  e->retry_next = w.retry;
  w.retry = e;
  log_retry(e, status);
}

void wait_service::retry_submits(waiter_thread &w) {
  wait_entry **link = &w.retry;
  while (*link != nullptr) {
    wait_entry *e = *link;
    if (submit_instance(e, &wait_service::instance_run) == TPOOL_OK) {
      *link = e->retry_next;
      e->retrying = false;
      e->retry_next = nullptr;
      e->home = nullptr;
      e->phase.store(trigger_phase::kFinished, std::memory_order_release);
    } else {
      link = &e->retry_next;
    }
  }
}

void wait_service::unlink_pending(trigger *base) {
  wait_entry *e = static_cast<wait_entry *>(base);
  waiter_thread *w = e->home;
  if (w == nullptr) return;
  e->home = nullptr;
  if (e->retrying) {
    wait_entry **link = &w->retry;
    while (*link != e) link = &(*link)->retry_next;
    *link = e->retry_next;
    e->retrying = false;
    e->retry_next = nullptr;
    return;
  }
  remove_slot(*w, e->slot);
  if (stopping_) return;  // its thread is gone or going
  platform::object_waiter_wake(w->os);
  e->unlinked_from = w;
  e->unlinked_version = w->version;
}

void wait_service::settle_unlinked(trigger *base) {
  wait_entry *e = static_cast<wait_entry *>(base);
  waiter_thread *w = e->unlinked_from;
  if (w == nullptr) return;
  const uint32_t target = e->unlinked_version;
  settling_.fetch_add(1, std::memory_order_seq_cst);
  for (;;) {
    const uint32_t armed = w->armed_version.load(std::memory_order_seq_cst);
    if (w->gone.load(std::memory_order_seq_cst) || static_cast<int32_t>(armed - target) >= 0) break;
    // Bounded, though the waiter wakes us (see waiter_main): re-checks are cheap.
    platform::wait_on_address(w->armed_version, armed, 100);
  }
  settling_.fetch_sub(1, std::memory_order_seq_cst);
}

void wait_service::stop_threads() {
  waiter_thread **waiters = nullptr;
  size_t count = 0;
  {
    tpsync::lock_guard guard(lock_);
    // stopping_ is set: no waiter is added from here on.
    waiters = waiters_;
    count = waiter_count_;
    for (size_t i = 0; i < count; ++i) platform::object_waiter_wake(waiters[i]->os);
  }
  for (size_t i = 0; i < count; ++i) {
    platform::thread_join(&waiters[i]->thread);
    platform::object_waiter_close(&waiters[i]->os);
  }
}

void TPOOL_CALL wait_service::instance_run(void *context, tpool_job_info *info) {
  wait_entry *e = static_cast<wait_entry *>(context);
  e->ran.store(true, std::memory_order_release);
  if (invoke_object_wait(e->fn, e->context, info, e->result) == invoke_result::threw) {
    e->service->fn_threw(e, info);
  }
}

}  // namespace tpool_impl
