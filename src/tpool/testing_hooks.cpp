// Test-only exports (see testing_hooks.h). Built only with TPOOL_FAULT_INJECTION.
#include "tpool/testing_hooks.h"

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

TPOOL_API tpool_status TPOOL_CALL tpool_testing_fault_arm(int32_t point, uint64_t nth) {
  if (!known_point(point)) return TPOOL_E_INVALID_ARGUMENT;
  platform::fault::arm(static_cast<platform::fault::point>(point), nth);
  return TPOOL_OK;
}

TPOOL_API void TPOOL_CALL tpool_testing_fault_reset(void) {
  platform::fault::reset();
}

TPOOL_API uint64_t TPOOL_CALL tpool_testing_fault_arrivals(int32_t point) {
  if (!known_point(point)) return 0;
  return platform::fault::arrivals(static_cast<platform::fault::point>(point));
}

TPOOL_API uint64_t TPOOL_CALL tpool_testing_fault_injected(int32_t point) {
  if (!known_point(point)) return 0;
  return platform::fault::injected(static_cast<platform::fault::point>(point));
}

}  // extern "C"
