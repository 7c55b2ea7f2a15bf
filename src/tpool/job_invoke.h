// Calls host callbacks behind an exception firewall: nothing a job or a
// completion callback throws may unwind into the worker loop or across the
// C ABI.
//
// What is caught:
//  - C++ exceptions (catch (...)) on every compiler. A worker survives them.
//  - Under MSVC, structured exceptions (access violations, ...) too, through
//    __try/__except in a function of its own (SEH and C++ unwinding cannot
//    share one function). MinGW/GCC has no __try: a structured exception
//    there is not caught and ends the process as it would without a pool.
#ifndef TPOOL_SRC_TPOOL_JOB_INVOKE_H
#define TPOOL_SRC_TPOOL_JOB_INVOKE_H

#include "tpool/tpool.h"

namespace tpool_impl {

enum class invoke_result { returned, threw };

invoke_result invoke_job(tpool_job_fn fn, void *context, tpool_job_info *info) noexcept;
invoke_result invoke_completion(tpool_completion_fn fn, void *context,
                                tpool_job_state outcome) noexcept;

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_JOB_INVOKE_H
