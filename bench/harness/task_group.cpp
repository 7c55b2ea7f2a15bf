#include "task_group.h"

#include "task_record.h"

namespace bench {

task_group::task_group(uint32_t iterations_per_task) : iterations(iterations_per_task) {
  kind.run = &run_task;
  kind.finish = &finish_task;
}

bool task_group::wait_all_finished(uint32_t timeout_ms) {
  const uint64_t deadline = os::deadline_after_ms(timeout_ms);
  for (;;) {
    if (finished.load(std::memory_order_acquire) >= expected.load(std::memory_order_acquire)) {
      return true;
    }
    const uint32_t left_ms = os::ms_until(deadline);
    if (left_ms == 0) return false;
    // Once kCountReached is set the count has reached expected for good
    // (finished only grows, expected only falls): the check above returns.
    if ((signal.fetch_or(kMainWaits, std::memory_order_seq_cst) & kCountReached) != 0) continue;
    os::wait_on_address(signal, kMainWaits, left_ms < 100 ? left_ms : 100);
  }
}

}  // namespace bench
