// What every file of tpool.dll's exported C ABI shares (tpool_api*.cpp):
// the list of exported functions, the firewall each status-returning one
// runs its body in, and the argument checks more than one of them needs.
//
// api_call(function, body) runs body() behind abi::guarded: no exception
// escapes (std::bad_alloc becomes TPOOL_E_OUT_OF_MEMORY, anything else
// TPOOL_E_INTERNAL), and fault-injection builds audit the returned status
// against the ones the header documents for that function (api_call.cpp).
#ifndef TPOOL_SRC_TPOOL_API_API_CALL_H
#define TPOOL_SRC_TPOOL_API_API_CALL_H

#include <cstddef>
#include <cstdint>

#include "api_guard.h"
#include "job_record.h"
#include "pool.h"
#include "tpool/tpool.h"

namespace tpool_impl {

// One enumerator per exported function that returns a status, in the order
// of the generated table (testing/tpool_statuses.inc).
#define DOCUMENTED(function, mask) fn_##function,
enum api_function : size_t {
#include "tpool_statuses.inc"
  api_function_count
};
#undef DOCUMENTED

#if defined(TPOOL_FAULT_INJECTION)
// Records one returned status in the audit (api_call.cpp). Thread-safe.
void audit_status(api_function function, int32_t status) noexcept;
struct status_recorder {
  void record(size_t function, int32_t status) noexcept {
    audit_status(static_cast<api_function>(function), status);
  }
};
#endif

template <typename Body>
tpool_status api_call(api_function function, Body &&body) noexcept {
#if defined(TPOOL_FAULT_INJECTION)
  status_recorder recorder;
  return abi::guarded<tpool_status, TPOOL_E_OUT_OF_MEMORY, TPOOL_E_INTERNAL>(
      &recorder, function, static_cast<Body &&>(body));
#else
  return abi::guarded<tpool_status, TPOOL_E_OUT_OF_MEMORY, TPOOL_E_INTERNAL>(
      static_cast<std::nullptr_t *>(nullptr), function, static_cast<Body &&>(body));
#endif
}

inline bool valid_priority(int32_t priority) {
  return priority >= TPOOL_PRIORITY_HIGH && priority <= TPOOL_PRIORITY_LOW;
}

// A handle is usable while its record says an unreleased handle exists.
inline bool live_handle(const job_record *record) {
  return record->handle_magic.load(std::memory_order_acquire) == kHandleLive;
}

// Logs a refused call at WARN (bad input gets a status and a log line) and
// returns its status.
inline tpool_status reject(pool *owner, const char *function, tpool_status status) {
  owner->log().log(TPOOL_LOG_WARN, "{}: {}", function, tpool_status_string(status));
  return status;
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_API_API_CALL_H
