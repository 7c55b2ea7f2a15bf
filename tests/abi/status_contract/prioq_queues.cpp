// Status contract scenarios of prioq queues of pointers (contract.h):
// configs, create, push, pop, size, close, destroy.
#include <cstdint>
#include <vector>

#include "contract.h"
#include "prioq/prioq.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "prioq_testing.h"
#endif

namespace {
using namespace status_contract;

STATUS_CONTRACT_SCENARIO(prioq, queues) {
  prioq_config config;
  c.expect("prioq_config_init_sized", prioq_config_init_sized(&config, sizeof config), PRIOQ_OK);
  c.expect("prioq_config_init_sized", prioq_config_init_sized(nullptr, sizeof config),
           PRIOQ_E_NULL_POINTER);
  c.expect("prioq_config_init_sized", prioq_config_init_sized(&config, 7), PRIOQ_E_BAD_STRUCT_SIZE);
  c.expect("prioq_config_init", (prioq_config_init)(&config), PRIOQ_OK);
  c.expect("prioq_config_init", (prioq_config_init)(nullptr), PRIOQ_E_NULL_POINTER);

  prioq_queue *queue = nullptr;
  c.expect("prioq_create", prioq_create(nullptr, nullptr), PRIOQ_E_NULL_POINTER);
  config.struct_size = 6;
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_BAD_STRUCT_SIZE);
  prioq_config_init(&config);
  config.reserved_ = 1;
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
#if defined(TPOOL_FAULT_INJECTION)
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  c.expect("prioq_create", prioq_create(nullptr, &queue), PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
#endif
  prioq_config_init(&config);
  config.capacity = 1000;
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_OK);

  int value = 0;
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_OK);
  c.expect("prioq_push", prioq_push(nullptr, &value, 0), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push", prioq_push(queue, &value, 3), PRIOQ_E_BAD_PRIORITY);
  prioq_item items[2] = {{&value, 1}, {&value, 2}};
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 2), PRIOQ_OK);
  c.expect("prioq_push_batch", prioq_push_batch(queue, nullptr, 2), PRIOQ_E_NULL_POINTER);
  prioq_item bad_items[1] = {{&value, -4}};
  c.expect("prioq_push_batch", prioq_push_batch(queue, bad_items, 1), PRIOQ_E_BAD_PRIORITY);
  size_t size = 0;
  c.expect("prioq_size", prioq_size(queue, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
  c.expect("prioq_size", prioq_size(queue, 0, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_size", prioq_size(queue, 5, &size), PRIOQ_E_BAD_PRIORITY);

  // Full: fill the rest of the capacity, in LOW, which also makes it grow.
  std::vector<prioq_item> fill(1000 - 3, prioq_item{&value, 2});
#if defined(TPOOL_FAULT_INJECTION)
  // A batch this large is past any first ring: it must grow one.
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  c.expect("prioq_push_batch", prioq_push_batch(queue, fill.data(), fill.size()),
           PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
  // Single HIGH pushes with the fault armed: the first one that must grow
  // the HIGH storage fails, whatever its size.
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  size_t pushed_high = 0;
  prioq_status single = PRIOQ_OK;
  while (pushed_high < 990 && (single = prioq_push(queue, &value, 0)) == PRIOQ_OK) ++pushed_high;
  c.expect("prioq_push", single, PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
  void *drained = nullptr;
  for (size_t i = 0; i < pushed_high; ++i)
    ASSERT_EQ(prioq_try_pop(queue, &drained, nullptr), PRIOQ_OK);
#endif
  ASSERT_EQ(prioq_push_batch(queue, fill.data(), fill.size()), PRIOQ_OK);
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_E_FULL);
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 1), PRIOQ_E_FULL);

  void *item = nullptr;
  int32_t priority = 0;
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, &priority), PRIOQ_OK);
  c.expect("prioq_try_pop", prioq_try_pop(queue, nullptr, &priority), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop", prioq_pop(queue, 0, &item, &priority), PRIOQ_OK);
  c.expect("prioq_pop", prioq_pop(nullptr, 0, &item, &priority), PRIOQ_E_NULL_POINTER);
  prioq_item out[4];
  size_t popped = 0;
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 4, 0, &popped), PRIOQ_OK);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, nullptr, 4, 0, &popped), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 0, 0, &popped), PRIOQ_E_INVALID_ARGUMENT);
  while (prioq_try_pop(queue, &item, nullptr) == PRIOQ_OK) {
  }
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, nullptr), PRIOQ_E_EMPTY);
  c.expect("prioq_pop", prioq_pop(queue, 0, &item, nullptr), PRIOQ_E_TIMEOUT);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 4, 1, &popped), PRIOQ_E_TIMEOUT);

  int32_t closed = 0;
  c.expect("prioq_is_closed", prioq_is_closed(queue, &closed), PRIOQ_OK);
  c.expect("prioq_is_closed", prioq_is_closed(queue, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_close", prioq_close(queue), PRIOQ_OK);
  c.expect("prioq_close", prioq_close(nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_E_CLOSED);
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 2), PRIOQ_E_CLOSED);
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, nullptr), PRIOQ_E_CLOSED);
  c.expect("prioq_pop", prioq_pop(queue, PRIOQ_INFINITE, &item, nullptr), PRIOQ_E_CLOSED);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 4, PRIOQ_INFINITE, &popped),
           PRIOQ_E_CLOSED);
  c.expect("prioq_destroy", prioq_destroy(queue), PRIOQ_OK);
  c.expect("prioq_destroy", prioq_destroy(nullptr), PRIOQ_E_NULL_POINTER);
}

}  // namespace
