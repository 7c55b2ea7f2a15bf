// Status contract scenarios of object waits (contract.h).
#include "contract.h"
#include "os_event.h"
#include "tpool/tpool.h"
#include "trigger_holder.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "tpool_testing.h"
#endif

namespace {
using namespace status_contract;

void TPOOL_CALL wait_noop(void *, tpool_job_info *, tpool_object_wait_result) {}

STATUS_CONTRACT_SCENARIO(tpool, object_waits) {
  tpool_object_wait_desc desc;
  c.expect("tpool_object_wait_desc_init_sized",
           tpool_object_wait_desc_init_sized(&desc, sizeof desc), TPOOL_OK);
  c.expect("tpool_object_wait_desc_init_sized",
           tpool_object_wait_desc_init_sized(nullptr, sizeof desc), TPOOL_E_NULL_POINTER);
  c.expect("tpool_object_wait_desc_init_sized", tpool_object_wait_desc_init_sized(&desc, 9),
           TPOOL_E_BAD_STRUCT_SIZE);

  test_support::os_event event;
  tpool_config config = one_worker();
  config.min_workers = config.max_workers = 2;
  tpool_pool *pool = nullptr;
  tpool_object_wait_desc_init(&desc);
  desc.fn = &wait_noop;
  desc.object = event.object();
#if defined(TPOOL_FAULT_INJECTION)
  // The pool's first wait starts a waiter thread.
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &desc, nullptr),
           TPOOL_E_THREAD_START);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &desc, nullptr),
           TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
#endif
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);

  tpool_object_wait *wait = nullptr;
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &desc, &wait), TPOOL_OK);
  c.expect("tpool_object_wait_start", tpool_object_wait_start(nullptr, &desc, nullptr),
           TPOOL_E_NULL_POINTER);
  tpool_object_wait_desc bad = desc;
  bad.fn = nullptr;
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &bad, nullptr),
           TPOOL_E_NULL_POINTER);
  bad = desc;
  bad.struct_size = 5;
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &bad, nullptr),
           TPOOL_E_BAD_STRUCT_SIZE);
  bad = desc;
  bad.priority = -2;
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &bad, nullptr),
           TPOOL_E_BAD_PRIORITY);
  bad = desc;
  bad.object = -1;
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &bad, nullptr),
           TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_object_wait_cancel", tpool_object_wait_cancel(wait, 5), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_object_wait_cancel", tpool_object_wait_cancel(nullptr, 0), TPOOL_E_NULL_POINTER);
  c.expect("tpool_object_wait_cancel", tpool_object_wait_cancel(wait, 0), TPOOL_OK);
  c.expect("tpool_object_wait_release", tpool_object_wait_release(wait), TPOOL_OK);
  c.expect("tpool_object_wait_release", tpool_object_wait_release(nullptr), TPOOL_E_NULL_POINTER);

  // A running instance, as for timers; then one that has finished.
  trigger_holder held;
  held.calls_itself = true;
  desc.fn = &trigger_holder::run_wait;
  desc.context = &held;
  desc.timeout_ms = 0;  // fires at once, timed out
  ASSERT_EQ(tpool_object_wait_start(pool, &desc, &wait), TPOOL_OK);
  held.wait.store(wait);
  held.handle_published.open();
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_object_wait_cancel", held.own_cancel_with_wait.load(), TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_object_wait_cancel", tpool_object_wait_cancel(wait, 0), TPOOL_E_JOB_RUNNING);
  held.release.open();
  c.expect("tpool_object_wait_cancel", tpool_object_wait_cancel(wait, 1), TPOOL_E_JOB_FINISHED);
  c.expect("tpool_object_wait_release", tpool_object_wait_release(wait), TPOOL_OK);

  trigger_holder released_while_running;
  desc.context = &released_while_running;
  ASSERT_EQ(tpool_object_wait_start(pool, &desc, &wait), TPOOL_OK);
  ASSERT_TRUE(released_while_running.wait_inside());
  ASSERT_EQ(tpool_object_wait_release(wait), TPOOL_OK);
  c.expect("tpool_object_wait_cancel", tpool_object_wait_cancel(wait, 0), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_object_wait_release", tpool_object_wait_release(wait), TPOOL_E_INVALID_HANDLE);
  released_while_running.release.open();
  ASSERT_EQ(tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);

  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  desc.fn = &wait_noop;
  c.expect("tpool_object_wait_start", tpool_object_wait_start(pool, &desc, nullptr),
           TPOOL_E_SHUT_DOWN);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

}  // namespace
