// The exported C ABI of timers (tpool.h, "Timers"): what only timers check
// (mode, period) and do (set, get_state); what they share with object waits
// is in trigger_api.h, the exception firewall in api_call.h, and the timer
// service (timer_service.h) does the work.
#include "api_call.h"
#include "pool.h"
#include "timer_service.h"
#include "tpool/tpool.h"
#include "trigger.h"
#include "trigger_api.h"
#include "versioned_struct.h"

using namespace tpool_impl;

namespace {

constexpr auto kTimerDescVersions = abi::versions_of<tpool_timer_desc>(TPOOL_TIMER_DESC_SIZE_V1);
static_assert(kTimerDescVersions.newest() == sizeof(tpool_timer_desc));

tpool_timer_desc default_timer_desc() {
  tpool_timer_desc desc{};
  desc.struct_size = sizeof(tpool_timer_desc);
  desc.priority = TPOOL_PRIORITY_MEDIUM;
  desc.mode = TPOOL_TIMER_ONCE;
  return desc;
}

bool valid_mode(int32_t mode) {
  return mode == TPOOL_TIMER_ONCE || mode == TPOOL_TIMER_FIXED_RATE ||
         mode == TPOOL_TIMER_FIXED_DELAY;
}

// ONCE takes no period; the periodic modes need one.
bool valid_period(int32_t mode, uint32_t period_ms) {
  return mode == TPOOL_TIMER_ONCE ? period_ms == 0 : period_ms != 0;
}

timer_service &service_of(timer_entry *t) {
  return static_cast<timer_service &>(*t->service);
}

}  // namespace

extern "C" {

TPOOL_API tpool_status TPOOL_CALL tpool_timer_desc_init_sized(tpool_timer_desc *desc,
                                                              uint32_t struct_size) {
  return api_call(fn_tpool_timer_desc_init_sized, [&] {
    if (desc == nullptr) return TPOOL_E_NULL_POINTER;
    return abi::write_init(default_timer_desc(), struct_size, kTimerDescVersions, desc)
               ? TPOOL_OK
               : TPOOL_E_BAD_STRUCT_SIZE;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_timer_start(tpool_pool *handle,
                                                    const tpool_timer_desc *desc,
                                                    tpool_timer **out_timer) {
  return api_call(fn_tpool_timer_start, [&] {
    if (handle == nullptr || desc == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    tpool_timer_desc effective = default_timer_desc();
    const tpool_status checked =
        read_trigger_desc(owner, "tpool_timer_start", desc, kTimerDescVersions, &effective,
                          [](const tpool_timer_desc &d) {
                            return valid_mode(d.mode) && valid_period(d.mode, d.period_ms);
                          });
    if (checked != TPOOL_OK) return checked;
    timer_entry *created = nullptr;
    const tpool_status status = owner->timers().start(effective, out_timer != nullptr, &created);
    if (status == TPOOL_OK && out_timer != nullptr) {
      *out_timer = reinterpret_cast<tpool_timer *>(created);
    }
    return status;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_timer_set(tpool_timer *timer, uint32_t delay_ms,
                                                  uint32_t period_ms) {
  return api_call(fn_tpool_timer_set, [&] {
    if (timer == nullptr) return TPOOL_E_NULL_POINTER;
    timer_entry *t = timer_of(timer);
    if (!live_trigger(t)) return TPOOL_E_INVALID_HANDLE;
    if (!valid_period(t->mode, period_ms)) {
      return reject_trigger(t, "tpool_timer_set", TPOOL_E_INVALID_ARGUMENT);
    }
    if (t->detached.load(std::memory_order_acquire)) {
      return t->phase.load(std::memory_order_acquire) == trigger_phase::kCancelled
                 ? TPOOL_E_CANCELLED
                 : TPOOL_E_SHUT_DOWN;
    }
    return service_of(t).set(t, delay_ms, period_ms);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_timer_cancel(tpool_timer *timer, int32_t wait) {
  return api_call(fn_tpool_timer_cancel, [&] {
    if (timer == nullptr) return TPOOL_E_NULL_POINTER;
    // Whatever the cancel found, the timer is cancelled now: nothing more
    // to report.
    trigger_service::cancel_outcome outcome{};
    return cancel_trigger(timer_of(timer), wait, "tpool_timer_cancel", &outcome);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_timer_get_state(const tpool_timer *timer,
                                                        tpool_timer_state *out_state,
                                                        uint64_t *out_fired,
                                                        uint64_t *out_skipped) {
  return api_call(fn_tpool_timer_get_state, [&] {
    if (timer == nullptr) return TPOOL_E_NULL_POINTER;
    // The query changes nothing; the service's lock is what it needs.
    timer_entry *t = const_cast<timer_entry *>(timer_of(timer));
    if (!live_trigger(t)) return TPOOL_E_INVALID_HANDLE;
    if (out_state != nullptr) *out_state = timer_service::state_of(t);
    if (out_fired != nullptr) *out_fired = t->fired.load(std::memory_order_relaxed);
    if (out_skipped != nullptr) *out_skipped = t->skipped.load(std::memory_order_relaxed);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_timer_release(tpool_timer *timer) {
  return api_call(fn_tpool_timer_release, [&] {
    if (timer == nullptr) return TPOOL_E_NULL_POINTER;
    return release_trigger(timer_of(timer));
  });
}

}  // extern "C"
