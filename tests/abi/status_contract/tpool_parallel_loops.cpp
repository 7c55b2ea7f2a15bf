// Status contract scenarios of parallel loops (contract.h).
#include "contract.h"
#include "tpool/tpool.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "tpool_testing.h"
#endif

namespace {
using namespace status_contract;

// A loop body that fails on the chunk holding index 3.
int32_t TPOOL_CALL fail_at_three(void *, uint64_t begin, uint64_t end) {
  return begin <= 3 && 3 < end ? 1 : 0;
}
int32_t TPOOL_CALL range_noop(void *, uint64_t, uint64_t) {
  return 0;
}

STATUS_CONTRACT_SCENARIO(tpool, parallel_loops) {
  tpool_config config = one_worker();
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 100, 0, &range_noop, nullptr, 1),
           TPOOL_OK);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, &fail_at_three, nullptr, 1),
           TPOOL_E_FAILED);
  c.expect("tpool_parallel_for", tpool_parallel_for(nullptr, 0, 10, 1, &range_noop, nullptr, 1),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, nullptr, nullptr, 1),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 10, 0, 1, &range_noop, nullptr, 1),
           TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, &range_noop, nullptr, 3),
           TPOOL_E_BAD_PRIORITY);
#if defined(TPOOL_FAULT_INJECTION)
  // A loop with helpers allocates a group first (two workers: one helper).
  tpool_config two = one_worker();
  two.min_workers = two.max_workers = 2;
  tpool_pool *pair = nullptr;
  ASSERT_EQ(tpool_create(&two, &pair), TPOOL_OK);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_parallel_for", tpool_parallel_for(pair, 0, 10, 1, &range_noop, nullptr, 1),
           TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  ASSERT_EQ(tpool_destroy(pair), TPOOL_OK);
#endif

  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, &range_noop, nullptr, 1),
           TPOOL_E_SHUT_DOWN);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

}  // namespace
