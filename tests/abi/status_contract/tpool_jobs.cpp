// Status contract scenarios of jobs (contract.h): job descriptions,
// submitting, handles, and what a running job may call.
// The 1.0 names are exercised here on purpose.
#define TPOOL_NO_DEPRECATION_WARNINGS
#include "contract.h"
#include "tpool/tpool.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "tpool_testing.h"
#endif

namespace {
using namespace status_contract;

struct info_probe {
  int32_t set_failed_ok = -1, set_failed_null = -1, get_ok = -1, get_null = -1;
  static void TPOOL_CALL run(void *context, tpool_job_info *info) {
    info_probe *probe = static_cast<info_probe *>(context);
    probe->get_ok = tpool_job_info_get(info, nullptr, nullptr, nullptr);
    probe->get_null = tpool_job_info_get(nullptr, nullptr, nullptr, nullptr);
    probe->set_failed_ok = tpool_job_info_set_failed(info);
    probe->set_failed_null = tpool_job_info_set_failed(nullptr);
  }
};

STATUS_CONTRACT_SCENARIO(tpool, jobs) {
  tpool_job_desc desc;
  c.expect("tpool_job_desc_init_sized", tpool_job_desc_init_sized(&desc, sizeof desc), TPOOL_OK);
  c.expect("tpool_job_desc_init_sized", tpool_job_desc_init_sized(nullptr, sizeof desc),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_desc_init_sized", tpool_job_desc_init_sized(&desc, 5),
           TPOOL_E_BAD_STRUCT_SIZE);
  c.expect("tpool_job_desc_init", (tpool_job_desc_init)(&desc), TPOOL_OK);
  c.expect("tpool_job_desc_init", (tpool_job_desc_init)(nullptr), TPOOL_E_NULL_POINTER);

  tpool_config config = one_worker();
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);

  // ---- submitting ----
  tpool_job_desc good;
  tpool_job_desc_init(&good);
  good.fn = &noop;
#if defined(TPOOL_FAULT_INJECTION)
  // Only a job with a handle needs a record, and the pool has none yet: the
  // first such submit carves a slab.
  tpool_job *never = nullptr;
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 0, &never), TPOOL_E_OUT_OF_MEMORY);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &good, &never), TPOOL_E_OUT_OF_MEMORY);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &good, 1, &never), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  EXPECT_EQ(never, nullptr);
#endif
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 0, nullptr), TPOOL_OK);
  c.expect("tpool_submit", tpool_submit(nullptr, &noop, nullptr, 0, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 3, nullptr), TPOOL_E_BAD_PRIORITY);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &good, nullptr), TPOOL_OK);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, nullptr, nullptr), TPOOL_E_NULL_POINTER);
  tpool_job_desc bad = good;
  bad.struct_size = 2;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &bad, nullptr), TPOOL_E_BAD_STRUCT_SIZE);
  bad = good;
  bad.priority = -1;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &bad, nullptr), TPOOL_E_BAD_PRIORITY);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &good, 1, nullptr), TPOOL_OK);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, nullptr, 1, nullptr),
           TPOOL_E_NULL_POINTER);
  bad = good;
  bad.struct_size = 2;
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &bad, 1, nullptr),
           TPOOL_E_BAD_STRUCT_SIZE);
  bad = good;
  bad.priority = 9;
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &bad, 1, nullptr), TPOOL_E_BAD_PRIORITY);

  // ---- handles ----
  test_support::gate held;
  tpool_job *running = nullptr;
  ASSERT_EQ(tpool_submit(pool, &hold_at_gate, &held, 0, &running), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside());
  tpool_job *queued = nullptr;
  ASSERT_EQ(tpool_submit(pool, &noop, nullptr, 2, &queued), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  c.expect("tpool_job_wait", tpool_job_wait(running, 0, &state), TPOOL_E_TIMEOUT);
  c.expect("tpool_job_wait", tpool_job_wait(nullptr, 0, &state), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_cancel", tpool_job_cancel(running), TPOOL_E_JOB_RUNNING);
  c.expect("tpool_job_cancel", tpool_job_cancel(queued), TPOOL_OK);
  c.expect("tpool_job_cancel", tpool_job_cancel(queued), TPOOL_E_JOB_FINISHED);
  c.expect("tpool_job_cancel", tpool_job_cancel(nullptr), TPOOL_E_NULL_POINTER);
  // Shutting down (the held job keeps it from finishing): submits refused.
  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_E_TIMEOUT);
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 0, nullptr), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &good, nullptr), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &good, 1, nullptr), TPOOL_E_SHUT_DOWN);
  held.open();
  c.expect("tpool_job_wait", tpool_job_wait(running, kPatienceMs, &state), TPOOL_OK);
  uint64_t id = 0;
  c.expect("tpool_job_get_state", tpool_job_get_state(running, &state), TPOOL_OK);
  c.expect("tpool_job_get_state", tpool_job_get_state(running, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_get_id", tpool_job_get_id(running, &id), TPOOL_OK);
  c.expect("tpool_job_get_id", tpool_job_get_id(running, nullptr), TPOOL_E_NULL_POINTER);
  // The 1.0 names answer exactly as the names that replaced them.
  c.expect("tpool_job_status", tpool_job_status(running, &state), TPOOL_OK);
  c.expect("tpool_job_status", tpool_job_status(running, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_id", tpool_job_id(running, &id), TPOOL_OK);
  c.expect("tpool_job_id", tpool_job_id(running, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_release", tpool_job_release(running), TPOOL_OK);
  c.expect("tpool_job_release", tpool_job_release(nullptr), TPOOL_E_NULL_POINTER);
  // A released handle whose record nothing reused yet: detected.
  c.expect("tpool_job_get_state", tpool_job_get_state(running, &state), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_wait", tpool_job_wait(running, 0, &state), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_cancel", tpool_job_cancel(running), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_get_id", tpool_job_get_id(running, &id), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_status", tpool_job_status(running, &state), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_id", tpool_job_id(running, &id), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_release", tpool_job_release(running), TPOOL_E_INVALID_HANDLE);
  tpool_job_release(queued);

  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);

  // ---- from inside a job ----
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  c.expect(
      "tpool_job_wait",
      status_inside_a_job(
          pool, [](tpool_pool *, tpool_job *self) { return tpool_job_wait(self, 0, nullptr); }),
      TPOOL_E_WOULD_DEADLOCK);
  info_probe probe;
  ASSERT_EQ(tpool_submit(pool, &info_probe::run, &probe, 0, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);
  c.expect("tpool_job_info_get", probe.get_ok, TPOOL_OK);
  c.expect("tpool_job_info_get", probe.get_null, TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_info_set_failed", probe.set_failed_ok, TPOOL_OK);
  c.expect("tpool_job_info_set_failed", probe.set_failed_null, TPOOL_E_NULL_POINTER);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

}  // namespace
