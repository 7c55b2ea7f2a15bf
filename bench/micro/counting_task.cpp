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
  self->left.fetch_add(1, std::memory_order_release);  // the last touch of *self
}

const task_kind kCountingKind{&run_counting, &finish_counting};

}  // namespace

counting_task::counting_task(uint32_t work_iterations) : iterations(work_iterations) {
  task.kind = &kCountingKind;
}

void counting_task::wait_finished(uint64_t target) {
  // Short tasks usually finish within a few yields of the last submit.
  constexpr int kPollRounds = 64;
  bool done = false;
  for (int round = 0; round < kPollRounds && !done; ++round) {
    done = finished.load(std::memory_order_acquire) >= target;
    if (!done) os::yield_thread();
  }
  while (!done) {
    const uint32_t epoch = reached.load(std::memory_order_seq_cst);
    wanted.store(target, std::memory_order_seq_cst);
    done = finished.load(std::memory_order_seq_cst) >= target;
    if (!done) os::wait_on_address(reached, epoch, os::kInfinite);
  }
  wanted.store(UINT64_MAX, std::memory_order_relaxed);
  // The completion that reached target may still be reading wanted or
  // waking: a few instructions, so a yield loop.
  while (left.load(std::memory_order_acquire) < target) os::yield_thread();
}

}  // namespace bench
