// Status contract scenarios of prioq queues of fixed-size items, copied
// in and out (contract.h).
#include <cstdint>
#include <vector>

#include "contract.h"
#include "prioq/prioq.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "prioq_testing.h"
#endif

namespace {
using namespace status_contract;

STATUS_CONTRACT_SCENARIO(prioq, items) {
  struct wide {
    uint64_t words[3];
  };
  prioq_config config;
  prioq_config_init(&config);
  prioq_queue *queue = nullptr;
  // Pointer items, refused by a queue of items of its own size.
  int value = 0;
  prioq_item items[1] = {{&value, 1}};
  void *item = nullptr;
  config.item_size = 12;  // not a multiple of the pointer size on x64; 12 % 4 == 0 on x86
  if (sizeof(void *) == 8) {
    c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  }
  config.item_size = PRIOQ_MAX_ITEM_SIZE + static_cast<uint32_t>(sizeof(void *));
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  config.item_size = sizeof(wide);
  config.capacity = 2;
  ASSERT_EQ(prioq_create(&config, &queue), PRIOQ_OK);
  uint32_t item_size = 0;
  c.expect("prioq_item_size", prioq_item_size(queue, &item_size), PRIOQ_OK);
  EXPECT_EQ(item_size, sizeof(wide));
  c.expect("prioq_item_size", prioq_item_size(nullptr, &item_size), PRIOQ_E_NULL_POINTER);
  const wide in{{1, 2, 3}};
  wide out_wide{};
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 1), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, nullptr), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_pop", prioq_pop(queue, 0, &item, nullptr), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, &out_wide, nullptr), PRIOQ_E_EMPTY);
  c.expect("prioq_pop_item", prioq_pop_item(queue, 0, &out_wide, nullptr), PRIOQ_E_TIMEOUT);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 1), PRIOQ_OK);
  c.expect("prioq_push_item", prioq_push_item(nullptr, &in, 1), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 7), PRIOQ_E_BAD_PRIORITY);
  const wide pair[2] = {{{4, 5, 6}}, {{7, 8, 9}}};
  const int32_t pair_priorities[2] = {0, 2};
  const int32_t bad_priorities[2] = {0, 3};
  c.expect("prioq_push_items", prioq_push_items(queue, pair, pair_priorities, 2), PRIOQ_E_FULL);
  c.expect("prioq_push_items", prioq_push_items(queue, pair, bad_priorities, 2),
           PRIOQ_E_BAD_PRIORITY);
  c.expect("prioq_push_items", prioq_push_items(queue, nullptr, pair_priorities, 1),
           PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push_items", prioq_push_items(queue, pair, pair_priorities, 1), PRIOQ_OK);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 1), PRIOQ_E_FULL);
  wide out_many[2] = {};
  int32_t out_priorities[2] = {-1, -1};
  size_t popped_count = 0;
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, out_priorities, 1, 0, &popped_count),
           PRIOQ_OK);
  EXPECT_EQ(popped_count, 1u);
  EXPECT_EQ(out_many[0].words[0], 4u);
  ASSERT_EQ(prioq_push_items(queue, pair, pair_priorities, 1), PRIOQ_OK);
  c.expect("prioq_pop_items", prioq_pop_items(queue, nullptr, nullptr, 1, 0, &popped_count),
           PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, nullptr, 0, 0, &popped_count),
           PRIOQ_E_INVALID_ARGUMENT);
  int32_t popped_priority = -1;
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, &out_wide, &popped_priority), PRIOQ_OK);
  EXPECT_EQ(out_wide.words[0], 4u);
  c.expect("prioq_pop_item", prioq_pop_item(queue, 0, &out_wide, &popped_priority), PRIOQ_OK);
  EXPECT_EQ(out_wide.words[2], 3u);
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, nullptr, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_item", prioq_pop_item(nullptr, 0, &out_wide, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, nullptr, 2, 1, &popped_count),
           PRIOQ_E_TIMEOUT);
  ASSERT_EQ(prioq_close(queue), PRIOQ_OK);
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, nullptr, 2, 0, &popped_count),
           PRIOQ_E_CLOSED);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 1), PRIOQ_E_CLOSED);
  c.expect("prioq_push_items", prioq_push_items(queue, pair, pair_priorities, 1), PRIOQ_E_CLOSED);
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, &out_wide, nullptr), PRIOQ_E_CLOSED);
  c.expect("prioq_pop_item", prioq_pop_item(queue, PRIOQ_INFINITE, &out_wide, nullptr),
           PRIOQ_E_CLOSED);
  ASSERT_EQ(prioq_destroy(queue), PRIOQ_OK);
#if defined(TPOOL_FAULT_INJECTION)
  config.capacity = 0;
  ASSERT_EQ(prioq_create(&config, &queue), PRIOQ_OK);
  std::vector<wide> many(300, in);
  std::vector<int32_t> many_priorities(300, 0);
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  c.expect("prioq_push_items", prioq_push_items(queue, many.data(), many_priorities.data(), 300),
           PRIOQ_E_OUT_OF_MEMORY);
  // Single pushes with the fault armed: the first one that must allocate fails.
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  prioq_status single_item = PRIOQ_OK;
  for (int i = 0; i < 100000 && single_item == PRIOQ_OK; ++i) {
    single_item = prioq_push_item(queue, &in, 0);
  }
  c.expect("prioq_push_item", single_item, PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
  ASSERT_EQ(prioq_destroy(queue), PRIOQ_OK);
#endif
}

}  // namespace
