/*
 * Tiny assertion helpers for the C17 ABI clients: report the failing
 * expression and line on stderr, count failures, and let main() return
 * non-zero. C only, so these programs prove the headers work from plain C.
 */
#ifndef TPOOL_TESTS_ABI_C_CHECK_H
#define TPOOL_TESTS_ABI_C_CHECK_H

#ifdef __cplusplus
#error "The ABI clients must be compiled as C, not C++."
#endif

#include "c_system.h"

static int c_check_failures = 0;

#define C_CHECK(condition)                                                   \
  do {                                                                       \
    if (!(condition)) {                                                      \
      c_report("%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      ++c_check_failures;                                                    \
    }                                                                        \
  } while (0)

/* Checks that a call returned the expected status, printing both on failure. */
#define C_CHECK_STATUS(call, expected)                                                 \
  do {                                                                                 \
    const int c_check_actual_ = (int)(call);                                           \
    if (c_check_actual_ != (int)(expected)) {                                          \
      c_report("%s:%d: %s returned %d, expected %s (%d)\n", __FILE__, __LINE__, #call, \
               c_check_actual_, #expected, (int)(expected));                           \
      ++c_check_failures;                                                              \
    }                                                                                  \
  } while (0)

static int c_check_exit_code(const char *program) {
  if (c_check_failures != 0) {
    c_report("%s: %d check(s) failed\n", program, c_check_failures);
    return 1;
  }
  printf("%s: all checks passed\n", program);
  return 0;
}

#endif /* TPOOL_TESTS_ABI_C_CHECK_H */
