// The status audit behind api_call (api_call.h) and its test-only exports.
// Release builds compile all of it out.
#include "api_call.h"

#include "tpool_testing.h"

#if defined(TPOOL_FAULT_INJECTION)
namespace tpool_impl {
namespace {

#define STATUS(name) abi::status_bit(name)
#define DOCUMENTED(function, mask) {#function, mask},
constexpr abi::documented_function kFunctions[] = {
#include "tpool_statuses.inc"
};
#undef DOCUMENTED
#undef STATUS
static_assert(sizeof(kFunctions) / sizeof(kFunctions[0]) == api_function_count);

abi::status_audit<api_function_count> g_audit(kFunctions);

}  // namespace

void audit_status(api_function function, int32_t status) noexcept {
  g_audit.record(function, status);
}

}  // namespace tpool_impl

extern "C" {

TPOOL_API uint32_t TPOOL_CALL tpool_testing_statuses_seen(const char *function) {
  return tpool_impl::g_audit.seen(function);
}

TPOOL_API uint64_t TPOOL_CALL tpool_testing_undocumented_statuses(const char **out_function,
                                                                  int32_t *out_status) {
  return tpool_impl::g_audit.undocumented(out_function, out_status);
}

TPOOL_API void TPOOL_CALL tpool_testing_status_audit_reset(void) {
  tpool_impl::g_audit.reset();
}

}  // extern "C"
#endif
