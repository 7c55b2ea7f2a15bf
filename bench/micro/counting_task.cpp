#include "counting_task.h"

#include "bench_os.h"
#include "workload.h"

namespace bench {
namespace {

void run_counting(bench_task *task) {
  counting_task *self = reinterpret_cast<counting_task *>(task);
  if (self->iterations != 0) {
    self->sink.store(compute_checksum(self->iterations, self->iterations),
                     std::memory_order_relaxed);
  }
}

void finish_counting(bench_task *task, task_outcome) {
  counting_task *self = reinterpret_cast<counting_task *>(task);
  // seq_cst on both sides of the handshake: either this load sees the
  // waiter's wanted, or the waiter's re-check sees this increment.
  const uint64_t now = self->finished.fetch_add(1, std::memory_order_seq_cst) + 1;
  if (now == self->wanted.load(std::memory_order_seq_cst)) {
    self->reached.fetch_add(1, std::memory_order_seq_cst);
    os::wake_all(self->reached);
  }
}

const task_kind kCountingKind{&run_counting, &finish_counting};

}  // namespace

counting_task::counting_task(uint32_t work_iterations) : iterations(work_iterations) {
  task.kind = &kCountingKind;
}

void counting_task::wait_finished(uint64_t target) {
  // Short tasks usually finish within a few yields of the last submit.
  constexpr int kPollRounds = 64;
  for (int round = 0; round < kPollRounds; ++round) {
    if (finished.load(std::memory_order_acquire) >= target) return;
    os::yield_thread();
  }
  for (;;) {
    const uint32_t epoch = reached.load(std::memory_order_seq_cst);
    wanted.store(target, std::memory_order_seq_cst);
    if (finished.load(std::memory_order_seq_cst) >= target) break;
    os::wait_on_address(reached, epoch, os::kInfinite);
  }
  wanted.store(UINT64_MAX, std::memory_order_relaxed);
}

}  // namespace bench
