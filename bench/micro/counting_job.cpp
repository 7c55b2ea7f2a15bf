#include "counting_job.h"

#include "platform/platform.h"
#include "workload.h"

namespace bench {
namespace {

void run_counting(bench_job *job) {
  counting_job *self = reinterpret_cast<counting_job *>(job);
  if (self->iterations != 0) {
    self->sink.store(compute_checksum(self->iterations, self->iterations),
                     std::memory_order_relaxed);
  }
}

void finish_counting(bench_job *job, job_outcome) {
  reinterpret_cast<counting_job *>(job)->finished.fetch_add(1, std::memory_order_release);
}

const job_kind kCountingKind{&run_counting, &finish_counting};

}  // namespace

counting_job::counting_job(uint32_t work_iterations) : iterations(work_iterations) {
  job.kind = &kCountingKind;
}

void counting_job::wait_finished(uint64_t target) const {
  while (finished.load(std::memory_order_acquire) < target) platform::yield_thread();
}

}  // namespace bench
