// Calls host callbacks behind the C++ exception firewall: a C++ exception
// that a callback lets escape, and that can unwind into tpool's frames,
// stops here instead of unwinding into the worker loop or across the C ABI.
// Which exceptions get this far on which target, and why structured
// exceptions are deliberately never caught: docs/reliability.md,
// "Exceptions". MSVC builds compile tpool.dll with /EHs /EHc- so that calls
// through the extern "C" callback types may throw.
#ifndef TPOOL_SRC_TPOOL_CORE_JOB_INVOKE_H
#define TPOOL_SRC_TPOOL_CORE_JOB_INVOKE_H

#include <cstdint>

#include "tpool/tpool.h"

namespace tpool_impl {

enum class invoke_result { returned, threw };

invoke_result invoke_job(tpool_job_fn fn, void *context, tpool_job_info *info) noexcept;
invoke_result invoke_completion(tpool_completion_fn fn, void *context,
                                tpool_job_state outcome) noexcept;
// An object wait's fn, told why it fired.
invoke_result invoke_object_wait(tpool_object_wait_fn fn, void *context, tpool_job_info *info,
                                 tpool_object_wait_result result) noexcept;
// A parallel loop's body over [begin, end); *out_result gets its return
// value when it returns.
invoke_result invoke_range(tpool_range_fn fn, void *context, uint64_t begin, uint64_t end,
                           int32_t *out_result) noexcept;

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_JOB_INVOKE_H
