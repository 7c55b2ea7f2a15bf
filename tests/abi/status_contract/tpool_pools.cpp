// Status contract scenarios of pools (contract.h): configs, create, idle
// waits, cancel_all, shutdown, diagnostics, destroy, and the waits a job of
// the pool itself may not make.
#include "contract.h"
#include "tpool/tpool.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "tpool_testing.h"
#endif

namespace {
using namespace status_contract;

STATUS_CONTRACT_SCENARIO(tpool, pools) {
  tpool_config config;
  c.expect("tpool_config_init_sized", tpool_config_init_sized(&config, sizeof config), TPOOL_OK);
  c.expect("tpool_config_init_sized", tpool_config_init_sized(nullptr, sizeof config),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_config_init_sized", tpool_config_init_sized(&config, 3), TPOOL_E_BAD_STRUCT_SIZE);
  c.expect("tpool_config_init", (tpool_config_init)(&config), TPOOL_OK);
  c.expect("tpool_config_init", (tpool_config_init)(nullptr), TPOOL_E_NULL_POINTER);

  // ---- create ----
  tpool_pool *pool = nullptr;
  config = one_worker();
  c.expect("tpool_create", tpool_create(&config, nullptr), TPOOL_E_NULL_POINTER);
  config.struct_size = 12;
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_BAD_STRUCT_SIZE);
  config = one_worker();
  config.min_workers = 0;
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
  config = one_worker();
  config.log_level = -3;
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
#if defined(TPOOL_FAULT_INJECTION)
  config = one_worker();
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_OUT_OF_MEMORY);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_THREAD_START);
  tpool_testing_fault_reset();
#endif
  config = one_worker();
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_OK);
  ASSERT_NE(pool, nullptr);

  // ---- idle, cancel_all, shutdown ----
  size_t cancelled = 0;
  c.expect("tpool_cancel_all", tpool_cancel_all(pool, &cancelled), TPOOL_OK);
  c.expect("tpool_cancel_all", tpool_cancel_all(nullptr, &cancelled), TPOOL_E_NULL_POINTER);
  c.expect("tpool_wait_idle", tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);
  c.expect("tpool_wait_idle", tpool_wait_idle(nullptr, 0), TPOOL_E_NULL_POINTER);
  test_support::gate held;
  ASSERT_EQ(tpool_submit(pool, &hold_at_gate, &held, 0, nullptr), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_wait_idle", tpool_wait_idle(pool, 0), TPOOL_E_TIMEOUT);
  c.expect("tpool_shutdown", tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_E_TIMEOUT);
  held.open();
  c.expect("tpool_shutdown", tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_shutdown", tpool_shutdown(nullptr, TPOOL_SHUTDOWN_DRAIN, 0),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_shutdown", tpool_shutdown(pool, static_cast<tpool_shutdown_mode>(-1), 0),
           TPOOL_E_INVALID_ARGUMENT);

  // ---- diagnostics ----
  tpool_stats stats{};
  stats.struct_size = sizeof stats;
  c.expect("tpool_get_stats", tpool_get_stats(pool, &stats), TPOOL_OK);
  c.expect("tpool_get_stats", tpool_get_stats(pool, nullptr), TPOOL_E_NULL_POINTER);
  stats.struct_size = 8;
  c.expect("tpool_get_stats", tpool_get_stats(pool, &stats), TPOOL_E_BAD_STRUCT_SIZE);
  tpool_worker_stats worker{};
  worker.struct_size = sizeof worker;
  size_t count = 0;
  c.expect("tpool_get_worker_stats", tpool_get_worker_stats(pool, &worker, 1, &count), TPOOL_OK);
  c.expect("tpool_get_worker_stats", tpool_get_worker_stats(pool, &worker, 1, nullptr),
           TPOOL_E_NULL_POINTER);
  worker.struct_size = 4;
  c.expect("tpool_get_worker_stats", tpool_get_worker_stats(pool, &worker, 1, &count),
           TPOOL_E_BAD_STRUCT_SIZE);
  c.expect("tpool_set_log_level", tpool_set_log_level(pool, TPOOL_LOG_ERROR), TPOOL_OK);
  c.expect("tpool_set_log_level", tpool_set_log_level(nullptr, TPOOL_LOG_ERROR),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_set_log_level", tpool_set_log_level(pool, static_cast<tpool_log_level>(17)),
           TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_destroy", tpool_destroy(pool), TPOOL_OK);
  c.expect("tpool_destroy", tpool_destroy(nullptr), TPOOL_E_NULL_POINTER);

  // ---- from inside a job of the same pool ----
  config = one_worker();
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  c.expect(
      "tpool_wait_idle",
      status_inside_a_job(pool, [](tpool_pool *p, tpool_job *) { return tpool_wait_idle(p, 0); }),
      TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_shutdown",
           status_inside_a_job(pool,
                               [](tpool_pool *p, tpool_job *) {
                                 return tpool_shutdown(p, TPOOL_SHUTDOWN_DRAIN, 0);
                               }),
           TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_destroy",
           status_inside_a_job(pool, [](tpool_pool *p, tpool_job *) { return tpool_destroy(p); }),
           TPOOL_E_WOULD_DEADLOCK);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

}  // namespace
