// What the exported functions of timers and object waits share
// (tpool_api_timers.cpp, tpool_api_waits.cpp): reading and checking a
// start's desc, and the handle calls whose checks and outcomes are the same
// for both kinds (cancel, release). What differs (a timer's mode and
// period, a wait's object; what a cancel reports once an instance ended)
// stays in each kind's file.
#ifndef TPOOL_SRC_TPOOL_API_TRIGGER_API_H
#define TPOOL_SRC_TPOOL_API_TRIGGER_API_H

#include <cstdint>

#include "api_call.h"
#include "pool.h"
#include "tpool/tpool.h"
#include "trigger.h"
#include "versioned_struct.h"

namespace tpool_impl {

// A handle is usable while its trigger says an unreleased handle exists.
inline bool live_trigger(const trigger *t) {
  return t->handle_magic.load(std::memory_order_acquire) == kTriggerHandleLive;
}

// A refused call on a trigger, logged through its pool while that is
// reachable (a detached trigger's pool may be gone).
inline tpool_status reject_trigger(trigger *t, const char *function, tpool_status status) {
  if (t->detached.load(std::memory_order_acquire)) return status;
  return reject(&t->service->owner(), function, status);
}

// Reads *desc over defaults into *effective and checks what every kind's
// desc has (fn, priority, the reserved field); check_kind(effective)
// returns the kind's own verdict (TPOOL_OK or TPOOL_E_INVALID_ARGUMENT).
// Refusals are logged through owner.
template <typename Desc, size_t N, typename CheckKind>
tpool_status read_trigger_desc(pool *owner, const char *function, const Desc *desc,
                               const abi::struct_versions<Desc, N> &versions, Desc *effective,
                               CheckKind &&check_kind) {
  if (!abi::read_input(desc, versions, effective)) {
    return reject(owner, function, TPOOL_E_BAD_STRUCT_SIZE);
  }
  if (effective->fn == nullptr) return reject(owner, function, TPOOL_E_NULL_POINTER);
  if (!valid_priority(effective->priority)) return reject(owner, function, TPOOL_E_BAD_PRIORITY);
  if (effective->reserved0_ != 0 || !check_kind(*effective)) {
    return reject(owner, function, TPOOL_E_INVALID_ARGUMENT);
  }
  return TPOOL_OK;
}

// tpool_timer_cancel and tpool_object_wait_cancel, up to what each reports
// once nothing runs: the handle and argument checks, the cancel (or, for a
// detached trigger, the wait for its on_retire), TPOOL_E_WOULD_DEADLOCK and
// TPOOL_E_JOB_RUNNING. On TPOOL_OK *outcome is what the cancel found.
inline tpool_status cancel_trigger(trigger *t, int32_t wait, const char *function,
                                   trigger_service::cancel_outcome *outcome) {
  if (!live_trigger(t)) return TPOOL_E_INVALID_HANDLE;
  if (wait != 0 && wait != 1) return reject_trigger(t, function, TPOOL_E_INVALID_ARGUMENT);
  *outcome = trigger_service::cancel_outcome::idle;
  if (!t->detached.load(std::memory_order_acquire)) {
    *outcome = t->service->cancel(t, wait == 1);
  } else if (wait == 1) {
    // Retired, so nothing of it is in flight; its on_retire may still be
    // running on the thread that retired it.
    trigger_service::wait_retired(t);
  }
  switch (*outcome) {
    case trigger_service::cancel_outcome::would_deadlock:
      return reject_trigger(t, function, TPOOL_E_WOULD_DEADLOCK);
    case trigger_service::cancel_outcome::running:
      return TPOOL_E_JOB_RUNNING;
    default:
      return TPOOL_OK;
  }
}

// tpool_timer_release and tpool_object_wait_release (t not null).
inline tpool_status release_trigger(trigger *t) {
  return trigger_service::release_handle(t) ? TPOOL_OK : TPOOL_E_INVALID_HANDLE;
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_API_TRIGGER_API_H
