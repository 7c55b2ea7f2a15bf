/*
 * A plain C17 program using prioq.dll through its header and import library:
 * proves the header compiles as C, the calling convention and struct layouts
 * agree between a C caller and the C++ DLL, and the basic contract holds.
 * Exit code 0 on success.
 */
#ifdef __cplusplus
#error "prioq_c_client.c must be compiled as C, not C++."
#endif

#include "c_check.h"
#include "c_system.h"
#include "prioq/prioq.h"

static void check_library_identity(void) {
  C_CHECK(prioq_version() == (uint32_t)PRIOQ_VERSION_HEX);
  C_CHECK(strcmp(prioq_status_string(PRIOQ_OK), "success") == 0);
  C_CHECK(strcmp(prioq_status_string(PRIOQ_E_FULL), "the queue is at its configured capacity") ==
          0);
  /* A C enum may hold any int: negative and unknown values are safe to pass. */
  C_CHECK(strcmp(prioq_status_string((prioq_status)-1), "unknown status") == 0);
  C_CHECK(strcmp(prioq_status_string((prioq_status)1000), "unknown status") == 0);
}

/* The version-1 entry point and the sized one behind the init macro. */
static void check_config_initialization(void) {
  prioq_config config;
  memset(&config, 0xAB, sizeof config);
  C_CHECK_STATUS((prioq_config_init)(&config), PRIOQ_OK);
  C_CHECK(config.struct_size == PRIOQ_CONFIG_SIZE_V1 && config.capacity == 0);
  C_CHECK_STATUS(prioq_config_init_sized(&config, (uint32_t)sizeof config), PRIOQ_OK);
  C_CHECK_STATUS(prioq_config_init_sized(&config, 5u), PRIOQ_E_BAD_STRUCT_SIZE);
}

static void check_order_and_batches(void) {
  prioq_config config;
  prioq_queue *queue = NULL;
  int values[6] = {0};
  void *item = NULL;
  int32_t priority = -1;
  size_t size = 0;
  size_t count = 0;
  prioq_item out[8];
  const prioq_item batch[3] = {{&values[3], PRIOQ_PRIORITY_LOW},
                               {&values[4], PRIOQ_PRIORITY_HIGH},
                               {&values[5], PRIOQ_PRIORITY_LOW}};

  C_CHECK_STATUS(prioq_config_init(&config), PRIOQ_OK);
  C_CHECK(config.struct_size == sizeof(prioq_config));
  config.capacity = 16;
  C_CHECK_STATUS(prioq_create(&config, &queue), PRIOQ_OK);
  if (queue == NULL) return;

  C_CHECK_STATUS(prioq_push(queue, &values[0], PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  C_CHECK_STATUS(prioq_push(queue, &values[1], PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  C_CHECK_STATUS(prioq_push(queue, &values[2], PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  C_CHECK_STATUS(prioq_push(queue, &values[2], 3), PRIOQ_E_BAD_PRIORITY);
  C_CHECK_STATUS(prioq_push_batch(queue, batch, 3), PRIOQ_OK);
  C_CHECK_STATUS(prioq_size(queue, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
  C_CHECK(size == 6);
  C_CHECK_STATUS(prioq_size(queue, PRIOQ_PRIORITY_LOW, &size), PRIOQ_OK);
  C_CHECK(size == 3);

  /* Expected: values[2] H, values[4] H, values[1] M, values[0] L, values[3] L, values[5] L. */
  C_CHECK_STATUS(prioq_try_pop(queue, &item, &priority), PRIOQ_OK);
  C_CHECK(item == &values[2] && priority == PRIOQ_PRIORITY_HIGH);
  C_CHECK_STATUS(prioq_pop(queue, 0, &item, &priority), PRIOQ_OK);
  C_CHECK(item == &values[4] && priority == PRIOQ_PRIORITY_HIGH);
  C_CHECK_STATUS(prioq_pop_batch(queue, out, 8, PRIOQ_INFINITE, &count), PRIOQ_OK);
  C_CHECK(count == 4);
  if (count == 4) {
    C_CHECK(out[0].value == &values[1] && out[0].priority == PRIOQ_PRIORITY_MEDIUM);
    C_CHECK(out[1].value == &values[0] && out[1].priority == PRIOQ_PRIORITY_LOW);
    C_CHECK(out[2].value == &values[3] && out[2].priority == PRIOQ_PRIORITY_LOW);
    C_CHECK(out[3].value == &values[5] && out[3].priority == PRIOQ_PRIORITY_LOW);
  }
  C_CHECK_STATUS(prioq_try_pop(queue, &item, NULL), PRIOQ_E_EMPTY);
  C_CHECK_STATUS(prioq_pop(queue, 5, &item, NULL), PRIOQ_E_TIMEOUT);
  C_CHECK_STATUS(prioq_destroy(queue), PRIOQ_OK);
}

static void check_capacity_and_close(void) {
  prioq_config config;
  prioq_queue *queue = NULL;
  int value = 0;
  void *item = NULL;
  int32_t closed = -1;

  prioq_config_init(&config);
  config.capacity = 1;
  C_CHECK_STATUS(prioq_create(&config, &queue), PRIOQ_OK);
  if (queue == NULL) return;
  C_CHECK_STATUS(prioq_push(queue, &value, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  C_CHECK_STATUS(prioq_push(queue, &value, PRIOQ_PRIORITY_MEDIUM), PRIOQ_E_FULL);
  C_CHECK_STATUS(prioq_is_closed(queue, &closed), PRIOQ_OK);
  C_CHECK(closed == 0);
  C_CHECK_STATUS(prioq_close(queue), PRIOQ_OK);
  C_CHECK_STATUS(prioq_is_closed(queue, &closed), PRIOQ_OK);
  C_CHECK(closed == 1);
  C_CHECK_STATUS(prioq_push(queue, &value, PRIOQ_PRIORITY_MEDIUM), PRIOQ_E_CLOSED);
  C_CHECK_STATUS(prioq_pop(queue, PRIOQ_INFINITE, &item, NULL), PRIOQ_OK);
  C_CHECK(item == &value);
  C_CHECK_STATUS(prioq_pop(queue, PRIOQ_INFINITE, &item, NULL), PRIOQ_E_CLOSED);
  C_CHECK_STATUS(prioq_destroy(queue), PRIOQ_OK);
}

/* A queue of copied items: a small struct goes in and comes out whole. */
typedef struct c_item {
  uint64_t id;
  void *payload;
} c_item;

static void check_copied_items(void) {
  prioq_config config;
  prioq_queue *queue = NULL;
  uint32_t item_size = 0;
  c_item one = {7, &one};
  c_item many[3] = {{1, NULL}, {2, NULL}, {3, NULL}};
  const int32_t priorities[3] = {PRIOQ_PRIORITY_LOW, PRIOQ_PRIORITY_HIGH, PRIOQ_PRIORITY_LOW};
  c_item out[4];
  int32_t out_priorities[4] = {-1, -1, -1, -1};
  int32_t priority = -1;
  size_t count = 0;
  void *pointer = NULL;

  C_CHECK_STATUS(prioq_config_init(&config), PRIOQ_OK);
  C_CHECK(config.item_size == sizeof(void *));
  config.item_size = (uint32_t)sizeof(c_item);
  C_CHECK_STATUS(prioq_create(&config, &queue), PRIOQ_OK);
  if (queue == NULL) return;
  C_CHECK_STATUS(prioq_item_size(queue, &item_size), PRIOQ_OK);
  C_CHECK(item_size == sizeof(c_item));
  C_CHECK_STATUS(prioq_push_item(queue, &one, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  C_CHECK_STATUS(prioq_push_items(queue, many, priorities, 3), PRIOQ_OK);
  /* The pointer functions refuse a queue whose items are not pointers. */
  C_CHECK_STATUS(prioq_push(queue, &one, PRIOQ_PRIORITY_HIGH), PRIOQ_E_INVALID_ARGUMENT);
  C_CHECK_STATUS(prioq_try_pop(queue, &pointer, NULL), PRIOQ_E_INVALID_ARGUMENT);
  /* Expected: 2 (HIGH), 7 (MEDIUM), 1 and 3 (LOW). */
  C_CHECK_STATUS(prioq_try_pop_item(queue, &out[0], &priority), PRIOQ_OK);
  C_CHECK(out[0].id == 2 && priority == PRIOQ_PRIORITY_HIGH);
  C_CHECK_STATUS(prioq_pop_item(queue, 0, &out[0], &priority), PRIOQ_OK);
  C_CHECK(out[0].id == 7 && out[0].payload == &one && priority == PRIOQ_PRIORITY_MEDIUM);
  C_CHECK_STATUS(prioq_pop_items(queue, out, out_priorities, 4, PRIOQ_INFINITE, &count), PRIOQ_OK);
  C_CHECK(count == 2 && out[0].id == 1 && out[1].id == 3);
  C_CHECK(out_priorities[0] == PRIOQ_PRIORITY_LOW && out_priorities[1] == PRIOQ_PRIORITY_LOW);
  C_CHECK_STATUS(prioq_pop_items(queue, out, NULL, 4, 0, &count), PRIOQ_E_TIMEOUT);
  C_CHECK_STATUS(prioq_destroy(queue), PRIOQ_OK);
}

static void check_bad_input(void) {
  prioq_config config;
  prioq_queue *queue = NULL;
  prioq_config_init(&config);
  config.struct_size = (uint32_t)sizeof(prioq_config) - 4u;
  C_CHECK_STATUS(prioq_create(&config, &queue), PRIOQ_E_BAD_STRUCT_SIZE);
  C_CHECK(queue == NULL);
  C_CHECK_STATUS(prioq_create(NULL, NULL), PRIOQ_E_NULL_POINTER);
  C_CHECK_STATUS(prioq_push(NULL, NULL, PRIOQ_PRIORITY_HIGH), PRIOQ_E_NULL_POINTER);
  C_CHECK_STATUS(prioq_destroy(NULL), PRIOQ_E_NULL_POINTER);
}

int main(void) {
  check_library_identity();
  check_config_initialization();
  check_order_and_batches();
  check_capacity_and_close();
  check_copied_items();
  check_bad_input();
  return c_check_exit_code("prioq_c_client");
}
