// Test-only exports (declared in testing/tpool_testing.h). Built only with
// TPOOL_FAULT_INJECTION.
#include "fault_injection.h"
#include "tpool_testing.h"

#if !defined(TPOOL_FAULT_INJECTION)
#error "testing_exports.cpp belongs only in TPOOL_FAULT_INJECTION builds"
#endif

extern "C" {

TPOOL_API tpool_status TPOOL_CALL tpool_testing_fault_arm(int32_t point, uint64_t nth) {
  return platform::fault::arm_number(point, nth) ? TPOOL_OK : TPOOL_E_INVALID_ARGUMENT;
}

TPOOL_API void TPOOL_CALL tpool_testing_fault_reset(void) {
  platform::fault::reset();
}

TPOOL_API uint64_t TPOOL_CALL tpool_testing_fault_arrivals(int32_t point) {
  return platform::fault::arrivals_number(point);
}

TPOOL_API uint64_t TPOOL_CALL tpool_testing_fault_injected(int32_t point) {
  return platform::fault::injected_number(point);
}

}  // extern "C"
