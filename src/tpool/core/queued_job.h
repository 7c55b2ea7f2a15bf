// What travels through prioq for one job. The pool's queue is created with
// item_size = sizeof(queued_job), so prioq copies this struct into its ring
// cell and out again (prioq.h, "Items").
//
// A job without a handle lives entirely in its queued_job: no job record,
// no allocation, no reference count, no state word, and no cache line
// besides the queue's own cell for the submitting and the running core to
// hand over. A job that needs a record (a handle, for waiting on it or
// cancelling it) travels as fn == nullptr with context pointing to its
// job_record, which owns everything else about it.
#ifndef TPOOL_SRC_TPOOL_CORE_QUEUED_JOB_H
#define TPOOL_SRC_TPOOL_CORE_QUEUED_JOB_H

#include <cstdint>

#include "job_record.h"
#include "tpool/tpool.h"

namespace tpool_impl {

struct queued_job {
  tpool_job_fn fn;                  // null: a record-backed job (see above)
  void *context;                    // the caller's, or the job_record
  tpool_completion_fn on_complete;  // may be null; unused for records
  uint64_t id;
  uint64_t submit_cycles;  // platform::cycles() at submit; unused for records

  job_record *record() const {
    return fn == nullptr ? static_cast<job_record *>(context) : nullptr;
  }
};

// prioq takes items that are a whole number of pointers.
static_assert(sizeof(queued_job) % sizeof(void *) == 0, "prioq item size rule");

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_QUEUED_JOB_H
