#include "tpool/job_invoke.h"

#if defined(_MSC_VER)
#include <excpt.h>
#endif

namespace tpool_impl {
namespace {

#if defined(_MSC_VER)
// Kept free of C++ objects with destructors: MSVC forbids __try in a function
// that needs C++ unwinding. Returns false if a structured exception was raised.
bool call_job_seh(tpool_job_fn fn, void *context, tpool_job_info *info) {
  __try {
    fn(context, info);
  } __except (EXCEPTION_EXECUTE_HANDLER) {
    return false;
  }
  return true;
}

bool call_completion_seh(tpool_completion_fn fn, void *context, tpool_job_state outcome) {
  __try {
    fn(context, outcome);
  } __except (EXCEPTION_EXECUTE_HANDLER) {
    return false;
  }
  return true;
}
#else
bool call_job_seh(tpool_job_fn fn, void *context, tpool_job_info *info) {
  fn(context, info);
  return true;
}

bool call_completion_seh(tpool_completion_fn fn, void *context, tpool_job_state outcome) {
  fn(context, outcome);
  return true;
}
#endif

}  // namespace

invoke_result invoke_job(tpool_job_fn fn, void *context, tpool_job_info *info) noexcept {
  try {
    return call_job_seh(fn, context, info) ? invoke_result::returned : invoke_result::threw;
  } catch (...) {
    return invoke_result::threw;
  }
}

invoke_result invoke_completion(tpool_completion_fn fn, void *context,
                                tpool_job_state outcome) noexcept {
  try {
    return call_completion_seh(fn, context, outcome) ? invoke_result::returned
                                                     : invoke_result::threw;
  } catch (...) {
    return invoke_result::threw;
  }
}

}  // namespace tpool_impl
