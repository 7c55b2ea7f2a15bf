#include "task_group.h"

#include "task_record.h"

namespace bench {

task_group::task_group(uint32_t iterations_per_task) : iterations(iterations_per_task) {
  kind.run = &run_task;
  kind.finish = &finish_task;
}

bool task_group::wait_all_finished(uint32_t timeout_ms) {
  const uint64_t deadline = os::monotonic_ns() + uint64_t{timeout_ms} * 1000000u;
  for (;;) {
    if (finished.load(std::memory_order_acquire) >= expected.load(std::memory_order_acquire)) {
      return true;
    }
    const uint64_t now = os::monotonic_ns();
    if (now >= deadline) return false;
    // Once kCountReached is set the count has reached expected for good
    // (finished only grows, expected only falls): the check above returns.
    if ((signal.fetch_or(kMainWaits, std::memory_order_seq_cst) & kCountReached) != 0) continue;
    const uint64_t left_ms = (deadline - now) / 1000000u + 1;
    os::wait_on_address(signal, kMainWaits, static_cast<uint32_t>(left_ms < 100 ? left_ms : 100));
  }
}

}  // namespace bench
