// Test-only exports of tpool.dll: drive the fault-injection seam
// (platform/fault_injection.h) that this DLL carries its own copy of (prioq.dll
// has another, see src/prioq/testing/prioq_testing.h).
//
// Compiled into tpool.dll only when TPOOL_FAULT_INJECTION is ON (test
// presets); release DLLs do not export these names. The names contain
// "_testing_" so the export-table test knows they are not public API.
// Not for applications: the counters are process-wide for this DLL, so a test
// that arms a point must not run concurrently with another that does.
#ifndef TPOOL_SRC_TPOOL_TESTING_HOOKS_H
#define TPOOL_SRC_TPOOL_TESTING_HOOKS_H

#include <stdint.h>

#include "tpool/tpool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Injection points; the same numbers as platform::fault::point. */
enum {
  TPOOL_TESTING_FAULT_THREAD_START = 0,
  TPOOL_TESTING_FAULT_ALLOCATION = 1,
  TPOOL_TESTING_FAULT_WAIT = 2
};

/* Arms point to fail on its nth arrival from now (1 = the next; 0 disarms).
 * TPOOL_E_INVALID_ARGUMENT for an unknown point. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_testing_fault_arm(int32_t point, uint64_t nth);

/* Disarms every point and zeroes every counter. Thread-safe. */
TPOOL_API void TPOOL_CALL tpool_testing_fault_reset(void);

/* Arrivals at point since the last reset; 0 for an unknown point. Thread-safe. */
TPOOL_API uint64_t TPOOL_CALL tpool_testing_fault_arrivals(int32_t point);

/* Faults injected at point since the last reset; 0 for an unknown point. Thread-safe. */
TPOOL_API uint64_t TPOOL_CALL tpool_testing_fault_injected(int32_t point);

/* The status audit (test builds check every status an exported function
 * returns against its header comment; see src/abi/api_guard.h). */

/* Bit s set: status s was returned by the named exported function since the
 * last reset; 0 for an unknown name. Thread-safe. */
TPOOL_API uint32_t TPOOL_CALL tpool_testing_statuses_seen(const char *function);

/* Returns made with a status the function's comment does not list, since the
 * last reset; the first one's function and status go to the out-pointers
 * (may be null) when the count is not 0. Thread-safe. */
TPOOL_API uint64_t TPOOL_CALL tpool_testing_undocumented_statuses(const char **out_function,
                                                                  int32_t *out_status);

/* Forgets every status seen. Thread-safe. */
TPOOL_API void TPOOL_CALL tpool_testing_status_audit_reset(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif  // TPOOL_SRC_TPOOL_TESTING_HOOKS_H
