/*
 * prioq: a concurrent priority queue with a plain C ABI.
 *
 * Three priorities, HIGH = 0, MEDIUM = 1, LOW = 2. Items are opaque pointers
 * owned by the caller: the queue stores and returns them, never dereferences
 * or frees them.
 *
 * Ordering contract
 *   A pop returns the oldest item of the highest-priority non-empty level.
 *   With one thread this is exact. With concurrent producers, the items that
 *   one producer pushed at one priority come out in the order it pushed them;
 *   items of different producers at the same priority are ordered by the
 *   moment their push took effect (each push is linearizable).
 *   Optional aging (prioq_config.aging_threshold_ms): a LOW or MEDIUM item
 *   that has waited longer than the threshold is popped ahead of NEWER
 *   higher-priority items, never ahead of older ones: among the head of the
 *   highest non-empty level and the overdue heads of lower levels, the
 *   oldest item is popped.
 *
 * Thread safety
 *   Every function except prioq_destroy may be called concurrently from any
 *   number of threads on the same queue. prioq_destroy must be the last call.
 *
 * Errors
 *   Every function returns a prioq_status; results go through out-parameters,
 *   which are left unchanged on failure. Nothing throws or aborts across this
 *   boundary: bad input yields PRIOQ_E_* and allocation failure yields
 *   PRIOQ_E_OUT_OF_MEMORY.
 *
 * Valid C17 and C++. Includes only <stddef.h> and <stdint.h>.
 */
#ifndef PRIOQ_PRIOQ_H
#define PRIOQ_PRIOQ_H

#include <stddef.h>
#include <stdint.h>

#define PRIOQ_VERSION_MAJOR 1
#define PRIOQ_VERSION_MINOR 0
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
#define PRIOQ_STATUS_LIST(X)                                                      \
  X(PRIOQ_OK, 0, "success")                                                       \
  X(PRIOQ_E_NULL_POINTER, 1, "a required pointer argument was null")              \
  X(PRIOQ_E_INVALID_ARGUMENT, 2, "an argument was out of its valid range")        \
  X(PRIOQ_E_BAD_PRIORITY, 3, "priority must be 0 (HIGH), 1 (MEDIUM) or 2 (LOW)")  \
  X(PRIOQ_E_BAD_STRUCT_SIZE, 4, "struct_size does not match a known version")     \
  X(PRIOQ_E_OUT_OF_MEMORY, 5, "memory allocation failed")                         \
  X(PRIOQ_E_CLOSED, 6, "the queue is closed (and, for pops, empty)")              \
  X(PRIOQ_E_FULL, 7, "the queue is at its configured capacity")                   \
  X(PRIOQ_E_EMPTY, 8, "the queue is empty")                                       \
  X(PRIOQ_E_TIMEOUT, 9, "the timeout elapsed before an item arrived")             \
  X(PRIOQ_E_INTERNAL, 10, "internal error (a bug): please report it")

typedef enum prioq_status {
#define PRIOQ_STATUS_ENUM_(name, value, message) name = value,
  PRIOQ_STATUS_LIST(PRIOQ_STATUS_ENUM_)
#undef PRIOQ_STATUS_ENUM_
  PRIOQ_STATUS_FORCE_32BIT_ = 0x7fffffff
} prioq_status;

typedef struct prioq_queue prioq_queue; /* opaque */

/* Version 1 of the configuration. Fields are only ever appended; struct_size
 * tells the library which version the caller compiled against. */
typedef struct prioq_config {
  uint32_t struct_size;        /* sizeof(prioq_config); set by prioq_config_init */
  uint32_t aging_threshold_ms; /* 0 (default): strict priority; else see contract */
  size_t capacity;             /* max items over all priorities; 0 (default): unbounded */
  uint32_t spin_count;         /* pop spins this many rounds before sleeping; default 0 */
  uint32_t reserved_;          /* must be 0 */
} prioq_config;

/* An item with its priority, for batch operations. */
typedef struct prioq_item {
  void *value;
  int32_t priority;
} prioq_item;

/* The version of the loaded library, as PRIOQ_VERSION_HEX. Thread-safe. */
PRIOQ_API uint32_t PRIOQ_CALL prioq_version(void);

/* A static, never-null English message for any status, including unknown
 * values ("unknown status"). The string is owned by the library. Thread-safe. */
PRIOQ_API const char *PRIOQ_CALL prioq_status_string(prioq_status status);

/* Fills *config with defaults and its struct_size. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_config_init(prioq_config *config);

/* Creates a queue. config may be null for defaults. On success *out_queue
 * owns the queue until prioq_destroy. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_create(const prioq_config *config, prioq_queue **out_queue);

/* Destroys the queue. Items still inside are dropped (they are the caller's).
 * Not thread-safe: no other call on this queue may be running or follow.
 * Threads blocked in prioq_pop must have returned first (close the queue and
 * join them). A null queue returns PRIOQ_E_NULL_POINTER. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_destroy(prioq_queue *queue);

/* Pushes one item. Fails with PRIOQ_E_CLOSED after prioq_close, PRIOQ_E_FULL
 * at capacity (never blocks), PRIOQ_E_BAD_PRIORITY for a priority outside
 * 0..2. May allocate (amortized). Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_push(prioq_queue *queue, void *item, int32_t priority);

/* Pushes count items all-or-nothing: either every item is queued, in array
 * order per priority, or none is (bad priority, closed, full, no memory).
 * count == 0 succeeds. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_push_batch(prioq_queue *queue, const prioq_item *items,
                                                   size_t count);

/* Pops the next item without waiting. PRIOQ_E_EMPTY if the queue is open and
 * empty, PRIOQ_E_CLOSED if it is closed and empty. out_priority may be null.
 * Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_try_pop(prioq_queue *queue, void **out_item,
                                                int32_t *out_priority);

/* Pops the next item, waiting up to timeout_ms (0: do not wait; PRIOQ_INFINITE:
 * no limit) for one to arrive. Returns PRIOQ_E_TIMEOUT when the time elapses,
 * PRIOQ_E_CLOSED when the queue is closed and empty (prioq_close wakes every
 * waiter). out_priority may be null. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_pop(prioq_queue *queue, uint32_t timeout_ms,
                                            void **out_item, int32_t *out_priority);

/* Pops up to max_count items in pop order into out_items, waiting up to
 * timeout_ms for the first one. *out_count receives how many were popped
 * (at least 1 on success). Errors as prioq_pop. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_batch(prioq_queue *queue, prioq_item *out_items,
                                                  size_t max_count, uint32_t timeout_ms,
                                                  size_t *out_count);

/* Closes the queue: later pushes fail with PRIOQ_E_CLOSED, blocked pops wake,
 * and items still inside can be drained. Idempotent. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_close(prioq_queue *queue);

/* *out_closed = 1 if prioq_close was called, else 0. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_is_closed(const prioq_queue *queue, int32_t *out_closed);

/* Number of items at one priority, or over all with PRIOQ_PRIORITY_ALL. The
 * value is a snapshot and may be stale as soon as it returns. Thread-safe. */
PRIOQ_API prioq_status PRIOQ_CALL prioq_size(const prioq_queue *queue, int32_t priority,
                                             size_t *out_size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PRIOQ_PRIOQ_H */
