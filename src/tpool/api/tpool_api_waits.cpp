// The exported C ABI of object waits (tpool.h, "Object waits"): what only
// waits check (the object) and report (whether fn ran); what they share
// with timers is in trigger_api.h, the exception firewall in api_call.h,
// and the wait service (wait_service.h) does the work.
#include "api_call.h"
#include "object_wait.h"
#include "pool.h"
#include "tpool/tpool.h"
#include "trigger.h"
#include "trigger_api.h"
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
    const tpool_status checked = read_trigger_desc(
        owner, "tpool_object_wait_start", desc, kWaitDescVersions, &effective,
        [](const tpool_object_wait_desc &d) { return platform::object_is_open(d.object); });
    if (checked != TPOOL_OK) return checked;
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
    trigger_service::cancel_outcome outcome{};
    const tpool_status status = cancel_trigger(e, wait, "tpool_object_wait_cancel", &outcome);
    if (status != TPOOL_OK || outcome == trigger_service::cancel_outcome::cancelled_queued) {
      return status;
    }
    // Nothing in flight (any more): fn either ran to its end or never will.
    return e->ran.load(std::memory_order_acquire) ? TPOOL_E_JOB_FINISHED : TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_release(tpool_object_wait *handle) {
  return api_call(fn_tpool_object_wait_release, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    return release_trigger(wait_of(handle));
  });
}

}  // extern "C"
