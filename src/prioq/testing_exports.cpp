// Test-only exports (declared in testing/prioq_testing.h). Built only with
// TPOOL_FAULT_INJECTION.
#include "fault_injection.h"
#include "prioq_testing.h"

#if !defined(TPOOL_FAULT_INJECTION)
#error "testing_exports.cpp belongs only in TPOOL_FAULT_INJECTION builds"
#endif

extern "C" {

PRIOQ_API prioq_status PRIOQ_CALL prioq_testing_fault_arm(int32_t point, uint64_t nth) {
  return platform::fault::arm_number(point, nth) ? PRIOQ_OK : PRIOQ_E_INVALID_ARGUMENT;
}

PRIOQ_API void PRIOQ_CALL prioq_testing_fault_reset(void) {
  platform::fault::reset();
}

PRIOQ_API uint64_t PRIOQ_CALL prioq_testing_fault_arrivals(int32_t point) {
  return platform::fault::arrivals_number(point);
}

PRIOQ_API uint64_t PRIOQ_CALL prioq_testing_fault_injected(int32_t point) {
  return platform::fault::injected_number(point);
}

}  // extern "C"
