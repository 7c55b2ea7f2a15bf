// The object behind tpool_job_info: lives on the worker's stack for the
// duration of one job callback.
#ifndef TPOOL_SRC_TPOOL_CORE_JOB_INFO_H
#define TPOOL_SRC_TPOOL_CORE_JOB_INFO_H

#include <cstdint>

#include "job_record.h"
#include "tpool/tpool.h"

struct tpool_job_info {
  // The job's record, or null for a job without one (queued_job.h), which
  // nobody can ask to cancel: its cancel flag reads 0.
  const tpool_impl::job_record *record;
  uint64_t id;
  int32_t priority;
  uint32_t worker_index;
  bool failed;  // set by tpool_job_info_set_failed
};

#endif  // TPOOL_SRC_TPOOL_CORE_JOB_INFO_H
