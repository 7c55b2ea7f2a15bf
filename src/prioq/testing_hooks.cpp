// Test-only exports (see testing_hooks.h). Built only with TPOOL_FAULT_INJECTION.
#include "prioq/testing_hooks.h"

#include "platform/fault_injection.h"

#if !defined(TPOOL_FAULT_INJECTION)
#error "testing_hooks.cpp belongs only in TPOOL_FAULT_INJECTION builds"
#endif

namespace {

bool known_point(int32_t point) {
  return point >= 0 && point < platform::fault::kPointCount;
}

}  // namespace

extern "C" {

PRIOQ_API prioq_status PRIOQ_CALL prioq_testing_fault_arm(int32_t point, uint64_t nth) {
  if (!known_point(point)) return PRIOQ_E_INVALID_ARGUMENT;
  platform::fault::arm(static_cast<platform::fault::point>(point), nth);
  return PRIOQ_OK;
}

PRIOQ_API void PRIOQ_CALL prioq_testing_fault_reset(void) { platform::fault::reset(); }

PRIOQ_API uint64_t PRIOQ_CALL prioq_testing_fault_arrivals(int32_t point) {
  if (!known_point(point)) return 0;
  return platform::fault::arrivals(static_cast<platform::fault::point>(point));
}

PRIOQ_API uint64_t PRIOQ_CALL prioq_testing_fault_injected(int32_t point) {
  if (!known_point(point)) return 0;
  return platform::fault::injected(static_cast<platform::fault::point>(point));
}

}  // extern "C"
