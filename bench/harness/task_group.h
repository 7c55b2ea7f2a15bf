// What every task of one repetition shares: the task kind installed in each
// record, the workload size, and the completion count the main thread waits
// on.
//
// Lifetime: a task_group must outlive every pool thread that may run or
// finish its tasks. Shut the pool down (joining its threads) before
// destroying the group, because the task that completes the count still
// touches the group after the waiter could have seen the count complete.
#ifndef TPOOL_BENCH_HARNESS_TASK_GROUP_H
#define TPOOL_BENCH_HARNESS_TASK_GROUP_H

#include <atomic>
#include <cstdint>

#include "bench_os.h"
#include "peer_pool.h"

namespace bench {

struct task_group {
  task_kind kind{};
  uint32_t iterations = 0;
  bool record_start_ticks = false;  // probes: stamp start_ticks in the body

  // Completion: every outcome counts in `finished`; the main thread waits
  // until it reaches `expected`. Only the task that completes the count
  // touches `signal`, and it makes a wake call only when the main thread
  // sleeps, so no kernel object and no system call sit on the per-task path.
  alignas(64) std::atomic<uint64_t> finished{0};
  std::atomic<uint64_t> expected{~uint64_t{0}};
  // Bits that are only ever set, by read-modify-writes, which orders them:
  // if the completing task sets kCountReached before the main thread sets
  // kMainWaits, the main thread sees it and does not sleep; otherwise the
  // task sees kMainWaits and wakes it.
  static constexpr uint32_t kCountReached = 1;
  static constexpr uint32_t kMainWaits = 2;
  alignas(64) std::atomic<uint32_t> signal{0};

  explicit task_group(uint32_t iterations_per_task);

  // Counts one task outcome. Any thread. Inline: it is on every task's path.
  void note_finished() {
    const uint64_t count = finished.fetch_add(1, std::memory_order_acq_rel) + 1;
    if (count < expected.load(std::memory_order_acquire)) return;
    if ((signal.fetch_or(kCountReached, std::memory_order_seq_cst) & kMainWaits) != 0) {
      os::wake_all(signal);
    }
  }

  // Main thread only. Waits until finished >= expected or timeout_ms
  // elapses (returns false). expected may be lowered while tasks still
  // finish (rejected submits); a task that read the old value does not wake
  // the waiter, which then re-checks within 100 ms.
  bool wait_all_finished(uint32_t timeout_ms);
};

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_TASK_GROUP_H
