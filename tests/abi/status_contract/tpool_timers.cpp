// Status contract scenarios of timers (contract.h).
#include "contract.h"
#include "tpool/tpool.h"
#include "trigger_holder.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "tpool_testing.h"
#endif

namespace {
using namespace status_contract;

void TPOOL_CALL timer_noop(void *, tpool_job_info *) {}

STATUS_CONTRACT_SCENARIO(tpool, timers) {
  tpool_timer_desc desc;
  c.expect("tpool_timer_desc_init_sized", tpool_timer_desc_init_sized(&desc, sizeof desc),
           TPOOL_OK);
  c.expect("tpool_timer_desc_init_sized", tpool_timer_desc_init_sized(nullptr, sizeof desc),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_desc_init_sized", tpool_timer_desc_init_sized(&desc, 6),
           TPOOL_E_BAD_STRUCT_SIZE);

  tpool_config config = one_worker();
  config.min_workers = config.max_workers = 2;
  tpool_pool *pool = nullptr;
#if defined(TPOOL_FAULT_INJECTION)
  // The pool's first timer starts its timer thread.
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  tpool_timer_desc_init(&desc);
  desc.fn = &timer_noop;
  desc.delay_ms = 60000;
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, nullptr), TPOOL_E_THREAD_START);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, nullptr), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
#endif
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);

  tpool_timer_desc_init(&desc);
  desc.fn = &timer_noop;
  desc.delay_ms = 60000;
  tpool_timer *timer = nullptr;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(nullptr, &desc, nullptr), TPOOL_E_NULL_POINTER);
  tpool_timer_desc bad = desc;
  bad.fn = nullptr;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_NULL_POINTER);
  bad = desc;
  bad.struct_size = 3;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_BAD_STRUCT_SIZE);
  bad = desc;
  bad.priority = 3;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_BAD_PRIORITY);
  bad = desc;
  bad.mode = TPOOL_TIMER_FIXED_RATE;  // with period 0
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_INVALID_ARGUMENT);

  c.expect("tpool_timer_set", tpool_timer_set(timer, 60000, 0), TPOOL_OK);
  c.expect("tpool_timer_set", tpool_timer_set(nullptr, 0, 0), TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 7), TPOOL_E_INVALID_ARGUMENT);
  tpool_timer_state state = TPOOL_TIMER_IDLE;
  uint64_t fired = 0, skipped = 0;
  c.expect("tpool_timer_get_state", tpool_timer_get_state(timer, &state, &fired, &skipped),
           TPOOL_OK);
  EXPECT_EQ(state, TPOOL_TIMER_ARMED);
  c.expect("tpool_timer_get_state", tpool_timer_get_state(nullptr, &state, nullptr, nullptr),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 2), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(nullptr, 0), TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 1), TPOOL_OK);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 0), TPOOL_E_CANCELLED);
  c.expect("tpool_timer_release", tpool_timer_release(timer), TPOOL_OK);
  c.expect("tpool_timer_release", tpool_timer_release(nullptr), TPOOL_E_NULL_POINTER);

  // A running instance: cancel from outside without waiting, from inside
  // with waiting; a handle released while it runs is detected.
  trigger_holder held;
  held.calls_itself = true;
  desc.fn = &trigger_holder::run;
  desc.context = &held;
  desc.delay_ms = 0;
  desc.mode = TPOOL_TIMER_FIXED_RATE;
  desc.period_ms = 60000;
  ASSERT_EQ(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  held.timer.store(timer);
  held.handle_published.open();
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_timer_cancel", held.own_cancel_with_wait.load(), TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 0), TPOOL_E_JOB_RUNNING);
  held.timer.store(nullptr);
  c.expect("tpool_timer_release", tpool_timer_release(timer), TPOOL_OK);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 1), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 0), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_timer_get_state", tpool_timer_get_state(timer, nullptr, nullptr, nullptr),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_timer_release", tpool_timer_release(timer), TPOOL_E_INVALID_HANDLE);
  held.release.open();
  ASSERT_EQ(tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);

  desc.fn = &timer_noop;
  desc.mode = TPOOL_TIMER_ONCE;
  desc.period_ms = 0;
  desc.delay_ms = 60000;
  ASSERT_EQ(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, nullptr), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 0), TPOOL_E_SHUT_DOWN);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
  ASSERT_EQ(tpool_timer_release(timer), TPOOL_OK);
}

}  // namespace
