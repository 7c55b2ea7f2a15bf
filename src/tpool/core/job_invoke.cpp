#include "job_invoke.h"

namespace tpool_impl {

invoke_result invoke_job(tpool_job_fn fn, void *context, tpool_job_info *info) noexcept {
  try {
    fn(context, info);
    return invoke_result::returned;
  } catch (...) {
    return invoke_result::threw;
  }
}

invoke_result invoke_completion(tpool_completion_fn fn, void *context,
                                tpool_job_state outcome) noexcept {
  try {
    fn(context, outcome);
    return invoke_result::returned;
  } catch (...) {
    return invoke_result::threw;
  }
}

invoke_result invoke_object_wait(tpool_object_wait_fn fn, void *context, tpool_job_info *info,
                                 tpool_object_wait_result result) noexcept {
  try {
    fn(context, info, result);
    return invoke_result::returned;
  } catch (...) {
    return invoke_result::threw;
  }
}

invoke_result invoke_range(tpool_range_fn fn, void *context, uint64_t begin, uint64_t end,
                           int32_t *out_result) noexcept {
  try {
    *out_result = fn(context, begin, end);
    return invoke_result::returned;
  } catch (...) {
    return invoke_result::threw;
  }
}

}  // namespace tpool_impl
