// What the timer and object-wait scenarios share: a trigger's fn that holds
// its worker until released and records what a cancel with wait on its own
// handle returns from inside.
#ifndef TPOOL_TESTS_ABI_STATUS_CONTRACT_TRIGGER_HOLDER_H
#define TPOOL_TESTS_ABI_STATUS_CONTRACT_TRIGGER_HOLDER_H

#include <atomic>
#include <cstdint>

#include "gate.h"
#include "tpool/tpool.h"

namespace status_contract {

struct trigger_holder {
  std::atomic<tpool_timer *> timer{nullptr};
  std::atomic<tpool_object_wait *> wait{nullptr};
  std::atomic<int32_t> own_cancel_with_wait{-1};
  // Set before the start: fn first waits until the test has stored the
  // handle and opened handle_published.
  bool calls_itself = false;
  test_support::gate handle_published;
  test_support::gate release;  // fn stays inside until it opens

  void hold() {
    if (calls_itself) handle_published.pass();
    if (timer.load() != nullptr) own_cancel_with_wait.store(tpool_timer_cancel(timer.load(), 1));
    if (wait.load() != nullptr) {
      own_cancel_with_wait.store(tpool_object_wait_cancel(wait.load(), 1));
    }
    release.pass();
  }
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    static_cast<trigger_holder *>(context)->hold();
  }
  static void TPOOL_CALL run_wait(void *context, tpool_job_info *, tpool_object_wait_result) {
    static_cast<trigger_holder *>(context)->hold();
  }
  // True once fn is inside (past its own cancel).
  bool wait_inside() { return release.wait_inside(1); }
};

}  // namespace status_contract

#endif  // TPOOL_TESTS_ABI_STATUS_CONTRACT_TRIGGER_HOLDER_H
