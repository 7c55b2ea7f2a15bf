/*
 * prioq: a concurrent priority queue with a plain C ABI.
 *
 * Three priorities, HIGH = 0, MEDIUM = 1, LOW = 2.
 *
 * Items
 *   By default an item is an opaque pointer owned by the caller: the queue
 *   stores and returns it, never dereferences or frees it; a null item is an
 *   item like any other (prioq_push, prioq_pop, ...). A queue created with a
 *   larger prioq_config.item_size holds items of that many bytes instead,
 *   copied in and out (prioq_push_item, prioq_pop_item, ...): a small struct
 *   travels inside the queue, with no allocation and no pointer to chase.
 *   The item functions work on every queue (on a pointer queue an item is
 *   the pointer's bytes); the pointer functions only on pointer queues.
 *
 * Ordering contract
 *   What a pop returns, with any number of producers and consumers:
 *   1. Strict priority: a pop never returns an item while an item of higher
 *      priority, whose push returned before the pop began, is still queued
 *      (except through aging, below).
 *   2. FIFO per producer: the items one thread pushes at one priority are
 *      popped in the order it pushed them: each is claimed before the next
 *      one is, so with one consumer they also come out in that order. Items
 *      that different threads push at the same priority have no order
 *      among them.
 *   3. Batches: prioq_push_batch and prioq_push_items queue all their items
 *      or none, in array order within each priority, as single pushes by
 *      the calling thread would.
 *   So with one producer the order is exact: items it pushed over the
 *   three priorities and then popped come out HIGH first, then MEDIUM,
 *   then LOW, in push order within each.
 *   Optional aging (prioq_config.aging_threshold_ms): a LOW or MEDIUM item
 *   that has waited longer than the threshold is popped ahead of NEWER
 *   higher-priority items, never ahead of older ones: among the oldest
 *   item at the head of any producer's items of the highest non-empty
 *   priority and the overdue ones at the heads of lower priorities, the
 *   oldest item is popped. Ages are kept in whole milliseconds: items
 *   pushed within the same millisecond are equally old, and a tie goes to
 *   the higher priority.
 *
 * Producers
 *   Each of the first 31 threads alive at once that push into prioq queues
 *   gets storage of its own in every queue, so producers never wait for
 *   each other; more threads than that push through one shared part, one
 *   at a time (correct, only slower). A thread's part goes to a later
 *   thread when it exits, so threads that come and go use no more memory.
 *
 * Thread safety and memory ordering
 *   Every function except prioq_destroy may be called concurrently from any
 *   number of threads on the same queue. prioq_destroy must be the last call.
 *   Every successful push, and every pop that returns an item, is a full
 *   memory barrier (it includes a sequentially consistent read-modify-write):
 *   what the caller wrote before a push is visible to whoever pops the item,
 *   and a load the caller makes after a push cannot be performed before it.
 *
 * Errors
 *   Every function that returns a prioq_status lists, in its comment, each
 *   status it can return ("Returns:"). Any of them may also return
 *   PRIOQ_E_INTERNAL, which only reports a bug in prioq. Results go through
 *   out-parameters, which are left unchanged on failure. Nothing throws or
 *   aborts across this boundary.
 *
 * Versioned structs: prioq_config starts with uint32_t struct_size and
 *   follows the same rules as tpool.h's versioned structs: struct_size is a
 *   published version's size (PRIOQ_CONFIG_SIZE_V1, ...) or larger with an
 *   all-zero tail; fields the caller's version lacks take their defaults;
 *   prioq_config_init is a macro passing sizeof(*config) to
 *   prioq_config_init_sized.
 *
 * Valid C17 and C++. Includes only <stddef.h> and <stdint.h>.
 */
#ifndef PRIOQ_PRIOQ_H
#define PRIOQ_PRIOQ_H

#include <stddef.h>
#include <stdint.h>

#define PRIOQ_VERSION_MAJOR 1
#define PRIOQ_VERSION_MINOR 2
#define PRIOQ_VERSION_PATCH 0
/* Packed 0x00MMmmpp; compare with prioq_version() to detect a header/DLL mismatch. */
#define PRIOQ_VERSION_HEX \
  ((PRIOQ_VERSION_MAJOR << 16) | (PRIOQ_VERSION_MINOR << 8) | PRIOQ_VERSION_PATCH)

#if defined(_WIN32)
#define PRIOQ_CALL __cdecl
#if defined(PRIOQ_BUILDING_LIBRARY)
#define PRIOQ_API __declspec(dllexport)
#else
#define PRIOQ_API __declspec(dllimport)
#endif
#else
#define PRIOQ_CALL
#define PRIOQ_API __attribute__((visibility("default")))
#endif

/* Every enum is 32 bits wide in both languages; in C++ its underlying type
 * is int32_t, so any 32-bit value a C caller passes is a valid value of the
 * type (see tpool.h). */
#if defined(__cplusplus)
#define PRIOQ_ENUM_BASE : int32_t
#else
#define PRIOQ_ENUM_BASE
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Priorities. Passed as int32_t so that out-of-range values are well defined
 * in both languages and can be rejected with PRIOQ_E_BAD_PRIORITY. */
enum {
  PRIOQ_PRIORITY_HIGH = 0,
  PRIOQ_PRIORITY_MEDIUM = 1,
  PRIOQ_PRIORITY_LOW = 2,
  PRIOQ_PRIORITY_COUNT = 3
};
/* Pass to prioq_size for the total over all priorities. */
#define PRIOQ_PRIORITY_ALL (-1)

/* Timeout value meaning "wait until an item arrives or the queue is closed". */
#define PRIOQ_INFINITE 0xFFFFFFFFu

/* X-macro: name, fixed numeric value, message. Values never change. */
#define PRIOQ_STATUS_LIST(X)                                                     \
  X(PRIOQ_OK, 0, "success")                                                      \
  X(PRIOQ_E_NULL_POINTER, 1, "a required pointer argument was null")             \
  X(PRIOQ_E_INVALID_ARGUMENT, 2, "an argument was out of its valid range")       \
  X(PRIOQ_E_BAD_PRIORITY, 3, "priority must be 0 (HIGH), 1 (MEDIUM) or 2 (LOW)") \
  X(PRIOQ_E_BAD_STRUCT_SIZE, 4, "struct_size does not match a known version")    \
  X(PRIOQ_E_OUT_OF_MEMORY, 5, "memory allocation failed")                        \
  X(PRIOQ_E_CLOSED, 6, "the queue is closed (and, for pops, empty)")             \
  X(PRIOQ_E_FULL, 7, "the queue is at its configured capacity")                  \
  X(PRIOQ_E_EMPTY, 8, "the queue is empty")                                      \
  X(PRIOQ_E_TIMEOUT, 9, "the timeout elapsed before an item arrived")            \
  X(PRIOQ_E_INTERNAL, 10, "internal error (a bug): please report it")

/* clang-format off: the X-macro expansion below is not a statement */
typedef enum prioq_status PRIOQ_ENUM_BASE {
#define PRIOQ_STATUS_ENUM_(name, value, message) name = value,
  PRIOQ_STATUS_LIST(PRIOQ_STATUS_ENUM_)
#undef PRIOQ_STATUS_ENUM_
      PRIOQ_STATUS_FORCE_32BIT_ = 0x7fffffff
} prioq_status;
/* clang-format on */

typedef struct prioq_queue prioq_queue; /* opaque */

/* The queue configuration. Version 1; fields are only ever appended. */
typedef struct prioq_config {
  uint32_t struct_size;        /* set by prioq_config_init */
  uint32_t aging_threshold_ms; /* 0 (default): strict priority; else see contract */
  size_t capacity;             /* max items over all priorities; 0 (default): unbounded */
  uint32_t spin_count;         /* pop spins this many rounds before sleeping; default 0 */
  uint32_t reserved_;          /* must be 0 */
  /* Version 2. Bytes per item: 0 or sizeof(void *) (default: pointer
   * items), or any multiple of sizeof(void *) up to PRIOQ_MAX_ITEM_SIZE
   * (see "Items"). */
  uint32_t item_size;
  /* Version 2. Which word of an item points at what the consumer will touch
   * first (its payload), counted from 1; 0 (default): none. After each pop,
   * the queue hints the processor to start fetching the payload of the item
   * that comes next in the same producer's sub-queue, so that a consumer
   * which handles one item at a time finds the next payload in cache
   * instead of waiting for the producer's core to hand it over. Only a
   * hint: nothing is read or written through the pointer, and any value
   * (null, stale, freed) is safe. At most item_size / sizeof(void *) (1 for
   * pointer items); PRIOQ_E_INVALID_ARGUMENT otherwise. */
  uint32_t payload_word;
} prioq_config;
#define PRIOQ_CONFIG_SIZE_V1 ((uint32_t)(offsetof(prioq_config, reserved_) + sizeof(uint32_t)))
#define PRIOQ_CONFIG_SIZE_V2 ((uint32_t)(offsetof(prioq_config, payload_word) + sizeof(uint32_t)))
#define PRIOQ_MAX_ITEM_SIZE 256u

/* An item with its priority, for batch operations. */
typedef struct prioq_item {
  void *value;
  int32_t priority;
} prioq_item;

/* The version of the loaded library, as PRIOQ_VERSION_HEX. Thread-safe. */
PRIOQ_API uint32_t PRIOQ_CALL prioq_version(void);

/* A static, never-null English message for any 32-bit value ("unknown
 * status" for values not in PRIOQ_STATUS_LIST). The string is owned by the
 * library. Thread-safe. */
PRIOQ_API const char *PRIOQ_CALL prioq_status_string(prioq_status status);

/* Fills the first struct_size bytes of *config with the defaults and sets
 * config->struct_size = struct_size (a size larger than the library's own
 * gets zeros past it). Use the prioq_config_init(config) macro, which passes
 * sizeof(*config).
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if config is null;
 * PRIOQ_E_BAD_STRUCT_SIZE if struct_size is below PRIOQ_CONFIG_SIZE_V1 or
 * between two published sizes (nothing is written then).
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_config_init_sized(prioq_config *config,
                                                          uint32_t struct_size);

/* prioq_config_init_sized(config, PRIOQ_CONFIG_SIZE_V1): the entry point of
 * programs built against the first header; the macro below replaces calls
 * written as prioq_config_init(&config).
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if config is null.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_config_init(prioq_config *config);
#define prioq_config_init(config) prioq_config_init_sized((config), (uint32_t)sizeof(prioq_config))

/* Creates a queue. config may be null for the defaults.
 * Returns: PRIOQ_OK (*out_queue owns the queue until prioq_destroy);
 * PRIOQ_E_NULL_POINTER if out_queue is null; PRIOQ_E_BAD_STRUCT_SIZE;
 * PRIOQ_E_INVALID_ARGUMENT for a non-zero reserved field or an item_size
 * that is neither 0 nor a multiple of sizeof(void *) up to
 * PRIOQ_MAX_ITEM_SIZE;
 * PRIOQ_E_OUT_OF_MEMORY.
 * Allocates: the queue (about 24 KB), freed by prioq_destroy; storage for
 * items comes with the pushes (see prioq_push). config is read during the
 * call only. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_create(const prioq_config *config, prioq_queue **out_queue);

/* Destroys the queue and all its storage. Items still inside are dropped
 * (they are the caller's). Not thread-safe: no other call on this queue may
 * be running or follow. Threads blocked in prioq_pop must have returned
 * first (close the queue and join them).
 * Item storage may be kept for reuse by queues created later in the process
 * (at most 32 MiB in all, freed at process exit or when prioq.dll is
 * unloaded), so that their pushes write pages already mapped.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_destroy(prioq_queue *queue);

/* Pushes one pointer item (null is a valid item). Never blocks. Items one
 * thread pushes at one priority are popped in the order it pushed them
 * ("Ordering contract"); items of different threads have no order.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue is null;
 * PRIOQ_E_INVALID_ARGUMENT if the queue's items are not pointers;
 * PRIOQ_E_BAD_PRIORITY for a priority outside 0..2; PRIOQ_E_CLOSED after
 * prioq_close; PRIOQ_E_FULL at capacity; PRIOQ_E_OUT_OF_MEMORY if storage
 * had to grow and could not (the queue is unchanged).
 * Allocates: a thread's first push allocates room for 64 items at each
 * of the three priorities (so its first push at another priority later
 * allocates nothing); when a priority's room is full, room twice as large
 * (amortized; kept until prioq_destroy). Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_push(prioq_queue *queue, void *item, int32_t priority);

/* Pushes count pointer items all-or-nothing: either every item is queued,
 * in array order per priority (popped in that order, as the calling
 * thread's single pushes would be), or none is. count == 0 succeeds and queues
 * nothing (items may then be null).
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue is null, or items is null
 * with count > 0; PRIOQ_E_INVALID_ARGUMENT if the queue's items are not
 * pointers; PRIOQ_E_BAD_PRIORITY if any item's priority is outside
 * 0..2; PRIOQ_E_CLOSED; PRIOQ_E_FULL; PRIOQ_E_OUT_OF_MEMORY.
 * Allocates: as prioq_push. items is read during the call only. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_push_batch(prioq_queue *queue, const prioq_item *items,
                                                   size_t count);

/* Pops the next pointer item without waiting: an item of the highest
 * priority that holds one whose push returned before the call began (or an
 * overdue one, with aging), the oldest of its producer's items there
 * ("Ordering contract"). out_priority may be null.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_item is null;
 * PRIOQ_E_INVALID_ARGUMENT if the queue's items are not pointers;
 * PRIOQ_E_EMPTY if the queue is open and empty; PRIOQ_E_CLOSED if it is
 * closed and empty.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_try_pop(prioq_queue *queue, void **out_item,
                                                int32_t *out_priority);

/* Pops the next pointer item, waiting up to timeout_ms (PRIOQ_INFINITE: no
 * limit) for one to arrive. With timeout_ms == 0 it does not wait, and an
 * empty open queue gives PRIOQ_E_TIMEOUT (prioq_try_pop says PRIOQ_E_EMPTY).
 * prioq_close wakes every waiter. out_priority may be null.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_item is null;
 * PRIOQ_E_INVALID_ARGUMENT if the queue's items are not pointers;
 * PRIOQ_E_TIMEOUT; PRIOQ_E_CLOSED when the queue is closed and empty.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_pop(prioq_queue *queue, uint32_t timeout_ms,
                                            void **out_item, int32_t *out_priority);

/* Pops up to max_count pointer items in pop order into out_items, waiting up
 * to timeout_ms for the first one (timeouts as prioq_pop). *out_count
 * receives how many were popped (at least 1 on success).
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue, out_items or out_count
 * is null; PRIOQ_E_INVALID_ARGUMENT if max_count is 0 or the queue's items
 * are not pointers; PRIOQ_E_TIMEOUT; PRIOQ_E_CLOSED.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_batch(prioq_queue *queue, prioq_item *out_items,
                                                  size_t max_count, uint32_t timeout_ms,
                                                  size_t *out_count);

/* Pushes one item: a copy of the queue's item_size bytes at item. Never
 * blocks. On a pointer queue, item points to the pointer.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or item is null;
 * PRIOQ_E_BAD_PRIORITY for a priority outside 0..2; PRIOQ_E_CLOSED;
 * PRIOQ_E_FULL; PRIOQ_E_OUT_OF_MEMORY.
 * Allocates: as prioq_push. item is read during the call only. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_push_item(prioq_queue *queue, const void *item,
                                                  int32_t priority);

/* Pushes count items all-or-nothing, as prioq_push_batch: items holds count
 * items of item_size bytes back to back, priorities their count priorities.
 * count == 0 succeeds and queues nothing (the arrays may then be null).
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue is null, or items or
 * priorities is null with count > 0; PRIOQ_E_BAD_PRIORITY if any priority is
 * outside 0..2; PRIOQ_E_CLOSED; PRIOQ_E_FULL; PRIOQ_E_OUT_OF_MEMORY.
 * Allocates: as prioq_push. The arrays are read during the call only.
 * Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_push_items(prioq_queue *queue, const void *items,
                                                   const int32_t *priorities, size_t count);

/* Pops the next item without waiting, copying its item_size bytes to
 * out_item. out_priority may be null.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_item is null;
 * PRIOQ_E_EMPTY if the queue is open and empty; PRIOQ_E_CLOSED if it is
 * closed and empty.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_try_pop_item(prioq_queue *queue, void *out_item,
                                                     int32_t *out_priority);

/* Pops the next item, waiting up to timeout_ms as prioq_pop does, copying
 * its item_size bytes to out_item. out_priority may be null.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_item is null;
 * PRIOQ_E_TIMEOUT; PRIOQ_E_CLOSED when the queue is closed and empty.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_item(prioq_queue *queue, uint32_t timeout_ms,
                                                 void *out_item, int32_t *out_priority);

/* Pops up to max_count items in pop order, waiting up to timeout_ms for the
 * first one (timeouts as prioq_pop): item i's item_size bytes go to
 * out_items + i * item_size, its priority to out_priorities[i]
 * (out_priorities may be null). *out_count receives how many were popped
 * (at least 1 on success). Each item is taken in contract order at the
 * moment it is taken: items pushed while the call runs may come before
 * older items of lower priority.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue, out_items or out_count
 * is null; PRIOQ_E_INVALID_ARGUMENT if max_count is 0; PRIOQ_E_TIMEOUT;
 * PRIOQ_E_CLOSED when the queue is closed and empty.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_items(prioq_queue *queue, void *out_items,
                                                  int32_t *out_priorities, size_t max_count,
                                                  uint32_t timeout_ms, size_t *out_count);

/* The queue's item size in bytes (sizeof(void *) for a pointer queue).
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_size is null.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_item_size(const prioq_queue *queue, uint32_t *out_size);

/* Closes the queue: later pushes fail with PRIOQ_E_CLOSED, blocked pops
 * wake, and items still inside can be drained. Idempotent.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_close(prioq_queue *queue);

/* *out_closed = 1 if prioq_close was called, else 0.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_closed is null.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_is_closed(const prioq_queue *queue, int32_t *out_closed);

/* Number of items at one priority, or over all with PRIOQ_PRIORITY_ALL. The
 * value is a snapshot and may be stale as soon as it returns; it counts
 * every item whose push returned before the call began and that is not
 * popped yet. While the queue is empty the call reads the occupancy word
 * of each priority asked for and the counters of the few per-thread
 * sub-queues still marked occupied (a pop clears those marks lazily); none
 * of these lines is written until items arrive again, so polling an idle
 * queue costs its producers nothing.
 * Returns: PRIOQ_OK; PRIOQ_E_NULL_POINTER if queue or out_size is null;
 * PRIOQ_E_BAD_PRIORITY for anything but 0..2 or PRIOQ_PRIORITY_ALL.
 * Allocates nothing. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_size(const prioq_queue *queue, int32_t priority,
                                             size_t *out_size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PRIOQ_PRIOQ_H */
