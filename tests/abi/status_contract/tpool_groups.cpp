// Status contract scenarios of job groups (contract.h).
#include <atomic>

#include "contract.h"
#include "tpool/tpool.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "tpool_testing.h"
#endif

namespace {
using namespace status_contract;

STATUS_CONTRACT_SCENARIO(tpool, groups) {
  tpool_config config = one_worker();
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  tpool_pool *other_pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &other_pool), TPOOL_OK);

  tpool_group *group = nullptr;
  c.expect("tpool_group_create", tpool_group_create(pool, nullptr), TPOOL_E_NULL_POINTER);
#if defined(TPOOL_FAULT_INJECTION)
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_group_create", tpool_group_create(pool, &group), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
#endif
  c.expect("tpool_group_create", tpool_group_create(pool, &group), TPOOL_OK);
  tpool_group *foreign = nullptr;
  ASSERT_EQ(tpool_group_create(other_pool, &foreign), TPOOL_OK);

  test_support::gate held;
  c.expect("tpool_group_submit", tpool_group_submit(group, &hold_at_gate, &held, 0), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_group_submit", tpool_group_submit(nullptr, &noop, nullptr, 0),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_group_submit", tpool_group_submit(group, nullptr, nullptr, 0),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 7),
           TPOOL_E_BAD_PRIORITY);
#if defined(TPOOL_FAULT_INJECTION)
  // The group's first job carved the pool's first slab of records; the
  // group's entry array (16 entries) fills up after 15 more.
  for (int i = 0; i < 15; ++i) ASSERT_EQ(tpool_group_submit(group, &noop, nullptr, 2), TPOOL_OK);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 2),
           TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
#endif
  tpool_job_desc desc;
  tpool_job_desc_init(&desc);
  desc.fn = &noop;
  desc.group = foreign;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &desc, nullptr), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &desc, 1, nullptr),
           TPOOL_E_INVALID_ARGUMENT);
  ASSERT_EQ(tpool_submit(pool, &noop, nullptr, 2, nullptr), TPOOL_OK);

  c.expect("tpool_group_wait", tpool_group_wait(group, 0), TPOOL_E_TIMEOUT);
  c.expect("tpool_group_wait", tpool_group_wait(nullptr, 0), TPOOL_E_NULL_POINTER);
  tpool_group_counts counts{};
  counts.struct_size = sizeof counts;
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, &counts), TPOOL_OK);
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, nullptr), TPOOL_E_NULL_POINTER);
  counts.struct_size = 4;
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, &counts),
           TPOOL_E_BAD_STRUCT_SIZE);
  size_t cancelled = 0;
  c.expect("tpool_group_cancel", tpool_group_cancel(group, &cancelled), TPOOL_OK);
  c.expect("tpool_group_cancel", tpool_group_cancel(nullptr, &cancelled), TPOOL_E_NULL_POINTER);
  held.open();
  c.expect("tpool_group_wait", tpool_group_wait(group, kPatienceMs), TPOOL_OK);

  // From inside a job of the group itself: the wait could never end.
  struct self_waiter {
    tpool_group *group = nullptr;
    std::atomic<int32_t> result{-1};
    static void TPOOL_CALL run(void *context, tpool_job_info *) {
      self_waiter *self = static_cast<self_waiter *>(context);
      self->result.store(tpool_group_wait(self->group, 0));
    }
  } waiter;
  waiter.group = group;
  ASSERT_EQ(tpool_group_submit(group, &self_waiter::run, &waiter, 0), TPOOL_OK);
  ASSERT_EQ(tpool_group_wait(group, kPatienceMs), TPOOL_OK);
  c.expect("tpool_group_wait", waiter.result.load(), TPOOL_E_WOULD_DEADLOCK);

  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 0), TPOOL_E_SHUT_DOWN);

  c.expect("tpool_group_release", tpool_group_release(group), TPOOL_OK);
  c.expect("tpool_group_release", tpool_group_release(nullptr), TPOOL_E_NULL_POINTER);
  // A released group whose storage nothing reused yet (the pool's allocator
  // keeps it): detected.
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 0),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_wait", tpool_group_wait(group, 0), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_cancel", tpool_group_cancel(group, nullptr), TPOOL_E_INVALID_HANDLE);
  counts.struct_size = sizeof counts;
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, &counts),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_release", tpool_group_release(group), TPOOL_E_INVALID_HANDLE);
  desc.group = group;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &desc, nullptr), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &desc, 1, nullptr),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_release", tpool_group_release(foreign), TPOOL_OK);
  ASSERT_EQ(tpool_destroy(other_pool), TPOOL_OK);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

}  // namespace
