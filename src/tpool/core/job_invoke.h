// Calls host callbacks behind the C++ exception firewall: a C++ exception
// that a job or completion callback lets escape, and that can unwind into
// tpool's frames, stops here instead of unwinding into the worker loop or
// across the C ABI.
//
// What reaches this catch depends on the target (tpool.h, "Exceptions
// escaping a callback"): C++ exceptions of MinGW x64 and Linux code do;
// those of MinGW x86 code cannot unwind through this DLL (their runtime
// calls std::terminate first); structured exceptions (and MSVC C++
// exceptions, which are structured exceptions) are deliberately not caught
// by any build: the worker's state after an access violation cannot be
// trusted, and the Windows thread pool lets them reach the process's
// unhandled-exception filter too. MSVC builds compile this file with /EHs
// /EHc- so that calls through the extern "C" callback types may throw.
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
