#include "batch_signal.h"

#include <cstdio>

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <sys/eventfd.h>
#include <unistd.h>
#endif

namespace client_example {

batch_signal::batch_signal() {
#ifdef _WIN32
  HANDLE event = CreateEventW(nullptr, TRUE, FALSE, nullptr);  // manual reset
  if (event != nullptr) object_ = reinterpret_cast<intptr_t>(event);
#else
  object_ = eventfd(0, EFD_CLOEXEC);
#endif
}

batch_signal::~batch_signal() {
  // Released (and so no longer waited on) before the object is closed.
  if (wait_ != nullptr) tpool_object_wait_release(wait_);
  if (object_ == -1) return;
#ifdef _WIN32
  CloseHandle(reinterpret_cast<HANDLE>(object_));
#else
  close(static_cast<int>(object_));
#endif
}

void batch_signal::signal(void *self) {
  const intptr_t object = static_cast<batch_signal *>(self)->object_;
#ifdef _WIN32
  SetEvent(reinterpret_cast<HANDLE>(object));
#else
  const uint64_t one = 1;
  if (write(static_cast<int>(object), &one, sizeof(one)) != static_cast<ssize_t>(sizeof(one))) {
    std::fprintf(stderr, "batch_signal: write failed\n");
  }
#endif
}

bool batch_signal::watch(tpool_pool *pool, uint32_t watchdog_ms) {
  if (object_ == -1) {
    std::fprintf(stderr, "batch_signal: the OS refused an event\n");
    return false;
  }
  tpool_object_wait_desc desc;
  tpool_object_wait_desc_init(&desc);
  desc.object = object_;
  desc.timeout_ms = watchdog_ms;
  desc.priority = TPOOL_PRIORITY_HIGH;
  desc.fn = &batch_signal::report;
  desc.on_complete = &batch_signal::count;
  desc.context = this;
  const tpool_status status = tpool_object_wait_start(pool, &desc, &wait_);
  if (status != TPOOL_OK) {
    std::fprintf(stderr, "tpool_object_wait_start failed: %s\n", tpool_status_string(status));
    return false;
  }
  return true;
}

tpool_object_wait_result batch_signal::wait_for_report() {
  return reported_.get_future().get();
}

void TPOOL_CALL batch_signal::report(void *context, tpool_job_info * /*info*/,
                                     tpool_object_wait_result result) {
  try {
    static_cast<batch_signal *>(context)->reported_.set_value(result);
  } catch (...) {
    // set_value throws only if called twice; a wait fires once.
  }
}

void TPOOL_CALL batch_signal::count(void *context, tpool_job_state outcome) {
  if (outcome == TPOOL_JOB_DONE) static_cast<batch_signal *>(context)->done_.fetch_add(1);
}

}  // namespace client_example
