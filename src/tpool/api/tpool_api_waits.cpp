// The exported C ABI of waits on OS objects (tpool.h, "waits on kernel
// objects"): argument checks, versioned structs and the exception firewall
// (api_call.h); the wait service (wait_service.h) does the work.
#include "api_call.h"
#include "object_wait.h"
#include "pool.h"
#include "tpool/tpool.h"
#include "trigger.h"
#include "versioned_struct.h"
#include "wait_service.h"

using namespace tpool_impl;

namespace {

constexpr auto kWaitDescVersions =
    abi::versions_of<tpool_object_wait_desc>(TPOOL_OBJECT_WAIT_DESC_SIZE_V1);
static_assert(kWaitDescVersions.newest() == sizeof(tpool_object_wait_desc));

tpool_object_wait_desc default_wait_desc() {
  tpool_object_wait_desc desc{};
  desc.struct_size = sizeof(tpool_object_wait_desc);
  desc.priority = TPOOL_PRIORITY_MEDIUM;
  desc.object = -1;
  desc.timeout_ms = TPOOL_INFINITE;
  return desc;
}

bool live_wait(const wait_entry *e) {
  return e->handle_magic.load(std::memory_order_acquire) == kTriggerHandleLive;
}

tpool_status reject_wait(wait_entry *e, const char *function, tpool_status status) {
  if (e->detached.load(std::memory_order_acquire)) return status;
  return reject(&e->service->owner(), function, status);
}

}  // namespace

extern "C" {

TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_desc_init_sized(tpool_object_wait_desc *desc,
                                                                    uint32_t struct_size) {
  return api_call(fn_tpool_object_wait_desc_init_sized, [&] {
    if (desc == nullptr) return TPOOL_E_NULL_POINTER;
    return abi::write_init(default_wait_desc(), struct_size, kWaitDescVersions, desc)
               ? TPOOL_OK
               : TPOOL_E_BAD_STRUCT_SIZE;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_start(tpool_pool *handle,
                                                          const tpool_object_wait_desc *desc,
                                                          tpool_object_wait **out_wait) {
  return api_call(fn_tpool_object_wait_start, [&] {
    if (handle == nullptr || desc == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    tpool_object_wait_desc effective = default_wait_desc();
    if (!abi::read_input(desc, kWaitDescVersions, &effective)) {
      return reject(owner, "tpool_object_wait_start", TPOOL_E_BAD_STRUCT_SIZE);
    }
    if (effective.fn == nullptr)
      return reject(owner, "tpool_object_wait_start", TPOOL_E_NULL_POINTER);
    if (!valid_priority(effective.priority)) {
      return reject(owner, "tpool_object_wait_start", TPOOL_E_BAD_PRIORITY);
    }
    if (effective.reserved0_ != 0 || !platform::object_is_open(effective.object)) {
      return reject(owner, "tpool_object_wait_start", TPOOL_E_INVALID_ARGUMENT);
    }
    wait_entry *created = nullptr;
    const tpool_status status = owner->waits().start(effective, out_wait != nullptr, &created);
    if (status == TPOOL_OK && out_wait != nullptr) {
      *out_wait = reinterpret_cast<tpool_object_wait *>(created);
    }
    return status;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_cancel(tpool_object_wait *handle,
                                                           int32_t wait) {
  return api_call(fn_tpool_object_wait_cancel, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    wait_entry *e = wait_of(handle);
    if (!live_wait(e)) return TPOOL_E_INVALID_HANDLE;
    if (wait != 0 && wait != 1)
      return reject_wait(e, "tpool_object_wait_cancel", TPOOL_E_INVALID_ARGUMENT);
    trigger_service::cancel_outcome outcome = trigger_service::cancel_outcome::idle;
    if (!e->detached.load(std::memory_order_acquire)) {
      outcome = e->service->cancel(e, wait == 1);
    } else if (wait == 1) {
      // Retired; its on_retire may still be running on another thread.
      trigger_service::wait_retired(e);
    }
    switch (outcome) {
      case trigger_service::cancel_outcome::would_deadlock:
        return reject_wait(e, "tpool_object_wait_cancel", TPOOL_E_WOULD_DEADLOCK);
      case trigger_service::cancel_outcome::running:
        return TPOOL_E_JOB_RUNNING;
      case trigger_service::cancel_outcome::cancelled_queued:
        return TPOOL_OK;
      default:
        // Nothing in flight (any more): fn either ran to its end or never will.
        return e->ran.load(std::memory_order_acquire) ? TPOOL_E_JOB_FINISHED : TPOOL_OK;
    }
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_release(tpool_object_wait *handle) {
  return api_call(fn_tpool_object_wait_release, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    return trigger_service::release_handle(wait_of(handle)) ? TPOOL_OK : TPOOL_E_INVALID_HANDLE;
  });
}

}  // extern "C"
