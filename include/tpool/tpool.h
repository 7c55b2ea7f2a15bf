/*
 * tpool: a priority thread pool with a plain C ABI, built on prioq.
 *
 * Promises (each is tested; see docs/architecture.md):
 *  - Priority: with one worker, jobs start in exact priority order with FIFO
 *    ties. With many workers, a job never starts while an older job of higher
 *    priority waits, except through the starvation bound.
 *  - Starvation bound: a MEDIUM or LOW job that has waited longer than
 *    tpool_config.starvation_bound_ms starts ahead of newer higher-priority
 *    jobs. On by default; 0 disables it. Ages are compared in whole
 *    milliseconds: a tie goes to the higher priority.
 *  - Exactly once: every accepted job (a submit that returned TPOOL_OK) ends
 *    in exactly one outcome, DONE, FAILED or CANCELLED; its completion
 *    callback fires exactly once with that outcome; its handle reports it.
 *    Shutdown in either mode loses no job.
 *  - No hidden deadlock: calls that could never return because the calling
 *    thread is one of the pool's own (see TPOOL_E_WOULD_DEADLOCK) return that
 *    status instead of blocking. This applies to the SAME pool only: a job of
 *    pool A may wait for, shut down or destroy pool B.
 *
 * Threads: no thread is created or joined in DllMain or in static
 * constructors/destructors. The host shuts the pool down explicitly.
 *
 * Errors: every function that returns a tpool_status lists, in its comment,
 * each status it can return ("Returns:"). Any of them may also return
 * TPOOL_E_INTERNAL, which only reports a bug in tpool. Out-parameters are
 * left unchanged on failure. Nothing throws or aborts across this boundary.
 *
 * Exceptions: callbacks are C functions and must not let an exception
 * escape; tpool.hpp's wrappers catch C++ exceptions in the caller's module.
 * What happens on each target when one escapes a raw callback anyway is in
 * docs/reliability.md, "Exceptions".
 *
 * Layout: one section per object, in the order a program meets them:
 * library, pools, jobs (submitting, handles, inside a job), job groups,
 * parallel loops, timers, waits on OS objects, diagnostics, and last the
 * 1.0 names kept for programs built against 1.0. Each section declares its
 * opaque type, its structs and callbacks, then its functions.
 *
 * Versioned structs (tpool_config, tpool_job_desc, tpool_group_counts,
 * tpool_timer_desc, tpool_object_wait_desc, tpool_stats,
 * tpool_worker_stats) start with uint32_t struct_size, the size of the
 * struct as the caller compiled it. Fields are only ever appended, and each
 * published version's size is a constant below (TPOOL_CONFIG_SIZE_V1, ...).
 *  - Inputs: struct_size must be the size of a published version, or larger
 *    than the library's own size with every byte past the library's size
 *    zero (a newer header whose new fields are unused). Fields the caller's
 *    version lacks take their defaults. Anything else: TPOOL_E_BAD_STRUCT_SIZE.
 *  - Outputs: struct_size, set by the caller, must be at least the first
 *    version's size. The library fills the first min(struct_size, own size)
 *    bytes and writes the size it filled back into struct_size. Arrays are
 *    stepped by the caller's struct_size.
 *  - Init functions: tpool_config_init, tpool_job_desc_init,
 *    tpool_timer_desc_init and tpool_object_wait_desc_init are macros that
 *    pass sizeof of the caller's struct to the *_sized functions, so a
 *    program compiled against an older header never has more bytes written
 *    than its struct holds.
 *
 * Valid C17 and C++. Includes only <stddef.h> and <stdint.h>.
 */
#ifndef TPOOL_TPOOL_H
#define TPOOL_TPOOL_H

#include <stddef.h>
#include <stdint.h>

#define TPOOL_VERSION_MAJOR 1
#define TPOOL_VERSION_MINOR 1
#define TPOOL_VERSION_PATCH 0
/* Packed 0x00MMmmpp; compare with tpool_version() to detect a header/DLL mismatch. */
#define TPOOL_VERSION_HEX \
  ((TPOOL_VERSION_MAJOR << 16) | (TPOOL_VERSION_MINOR << 8) | TPOOL_VERSION_PATCH)

#if defined(_WIN32)
#define TPOOL_CALL __cdecl
#if defined(TPOOL_BUILDING_LIBRARY)
#define TPOOL_API __declspec(dllexport)
#else
#define TPOOL_API __declspec(dllimport)
#endif
#else
#define TPOOL_CALL
#define TPOOL_API __attribute__((visibility("default")))
#endif

/* Every enum is 32 bits wide in both languages. In C++ it is declared with
 * int32_t as its underlying type, so any 32-bit value a C caller passes is a
 * valid value of the type: the library reads it as an integer and rejects
 * values outside the list with a status, never with undefined behaviour. */
#if defined(__cplusplus)
#define TPOOL_ENUM_BASE : int32_t
#else
#define TPOOL_ENUM_BASE
#endif

/* Marks the 1.0 names that a newer name replaced (see the last section).
 * They stay exported with their 1.0 behaviour; only new code is warned.
 * Define TPOOL_NO_DEPRECATION_WARNINGS to silence the warning. */
#if defined(TPOOL_NO_DEPRECATION_WARNINGS) || defined(TPOOL_BUILDING_LIBRARY)
#define TPOOL_DEPRECATED(replacement)
#elif defined(__cplusplus) && __cplusplus >= 201402L
#define TPOOL_DEPRECATED(replacement) [[deprecated("use " replacement)]]
#elif defined(_MSC_VER)
#define TPOOL_DEPRECATED(replacement) __declspec(deprecated("use " replacement))
#elif defined(__GNUC__) || defined(__clang__)
#define TPOOL_DEPRECATED(replacement) __attribute__((deprecated("use " replacement)))
#else
#define TPOOL_DEPRECATED(replacement)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Priorities: the same values as prioq. Passed as int32_t. */
enum {
  TPOOL_PRIORITY_HIGH = 0,
  TPOOL_PRIORITY_MEDIUM = 1,
  TPOOL_PRIORITY_LOW = 2,
  TPOOL_PRIORITY_COUNT = 3
};

/* Timeout value meaning "no limit". */
#define TPOOL_INFINITE 0xFFFFFFFFu

/* X-macro: name, fixed numeric value, message. Values never change and are
 * never reused; the list has no gap but 14, which was TPOOL_E_UNSUPPORTED in
 * 1.0 (no function returned it). */
#define TPOOL_STATUS_LIST(X)                                                             \
  X(TPOOL_OK, 0, "success")                                                              \
  X(TPOOL_E_NULL_POINTER, 1, "a required pointer argument was null")                     \
  X(TPOOL_E_INVALID_ARGUMENT, 2, "an argument was out of its valid range")               \
  X(TPOOL_E_BAD_PRIORITY, 3, "priority must be 0 (HIGH), 1 (MEDIUM) or 2 (LOW)")         \
  X(TPOOL_E_BAD_STRUCT_SIZE, 4, "struct_size does not match a known version")            \
  X(TPOOL_E_BAD_WORKER_COUNT, 5, "need 1 <= min_workers <= max_workers <= 4096")         \
  X(TPOOL_E_OUT_OF_MEMORY, 6, "memory allocation failed")                                \
  X(TPOOL_E_THREAD_START, 7, "the operating system refused to start a thread")           \
  X(TPOOL_E_SHUT_DOWN, 8, "the pool is shutting down or shut down")                      \
  X(TPOOL_E_TIMEOUT, 9, "the timeout elapsed first")                                     \
  X(TPOOL_E_WOULD_DEADLOCK, 10, "called from a pool thread where it could never return") \
  X(TPOOL_E_JOB_RUNNING, 11, "the job is running; cancellation was requested")           \
  X(TPOOL_E_JOB_FINISHED, 12, "the job already has its outcome")                         \
  X(TPOOL_E_INVALID_HANDLE, 13, "the handle was released or is not a tpool handle")      \
  X(TPOOL_E_INTERNAL, 15, "internal error (a bug): please report it")                    \
  X(TPOOL_E_FAILED, 16, "a loop body reported failure; the loop stopped early")          \
  X(TPOOL_E_CANCELLED, 17, "the timer was cancelled; it never fires again")

/* clang-format off: the X-macro expansion below is not a statement */
typedef enum tpool_status TPOOL_ENUM_BASE {
#define TPOOL_STATUS_ENUM_(name, value, message) name = value,
  TPOOL_STATUS_LIST(TPOOL_STATUS_ENUM_)
#undef TPOOL_STATUS_ENUM_
      TPOOL_STATUS_FORCE_32BIT_ = 0x7fffffff
} tpool_status;
/* clang-format on */

/* ---- library ------------------------------------------------------------ */

/* The loaded library's version, as TPOOL_VERSION_HEX. Thread-safe. */
TPOOL_API uint32_t TPOOL_CALL tpool_version(void);

/* Static, never-null English message for any 32-bit value, "unknown status"
 * for values that are not in TPOOL_STATUS_LIST. Thread-safe. */
TPOOL_API const char *TPOOL_CALL tpool_status_string(tpool_status status);

/* ---- pools --------------------------------------------------------------- */

typedef struct tpool_pool tpool_pool; /* opaque */

typedef enum tpool_shutdown_mode TPOOL_ENUM_BASE {
  TPOOL_SHUTDOWN_DRAIN = 0,  /* run every queued job, then stop */
  TPOOL_SHUTDOWN_CANCEL = 1, /* cancel every queued job, let running ones finish */
  TPOOL_SHUTDOWN_MODE_FORCE_32BIT_ = 0x7fffffff
} tpool_shutdown_mode;

typedef enum tpool_log_level TPOOL_ENUM_BASE {
  TPOOL_LOG_TRACE = 0,
  TPOOL_LOG_DEBUG = 1,
  TPOOL_LOG_INFO = 2,
  TPOOL_LOG_WARN = 3,
  TPOOL_LOG_ERROR = 4,
  TPOOL_LOG_OFF = 5,
  TPOOL_LOG_LEVEL_FORCE_32BIT_ = 0x7fffffff
} tpool_log_level;

typedef enum tpool_thread_priority TPOOL_ENUM_BASE {
  TPOOL_THREAD_PRIORITY_LOWEST = -2,
  TPOOL_THREAD_PRIORITY_BELOW_NORMAL = -1,
  TPOOL_THREAD_PRIORITY_NORMAL = 0,
  TPOOL_THREAD_PRIORITY_ABOVE_NORMAL = 1,
  TPOOL_THREAD_PRIORITY_HIGHEST = 2,
  TPOOL_THREAD_PRIORITY_FORCE_32BIT_ = 0x7fffffff
} tpool_thread_priority;

/* Receives log lines. message is valid only during the call. Called from any
 * thread, possibly concurrently: the host makes it thread-safe. */
typedef void(TPOOL_CALL *tpool_log_fn)(void *user, tpool_log_level level, const char *message);

/* The pool configuration. Version 1; fields are only ever appended. */
typedef struct tpool_config {
  uint32_t struct_size; /* set by tpool_config_init */
  uint32_t min_workers; /* default: logical processors (at least 1) */
  uint32_t max_workers; /* default: min_workers; growth happens above min */
  /* Workers above min_workers exit after this long without work; default
   * 10000. 0: as soon as they find no work. TPOOL_INFINITE: never. */
  uint32_t idle_timeout_ms;
  size_t stack_size; /* bytes, at most 1 GiB; 0 (default): the OS default */
  /* Copied by tpool_create; null or "" means the default "tpool". Workers are
   * named "<prefix>-<n>", cut to the OS limit (Linux: 15 bytes; Windows: 63
   * characters). */
  const char *thread_name_prefix;
  int32_t thread_priority; /* a tpool_thread_priority; default NORMAL */
  uint16_t affinity_group; /* Windows processor group; ignored on other systems */
  uint16_t reserved0_;     /* must be 0 */
  /* 0 (default): no affinity. Else bit i = processor i of affinity_group;
   * every set bit must name a processor that exists (Windows: an active
   * processor of the group; Linux: one this process may run on), or
   * tpool_create returns TPOOL_E_INVALID_ARGUMENT. */
  uint64_t affinity_mask;
  uint32_t starvation_bound_ms; /* default 100; 0 disables the bound */
  int32_t log_level;            /* a tpool_log_level; default TPOOL_LOG_WARN */
  tpool_log_fn log_fn;          /* null: logging off */
  void *log_user;               /* passed to log_fn */
} tpool_config;
#define TPOOL_CONFIG_SIZE_V1 ((uint32_t)(offsetof(tpool_config, log_user) + sizeof(void *)))

/* Fills the first struct_size bytes of *config with the defaults and sets
 * config->struct_size = struct_size. A size larger than the library's own
 * (a newer header) gets the library's defaults and zeros beyond them.
 * Use the tpool_config_init(config) macro, which passes sizeof(*config).
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if config is null;
 * TPOOL_E_BAD_STRUCT_SIZE if struct_size is below TPOOL_CONFIG_SIZE_V1 or
 * between two published sizes (nothing is written then).
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_config_init_sized(tpool_config *config,
                                                          uint32_t struct_size);

/* tpool_config_init_sized(config, TPOOL_CONFIG_SIZE_V1): the entry point of
 * programs built against the first header. The macro below replaces calls
 * written as tpool_config_init(&config).
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if config is null.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_config_init(tpool_config *config);
#define tpool_config_init(config) tpool_config_init_sized((config), (uint32_t)sizeof(tpool_config))

/* Creates a pool and starts min_workers threads. config may be null for
 * the defaults. If any worker fails to start, every started one is joined
 * first. A rejected configuration is logged (if it names a log_fn) at WARN,
 * unless its own valid log_level is above WARN (ERROR or OFF).
 * Returns: TPOOL_OK (*out_pool owns the pool until tpool_destroy);
 * TPOOL_E_NULL_POINTER if out_pool is null; TPOOL_E_BAD_STRUCT_SIZE;
 * TPOOL_E_BAD_WORKER_COUNT; TPOOL_E_INVALID_ARGUMENT for an out-of-range
 * thread_priority, log_level, stack_size, affinity_group or affinity_mask,
 * or a non-zero reserved field; TPOOL_E_OUT_OF_MEMORY; TPOOL_E_THREAD_START.
 * Allocates: the pool, its queue and its worker table, freed by tpool_destroy.
 * Pointers: config is read during the call only (thread_name_prefix is
 * copied); log_fn and log_user must stay valid until tpool_destroy returns.
 * Thread-safe; callable from a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_create(const tpool_config *config, tpool_pool **out_pool);

/* Stops accepting jobs and finishes the queued ones per mode, waiting up to
 * timeout_ms for every worker to exit and every job to have its outcome.
 * TPOOL_E_TIMEOUT leaves the shutdown in progress: call again (with either
 * mode; CANCEL after DRAIN cancels what is still queued) to keep waiting.
 * Idempotent: TPOOL_OK once shut down.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_ARGUMENT if mode
 * is not a tpool_shutdown_mode; TPOOL_E_WOULD_DEADLOCK from a thread of
 * this pool (a job, or a completion callback of this pool); TPOOL_E_TIMEOUT.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_shutdown(tpool_pool *pool, tpool_shutdown_mode mode,
                                                 uint32_t timeout_ms);

/* Shuts down (DRAIN, no time limit) if not yet done and frees the pool.
 * Outstanding job handles stay valid until released. Must be the last call
 * on the pool.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_WOULD_DEADLOCK from a
 * thread of this pool (the pool is left as it was).
 * Thread-safe against calls on other pools only. */
TPOOL_API tpool_status TPOOL_CALL tpool_destroy(tpool_pool *pool);

/* Waits until every accepted job has its outcome and its completion callback
 * has returned, up to timeout_ms (0: just look). Timers and waits on OS
 * objects that have not fired are not jobs: this does not wait for them,
 * only for the instances they already submitted.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_WOULD_DEADLOCK from a
 * thread of this pool; TPOOL_E_TIMEOUT.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_wait_idle(tpool_pool *pool, uint32_t timeout_ms);

/* Changes the minimum level delivered to the log callback. Like every enum
 * argument, level is read as its 32-bit value and checked.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_ARGUMENT for a
 * value outside TPOOL_LOG_TRACE..TPOOL_LOG_OFF.
 * Allocates nothing. Thread-safe; callable from a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_set_log_level(tpool_pool *pool, tpool_log_level level);

/* ---- jobs ---------------------------------------------------------------- */

typedef struct tpool_job tpool_job;           /* opaque job handle */
typedef struct tpool_job_info tpool_job_info; /* opaque, valid during a job callback only */

/* The life of a job. QUEUED -> RUNNING -> DONE | FAILED, or QUEUED -> CANCELLED.
 * DONE, FAILED and CANCELLED are final. */
typedef enum tpool_job_state TPOOL_ENUM_BASE {
  TPOOL_JOB_QUEUED = 0,
  TPOOL_JOB_RUNNING = 1,
  TPOOL_JOB_DONE = 2,
  TPOOL_JOB_CANCELLED = 3,
  TPOOL_JOB_FAILED = 4,
  TPOOL_JOB_STATE_FORCE_32BIT_ = 0x7fffffff
} tpool_job_state;

/* The job body. Runs on a worker thread. info is valid only during the call.
 * Must not let an exception escape (see "Exceptions" above). */
typedef void(TPOOL_CALL *tpool_job_fn)(void *context, tpool_job_info *info);

/* Called exactly once per accepted job with its final state (DONE, FAILED or
 * CANCELLED), on a worker thread or on the thread that cancelled the job.
 * Must not block for long; may submit new jobs. */
typedef void(TPOOL_CALL *tpool_completion_fn)(void *context, tpool_job_state outcome);

/* One job for tpool_submit_ex / tpool_submit_batch. Version 2. */
typedef struct tpool_job_desc {
  uint32_t struct_size;            /* set by tpool_job_desc_init */
  int32_t priority;                /* TPOOL_PRIORITY_*; default MEDIUM */
  tpool_job_fn fn;                 /* required */
  void *context;                   /* passed to fn and on_complete; owned by the caller */
  tpool_completion_fn on_complete; /* optional */
  /* Version 2. The group the job joins (see "job groups"); null (default):
   * none. It must be a group of the pool the job is submitted to. */
  struct tpool_group *group;
} tpool_job_desc;
#define TPOOL_JOB_DESC_SIZE_V1 \
  ((uint32_t)(offsetof(tpool_job_desc, on_complete) + sizeof(tpool_completion_fn)))
#define TPOOL_JOB_DESC_SIZE_V2 \
  ((uint32_t)(offsetof(tpool_job_desc, group) + sizeof(struct tpool_group *)))

/* Fills the first struct_size bytes of *desc: MEDIUM priority, null
 * callbacks, context and group, struct_size. Sizes as tpool_config_init_sized. Use
 * the tpool_job_desc_init(desc) macro.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if desc is null;
 * TPOOL_E_BAD_STRUCT_SIZE if struct_size is not a version's size or larger.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_desc_init_sized(tpool_job_desc *desc,
                                                            uint32_t struct_size);

/* tpool_job_desc_init_sized(desc, TPOOL_JOB_DESC_SIZE_V1), for programs built
 * against the first header.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if desc is null.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_desc_init(tpool_job_desc *desc);
#define tpool_job_desc_init(desc) \
  tpool_job_desc_init_sized((desc), (uint32_t)sizeof(tpool_job_desc))

/* Static, never-null name of a job state ("queued", "done", ...), "unknown
 * state" for any other 32-bit value. Thread-safe. */
TPOOL_API const char *TPOOL_CALL tpool_job_state_string(tpool_job_state state);

/* ---- jobs: submitting ------------------------------------------------------ */

/* Submits one job. out_job may be null (no handle); otherwise *out_job
 * receives a handle the caller must tpool_job_release.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if pool or fn is null;
 * TPOOL_E_BAD_PRIORITY; TPOOL_E_SHUT_DOWN once shutdown has begun;
 * TPOOL_E_OUT_OF_MEMORY.
 * Allocates: without out_job, nothing per job (the job is copied into the
 * queue, whose storage grows when full and is kept: amortized); with
 * out_job, a job record, recycled (no allocation once the pool is warm).
 * Pointers: context is the caller's; it must stay valid until the job has
 * its outcome (its callback, or its cancellation, has returned).
 * Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_submit(tpool_pool *pool, tpool_job_fn fn, void *context,
                                               int32_t priority, tpool_job **out_job);

/* As tpool_submit, described by *desc (which may carry a completion
 * callback and a group).
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if pool, desc or desc->fn is null;
 * TPOOL_E_BAD_STRUCT_SIZE; TPOOL_E_BAD_PRIORITY; TPOOL_E_INVALID_ARGUMENT
 * if desc->group belongs to another pool; TPOOL_E_INVALID_HANDLE if
 * desc->group was released; TPOOL_E_SHUT_DOWN; TPOOL_E_OUT_OF_MEMORY.
 * Allocates: as tpool_submit; a job in a group always has a record.
 * Pointers: desc is read during the call only; context must stay valid
 * until on_complete has returned (or, without one, until the job has its
 * outcome). Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_submit_ex(tpool_pool *pool, const tpool_job_desc *desc,
                                                  tpool_job **out_job);

/* Submits count jobs all-or-nothing: either every job is accepted or none
 * is (every desc is validated first). The array's stride is
 * descs[0].struct_size, and every element must carry that size. count == 0
 * accepts nothing and succeeds (descs may then be null). out_jobs may be
 * null; otherwise it has count slots that receive handles to release.
 * Jobs may go into different groups (or none).
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if pool is null, descs is null
 * with count > 0, or a desc's fn is null; TPOOL_E_BAD_STRUCT_SIZE;
 * TPOOL_E_BAD_PRIORITY; TPOOL_E_INVALID_ARGUMENT and TPOOL_E_INVALID_HANDLE
 * for a desc's group as tpool_submit_ex; TPOOL_E_SHUT_DOWN;
 * TPOOL_E_OUT_OF_MEMORY.
 * Allocates: for count > 1, temporary arrays freed before it returns; with
 * out_jobs or groups, a record per such job (recycled); queue storage as
 * tpool_submit.
 * Pointers: as tpool_submit_ex, for every element.
 * Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_submit_batch(tpool_pool *pool, const tpool_job_desc *descs,
                                                     size_t count, tpool_job **out_jobs);

/* Cancels every job queued now; each gets CANCELLED and its completion
 * callback, which runs on this thread before the call returns. Running
 * jobs continue. out_cancelled (may be null) receives the count.
 * Returns: TPOOL_OK (also after shutdown, with a count of 0);
 * TPOOL_E_NULL_POINTER if pool is null.
 * Allocates nothing. Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_cancel_all(tpool_pool *pool, size_t *out_cancelled);

/* ---- jobs: handles --------------------------------------------------------- */

/* The job's current state.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if job or out_state is null;
 * TPOOL_E_INVALID_HANDLE for a released handle (detected while its record
 * is not reused).
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_get_state(const tpool_job *job,
                                                      tpool_job_state *out_state);

/* The job's pool-unique id (ids increase in submission order; the same id
 * tpool_job_info_get reports inside the job).
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if job or out_id is null;
 * TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_get_id(const tpool_job *job, uint64_t *out_id);

/* Waits until the job has its outcome, up to timeout_ms (0: just look). It
 * returns only after the job's completion callback (if any) has returned.
 * *out_state (may be null) is written only on TPOOL_OK.
 * From another job (of any pool) this is allowed, but the caller owns the
 * risk of filling every worker with waiters.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if job is null;
 * TPOOL_E_INVALID_HANDLE; TPOOL_E_WOULD_DEADLOCK from the job's own callback
 * or completion callback; TPOOL_E_TIMEOUT.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_wait(tpool_job *job, uint32_t timeout_ms,
                                                 tpool_job_state *out_state);

/* Cancels the job. Queued: atomically becomes CANCELLED; its completion
 * callback runs on this thread before the call returns. Running: the
 * cooperative flag is raised (tpool_job_info_cancel_requested).
 * Returns: TPOOL_OK (it was queued and is now CANCELLED);
 * TPOOL_E_JOB_RUNNING (the flag was raised); TPOOL_E_JOB_FINISHED (it
 * already had its outcome); TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe; callable from a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_cancel(tpool_job *job);

/* Releases the handle. The job itself still runs to its outcome. The
 * handle may outlive its pool: release it before or after tpool_destroy.
 * Releasing twice is detected while the record has not been reused; do not
 * rely on it.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_release(tpool_job *job);

/* ---- jobs: inside a job ---------------------------------------------------- */

/* 1 if cancellation of the running job was requested, else 0 (also for a
 * null info). Cancellation is requested by tpool_job_cancel on its handle,
 * tpool_group_cancel on its group, tpool_timer_cancel or
 * tpool_object_wait_cancel (and their release) on the timer or wait whose
 * instance it is, or a parallel loop that stops early. A job nobody can ask
 * to cancel (submitted without a handle and outside a group) always reads
 * 0. One atomic load. Only on the worker running the job. */
TPOOL_API int32_t TPOOL_CALL tpool_job_info_cancel_requested(const tpool_job_info *info);

/* Marks the running job FAILED instead of DONE when its callback returns.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if info is null.
 * Only on the worker running the job. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_info_set_failed(tpool_job_info *info);

/* The running job's id, priority (0..2) and the index of the worker. Any out
 * pointer may be null.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if info is null.
 * Only on the worker running the job. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_info_get(const tpool_job_info *info, uint64_t *out_id,
                                                     int32_t *out_priority,
                                                     uint32_t *out_worker_index);

/* ---- job groups ------------------------------------------------------------
 * A group collects jobs of one pool so they can be waited for, counted and
 * cancelled together (fork-join, fan-out/fan-in) without a handle per job.
 * A job joins a group when it is submitted (tpool_job_desc.group, or
 * tpool_group_submit) and belongs to at most one group. Exactly once holds
 * per group: every job accepted into it ends DONE, FAILED or CANCELLED, and
 * tpool_group_wait returns TPOOL_OK only when every job accepted before the
 * call has its outcome and its completion callback has returned.
 *
 * Waiting from inside a job helps: a job (or completion callback) running
 * on a worker of the group's pool that calls tpool_group_wait runs the
 * group's queued jobs itself, oldest first, while it waits, so fork-join
 * inside jobs works with any number of workers, including one. Other
 * threads block. The waits that still return TPOOL_E_WOULD_DEADLOCK from a
 * thread of the pool: tpool_group_wait on a group that the calling job
 * itself belongs to (directly, or through a job whose wait is running it),
 * tpool_wait_idle, tpool_shutdown and tpool_destroy (tpool_job_wait only
 * for the calling job itself; waiting for another job of the same pool
 * blocks a worker and can deadlock a pool of busy workers: use a group).
 *
 * Shutdown ends a group's jobs as it ends any job (DRAIN runs them, CANCEL
 * cancels the queued ones); a wait on a group of a shut-down pool returns
 * once they have their outcomes. Memory: a group lives until it is released
 * and its last job has its outcome; it may be released before or after its
 * pool is destroyed, but every other group function needs the pool alive. */
typedef struct tpool_group tpool_group; /* opaque job group handle */

/* A group's jobs by outcome. Version 1. Each count is read atomically; the
 * snapshot as a whole is not one instant, but in every snapshot
 * done + failed + cancelled + pending == submitted. */
typedef struct tpool_group_counts {
  uint32_t struct_size; /* set by the caller; see "Versioned structs" */
  uint32_t reserved_;
  uint64_t submitted; /* accepted into the group since it was created */
  uint64_t pending;   /* accepted, no outcome yet (queued or running) */
  uint64_t done;
  uint64_t failed;
  uint64_t cancelled;
} tpool_group_counts;
#define TPOOL_GROUP_COUNTS_SIZE_V1 \
  ((uint32_t)(offsetof(tpool_group_counts, cancelled) + sizeof(uint64_t)))

/* Creates an empty group of pool's jobs.
 * Returns: TPOOL_OK (*out_group owns the group until tpool_group_release);
 * TPOOL_E_NULL_POINTER if pool or out_group is null; TPOOL_E_OUT_OF_MEMORY.
 * Allocates: the group (freed when released and its jobs are done).
 * Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_group_create(tpool_pool *pool, tpool_group **out_group);

/* Submits one job into the group: tpool_submit_ex with desc.group = group
 * and no completion callback.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if group or fn is null;
 * TPOOL_E_INVALID_HANDLE for a released group; TPOOL_E_BAD_PRIORITY;
 * TPOOL_E_SHUT_DOWN once the pool's shutdown has begun;
 * TPOOL_E_OUT_OF_MEMORY.
 * Allocates: a job record, recycled; the group's list of queued jobs grows
 * (amortized).
 * Pointers: context must stay valid until the job has its outcome.
 * Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_group_submit(tpool_group *group, tpool_job_fn fn,
                                                     void *context, int32_t priority);

/* Waits until every job accepted into the group has its outcome, up to
 * timeout_ms. From a worker of the group's pool it runs the group's queued
 * jobs while it waits (see above), and the timeout bounds that too: no
 * queued job is taken once the deadline has passed, so timeout_ms 0 only
 * looks and runs nothing; a job it already started is finished first, so
 * the call may return later than the deadline by that job's run time.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_HANDLE for a
 * released group; TPOOL_E_WOULD_DEADLOCK when a job running on the calling
 * thread belongs to the group; TPOOL_E_TIMEOUT.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_group_wait(tpool_group *group, uint32_t timeout_ms);

/* Cancels every queued job of the group: each gets CANCELLED and its
 * completion callback, on this thread, before the call returns. Running
 * jobs of the group see the cooperative flag
 * (tpool_job_info_cancel_requested) and run on. out_cancelled (may be null)
 * receives how many were cancelled.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if group is null;
 * TPOOL_E_INVALID_HANDLE for a released group.
 * Allocates nothing. Thread-safe; callable from a job or completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_group_cancel(tpool_group *group, size_t *out_cancelled);

/* The group's jobs by state. out_counts->struct_size must be set by the
 * caller.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if group or out_counts is null;
 * TPOOL_E_INVALID_HANDLE for a released group; TPOOL_E_BAD_STRUCT_SIZE if
 * struct_size is below TPOOL_GROUP_COUNTS_SIZE_V1.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_group_get_counts(const tpool_group *group,
                                                         tpool_group_counts *out_counts);

/* Releases the handle. Jobs of the group still run to their outcomes; the
 * group's memory goes when the last of them has. Releasing twice is
 * detected while the memory has not been reused; do not rely on it.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_group_release(tpool_group *group);

/* ---- parallel loops ------------------------------------------------------- */

/* The body of a parallel loop: runs indices [begin, end). Returns 0 to go
 * on, anything else to stop the loop (tpool_parallel_for then returns
 * TPOOL_E_FAILED). Must not let an exception escape. */
typedef int32_t(TPOOL_CALL *tpool_range_fn)(void *context, uint64_t begin, uint64_t end);

/* Runs fn over [begin, end) in chunks on the pool's workers and on the
 * calling thread, and returns when every chunk ran, or, once a chunk
 * returned non-zero, when the chunks already started have finished
 * (chunks not yet started then never run). grain 0: chunk sizes adapt to
 * the load (large first, smaller as the range runs out, so idle workers
 * keep finding work and stragglers stay short); grain > 0: every chunk is
 * grain indices (the last may be shorter). Chunks run at the given
 * priority. Callable from inside a job: the calling thread runs chunks
 * itself, so a loop inside a job finishes even when every other worker is
 * busy. An empty range returns TPOOL_OK without calling fn.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if pool or fn is null;
 * TPOOL_E_INVALID_ARGUMENT if begin > end; TPOOL_E_BAD_PRIORITY;
 * TPOOL_E_FAILED if a chunk returned non-zero; TPOOL_E_SHUT_DOWN if the
 * pool's shutdown had begun (nothing ran); TPOOL_E_OUT_OF_MEMORY (nothing
 * ran).
 * Allocates: a group and one record per helping worker, recycled.
 * Pointers: context must stay valid until the call returns.
 * Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_parallel_for(tpool_pool *pool, uint64_t begin, uint64_t end,
                                                     uint64_t grain, tpool_range_fn fn,
                                                     void *context, int32_t priority);

/* ---- timers -------------------------------------------------------------- */

/* A timer runs a job no earlier than a due time, once or every period. Each
 * time it fires, its pool receives an ordinary job, an "instance", at the
 * timer's priority: priority order, statistics, tpool_wait_idle and both
 * shutdown modes treat it as any accepted job, and it ends in exactly one
 * outcome (DONE, FAILED or CANCELLED), reported to the timer's on_complete.
 * A timer that is armed but has not fired is not a job: tpool_wait_idle does
 * not wait for it.
 *
 * One timer thread per pool, started with the pool's first timer, serves
 * every timer of the pool from one heap ordered by due time; there is no
 * thread and no kernel object per timer. An instance never starts before
 * its due time; it is late by the timer thread's wake-up (on Windows the
 * sleep is rounded to the system timer tick, about 15.6 ms unless the
 * process raised the timer resolution) plus its wait in the queue.
 *
 * Modes, and the due time of each instance:
 *  - TPOOL_TIMER_ONCE: one instance, delay_ms after the timer started;
 *  - TPOOL_TIMER_FIXED_RATE: start + delay_ms + k * period_ms (k = 0, 1, ...);
 *  - TPOOL_TIMER_FIXED_DELAY: the first at start + delay_ms, each later one
 *    period_ms after the previous instance ended (its on_complete returned).
 * At most one instance of a timer is queued or running at any time. A
 * FIXED_RATE due time that finds the previous instance still queued or
 * running is skipped, and so is one that had already passed when the timer
 * thread got to a later one; skipped due times are counted
 * (tpool_timer_get_state) and the schedule stays on its grid.
 *
 * When tpool is done with context: fn runs on a worker for every instance
 * that starts; on_complete (optional) once per instance, on a worker or on a
 * thread that cancelled the instance; on_retire (optional) exactly once per
 * started timer, after which tpool never touches context again. on_retire
 * runs when the timer can never fire again (cancelled, released, its pool
 * shut down, or a handle-less ONCE timer that fired) and its last instance
 * has its outcome, on the thread that brought that about (the worker
 * finishing that instance, a canceller, or the thread shutting the pool
 * down). Like every callback it must not let an exception escape.
 *
 * Handles may outlive their pool and must be released exactly once. A
 * released handle must not be used again: while tpool still holds the timer
 * (its instance is in flight) calls report TPOOL_E_INVALID_HANDLE; after
 * that the memory is gone and the behaviour is undefined. */
typedef struct tpool_timer tpool_timer; /* opaque timer handle */

/* Called once per timer or wait when tpool is done with its context. */
typedef void(TPOOL_CALL *tpool_retire_fn)(void *context);

typedef enum tpool_timer_mode TPOOL_ENUM_BASE {
  TPOOL_TIMER_ONCE = 0,
  TPOOL_TIMER_FIXED_RATE = 1,
  TPOOL_TIMER_FIXED_DELAY = 2,
  TPOOL_TIMER_MODE_FORCE_32BIT_ = 0x7fffffff
} tpool_timer_mode;

/* What tpool_timer_get_state reports: the state of the timer's schedule,
 * not of its instance (whose outcome goes to on_complete). A periodic timer
 * stays ARMED, also while an instance is queued or running; a ONCE timer is
 * IDLE from the moment it fired, also while its instance is queued or
 * running (then fired is 1). */
typedef enum tpool_timer_state TPOOL_ENUM_BASE {
  TPOOL_TIMER_ARMED = 0,     /* a due time is pending, or comes after the instance in flight */
  TPOOL_TIMER_IDLE = 1,      /* a ONCE timer that fired; tpool_timer_set re-arms it */
  TPOOL_TIMER_CANCELLED = 2, /* cancelled or released; final */
  TPOOL_TIMER_SHUT_DOWN = 3, /* its pool shut down; final */
  TPOOL_TIMER_STATE_FORCE_32BIT_ = 0x7fffffff
} tpool_timer_state;

/* One timer for tpool_timer_start. Version 1; see "Versioned structs". */
typedef struct tpool_timer_desc {
  uint32_t struct_size;            /* set by tpool_timer_desc_init */
  int32_t priority;                /* of every instance; TPOOL_PRIORITY_*, default MEDIUM */
  tpool_job_fn fn;                 /* required; runs once per instance that starts */
  void *context;                   /* passed to every callback; owned by the caller */
  tpool_completion_fn on_complete; /* optional; once per instance, with its outcome */
  tpool_retire_fn on_retire;       /* optional; once per timer (see above) */
  int32_t mode;                    /* a tpool_timer_mode; default TPOOL_TIMER_ONCE */
  uint32_t delay_ms;               /* until the first due time; default 0 */
  uint32_t period_ms;              /* ONCE: 0; FIXED_RATE, FIXED_DELAY: at least 1 */
  uint32_t reserved0_;             /* must be 0 */
} tpool_timer_desc;
#define TPOOL_TIMER_DESC_SIZE_V1 \
  ((uint32_t)(offsetof(tpool_timer_desc, reserved0_) + sizeof(uint32_t)))

/* Fills the first struct_size bytes of *desc with the defaults (MEDIUM,
 * ONCE, no delay, no period, null callbacks and context) and sets
 * struct_size. Sizes as tpool_config_init_sized. Use the
 * tpool_timer_desc_init(desc) macro.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if desc is null;
 * TPOOL_E_BAD_STRUCT_SIZE if struct_size is not a version's size or larger.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_timer_desc_init_sized(tpool_timer_desc *desc,
                                                              uint32_t struct_size);
#define tpool_timer_desc_init(desc) \
  tpool_timer_desc_init_sized((desc), (uint32_t)sizeof(tpool_timer_desc))

/* Starts a timer; its first due time is desc->delay_ms from now. out_timer
 * may be null: such a timer ends by firing (ONCE) or with its pool, and
 * cannot be cancelled.
 * Returns: TPOOL_OK (*out_timer, if given, must be released with
 * tpool_timer_release); TPOOL_E_NULL_POINTER if pool, desc or desc->fn is
 * null; TPOOL_E_BAD_STRUCT_SIZE; TPOOL_E_BAD_PRIORITY;
 * TPOOL_E_INVALID_ARGUMENT for an unknown mode, a period of 0 with
 * FIXED_RATE or FIXED_DELAY, a non-zero period with ONCE, or a non-zero
 * reserved field; TPOOL_E_SHUT_DOWN once shutdown has begun;
 * TPOOL_E_OUT_OF_MEMORY; TPOOL_E_THREAD_START if this is the pool's first
 * timer and its timer thread could not start.
 * Allocates: the timer (freed when it is released and retired); room for it
 * in the pool's timer heap (amortized); with the first timer, the timer
 * thread. Every instance takes a job record (recycled, as tpool_submit
 * with a handle); if none can be had, the firing is retried 1 ms later and
 * a WARN line is logged.
 * Pointers: desc is read during the call only; context see above.
 * Thread-safe; callable from a job or a callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_timer_start(tpool_pool *pool, const tpool_timer_desc *desc,
                                                    tpool_timer **out_timer);

/* Moves the timer's next due time to delay_ms from now and makes period_ms
 * its period from then on (its mode stays). Re-arms a ONCE timer that has
 * fired. An instance already queued or running is not affected (a due time
 * that comes while it is in flight is skipped; for a ONCE timer it fires as
 * soon as that instance has ended).
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if timer is null;
 * TPOOL_E_INVALID_HANDLE; TPOOL_E_INVALID_ARGUMENT if period_ms breaks the
 * rule of the timer's mode (see tpool_timer_desc); TPOOL_E_CANCELLED if the
 * timer was cancelled; TPOOL_E_SHUT_DOWN if its pool is shutting down.
 * Allocates nothing. Thread-safe; callable from the timer's own callbacks. */
TPOOL_API tpool_status TPOOL_CALL tpool_timer_set(tpool_timer *timer, uint32_t delay_ms,
                                                  uint32_t period_ms);

/* Cancels the timer. When this returns, no instance of it will ever start
 * again. A queued instance becomes CANCELLED: its on_complete runs on this
 * thread before the call returns. A running instance has its cooperative
 * flag raised (tpool_job_info_cancel_requested); with wait == 1 this call
 * waits until it has ended and its on_complete has returned. on_retire runs
 * on this thread if nothing of the timer is in flight any more, else on the
 * thread that ends its last instance; with wait == 1 it has returned when
 * this call returns (except when called from that on_retire itself): tpool
 * is then done with context. Cancelling a cancelled timer (or one whose
 * pool shut down) changes nothing and waits as asked.
 * Returns: TPOOL_OK (no instance is running); TPOOL_E_JOB_RUNNING (wait == 0
 * and an instance is still running; it ends by itself); TPOOL_E_WOULD_DEADLOCK
 * if wait == 1 is asked from the timer's own fn or on_complete (nothing is
 * changed); TPOOL_E_NULL_POINTER if timer is null; TPOOL_E_INVALID_HANDLE;
 * TPOOL_E_INVALID_ARGUMENT if wait is neither 0 nor 1.
 * Allocates nothing. Thread-safe; callable from a job or a callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_timer_cancel(tpool_timer *timer, int32_t wait);

/* The timer's state, the number of instances it has fired (accepted by the
 * pool) and the number of due times it skipped. Any out pointer may be null.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if timer is null;
 * TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_timer_get_state(const tpool_timer *timer,
                                                        tpool_timer_state *out_state,
                                                        uint64_t *out_fired, uint64_t *out_skipped);

/* Releases the handle, cancelling the timer first if it is not final (as
 * tpool_timer_cancel(timer, 0): a running instance ends by itself, then
 * on_retire runs). Release before or after tpool_destroy.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if timer is null;
 * TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe; callable from the timer's own callbacks. */
TPOOL_API tpool_status TPOOL_CALL tpool_timer_release(tpool_timer *timer);

/* ---- waits on OS objects ------------------------------------------------- */

/* An object wait runs a job once, when an OS object is ready or its
 * timeout passes, whichever comes first; the job's fn learns which
 * (tpool_object_wait_result). "Wait" as a noun is always an object wait;
 * tpool_wait_idle, tpool_job_wait and tpool_group_wait are the verb. The
 * object travels as an intptr_t:
 *  - Windows: a HANDLE, (intptr_t)handle, that WaitForMultipleObjects waits
 *    on (event, semaphore, process, thread, waitable timer, ...). Waiting
 *    has the object's usual effect: an auto-reset event is reset, a
 *    semaphore's count taken, a mutex acquired by the waiter thread (which
 *    never releases it: wait on a mutex only to learn it was abandoned).
 *  - POSIX: a file descriptor, ready once it is readable (poll's POLLIN, or
 *    a hang-up or error, so that a read will not block). Nothing is read.
 * The fired instance is an ordinary job at the wait's priority with exactly
 * one outcome (see timers above), reported to on_complete. An object wait
 * that has not fired is not a job: tpool_wait_idle does not wait for it.
 *
 * Timeouts: an object found ready when the timeout passes fires SIGNALLED
 * (or ABANDONED), not TIMED_OUT: the object is looked at once more, without
 * waiting, before a wait times out. So timeout_ms 0 polls: SIGNALLED if the
 * object is ready now, else TIMED_OUT.
 *
 * One waiter thread serves up to 63 waits (Windows: WaitForMultipleObjects
 * on them and its own control event; POSIX: poll on them and its own
 * eventfd). Waiter threads are started when every existing one is full and
 * stay until the pool shuts down; there is never a thread per wait.
 *
 * A signal that arrives while the wait is being cancelled may be consumed
 * (an auto-reset event, a semaphore) without fn running; so does the
 * Windows thread pool.
 *
 * Closing the object while it is waited on is misuse, with this outcome:
 * the wait fires with TPOOL_OBJECT_WAIT_INVALID at its waiter thread's next pass
 * over its objects (when any wait of that thread starts, ends, fires or
 * times out, or its own timeout passes). The close alone does not end the
 * pass in progress: Linux's poll and Wine's WaitForMultipleObjects were
 * seen to keep waiting, and Windows leaves it undefined. A handle value or
 * file descriptor reused by a new object before that pass is the new object
 * to tpool. Close the object only once the wait fired, or after
 * tpool_object_wait_cancel or tpool_object_wait_release returned (tpool no longer waits
 * on it then).
 *
 * Shutdown: a wait that has not fired never fires; its on_retire runs
 * during tpool_shutdown. on_retire, handles and their release are as for
 * timers. */
typedef struct tpool_object_wait tpool_object_wait; /* opaque object wait handle */

typedef enum tpool_object_wait_result TPOOL_ENUM_BASE {
  TPOOL_OBJECT_WAIT_SIGNALLED = 0, /* the object was ready (POSIX: readable, hung up or in error) */
  TPOOL_OBJECT_WAIT_TIMED_OUT = 1, /* timeout_ms passed and the object was not ready */
  TPOOL_OBJECT_WAIT_ABANDONED = 2, /* Windows: a mutex whose owner ended without releasing it */
  TPOOL_OBJECT_WAIT_INVALID = 3,   /* the object is no longer valid (closed while waited on) */
  TPOOL_OBJECT_WAIT_RESULT_FORCE_32BIT_ = 0x7fffffff
} tpool_object_wait_result;

/* The job of an object wait. info as for tpool_job_fn; result says why it
 * fired. */
typedef void(TPOOL_CALL *tpool_object_wait_fn)(void *context, tpool_job_info *info,
                                               tpool_object_wait_result result);

/* One object wait for tpool_object_wait_start. Version 1; see "Versioned structs". */
typedef struct tpool_object_wait_desc {
  uint32_t struct_size;            /* set by tpool_object_wait_desc_init */
  int32_t priority;                /* of the instance; TPOOL_PRIORITY_*, default MEDIUM */
  intptr_t object;                 /* HANDLE (Windows) or file descriptor (POSIX) */
  tpool_object_wait_fn fn;         /* required */
  void *context;                   /* passed to every callback; owned by the caller */
  tpool_completion_fn on_complete; /* optional; once, if the wait fired */
  tpool_retire_fn on_retire;       /* optional; once per wait */
  uint32_t timeout_ms;             /* TPOOL_INFINITE (default): no timeout */
  uint32_t reserved0_;             /* must be 0 */
} tpool_object_wait_desc;
#define TPOOL_OBJECT_WAIT_DESC_SIZE_V1 \
  ((uint32_t)(offsetof(tpool_object_wait_desc, reserved0_) + sizeof(uint32_t)))

/* Fills the first struct_size bytes of *desc with the defaults (MEDIUM, no
 * object (-1), no timeout, null callbacks and context) and sets
 * struct_size. Sizes as tpool_config_init_sized. Use the
 * tpool_object_wait_desc_init(desc) macro.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if desc is null;
 * TPOOL_E_BAD_STRUCT_SIZE if struct_size is not a version's size or larger.
 * Allocates nothing. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_desc_init_sized(tpool_object_wait_desc *desc,
                                                                    uint32_t struct_size);
#define tpool_object_wait_desc_init(desc) \
  tpool_object_wait_desc_init_sized((desc), (uint32_t)sizeof(tpool_object_wait_desc))

/* Starts waiting for desc->object, up to desc->timeout_ms (0: look once;
 * see "Timeouts" above). out_wait may be null: such a wait ends by firing
 * or with its pool.
 * Returns: TPOOL_OK (*out_wait, if given, must be released with
 * tpool_object_wait_release); TPOOL_E_NULL_POINTER if pool, desc or desc->fn is
 * null; TPOOL_E_BAD_STRUCT_SIZE; TPOOL_E_BAD_PRIORITY;
 * TPOOL_E_INVALID_ARGUMENT if the object is not an open handle (Windows) or
 * file descriptor (POSIX), or the reserved field is not 0;
 * TPOOL_E_SHUT_DOWN once shutdown has begun; TPOOL_E_OUT_OF_MEMORY (also
 * when the system refuses a new waiter thread's control event or eventfd);
 * TPOOL_E_THREAD_START if every waiter thread is full and a new one could
 * not start.
 * Allocates: the wait (freed when it is released and retired); when every
 * waiter thread is full, a new one with its control event or eventfd; the
 * instance takes a job record (recycled; if none can be had, the firing is
 * retried 1 ms later and a WARN line is logged).
 * Pointers: desc is read during the call only; context as for timers; the
 * object must stay open until the wait fired, was cancelled or retired.
 * Thread-safe; callable from a job or a callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_start(tpool_pool *pool,
                                                          const tpool_object_wait_desc *desc,
                                                          tpool_object_wait **out_wait);

/* Cancels the wait. When this returns, its fn will never start unless it
 * already has. A queued instance becomes CANCELLED: its on_complete runs on
 * this thread before the call returns. A running fn has its cooperative flag
 * raised; with wait == 1 this call waits until it has ended and its
 * on_complete has returned. on_retire as for tpool_timer_cancel: with
 * wait == 1 it has returned when this call returns.
 * Returns: TPOOL_OK (cancelled: fn never ran and never will);
 * TPOOL_E_JOB_RUNNING (wait == 0 and fn is running); TPOOL_E_JOB_FINISHED
 * (fn ran and has ended, its on_complete returned; also after waiting for
 * it); TPOOL_E_WOULD_DEADLOCK if wait == 1 is asked from the wait's own fn or
 * on_complete (nothing is changed); TPOOL_E_NULL_POINTER if the handle is
 * null; TPOOL_E_INVALID_HANDLE; TPOOL_E_INVALID_ARGUMENT if wait is
 * neither 0 nor 1.
 * Allocates nothing. Thread-safe; callable from a job or a callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_cancel(tpool_object_wait *handle, int32_t wait);

/* Releases the handle, cancelling the wait first if it has not fired (as
 * tpool_object_wait_cancel(handle, 0)). Release before or after tpool_destroy.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if the handle is null;
 * TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe; callable from the wait's own callbacks. */
TPOOL_API tpool_status TPOOL_CALL tpool_object_wait_release(tpool_object_wait *handle);

/* ---- diagnostics -------------------------------------------------------- */

/* Counters of one priority level; see tpool_stats for what is consistent. */
typedef struct tpool_priority_stats {
  uint64_t queued;    /* submitted - started - cancelled */
  uint64_t submitted; /* accepted since creation */
  uint64_t started;
  uint64_t done;
  uint64_t cancelled;
  uint64_t failed;
  uint64_t queue_wait_ns_total; /* sum over started jobs of (start - submit) */
  uint64_t queue_wait_ns_max;
} tpool_priority_stats;

/* A diagnostics snapshot. Version 1.
 * Each counter is read atomically; the snapshot as a whole is not one
 * instant. What holds between fields of one priority level, in every
 * snapshot, even while jobs run:
 *    done + failed <= started,   started + cancelled <= submitted,
 *    queued == submitted - started - cancelled,
 *    queue_wait_ns_max <= queue_wait_ns_total,
 *    queue_wait_ns_total == 0 when started == 0.
 * Nothing is promised across levels, between the worker counts, or between
 * two snapshots beyond each counter never decreasing (queued and the worker
 * counts aside). A submit refused by a concurrent shutdown may be counted in
 * submitted for a moment and then taken back. A worker counts as live from
 * the moment the pool starts its thread, and as idle only once that thread
 * runs and waits for work: right after tpool_create, or after growth,
 * workers_live can include threads still starting, which workers_idle does
 * not (a job submitted then waits for a start; a submit does not start
 * another worker for one on its way). */
typedef struct tpool_stats {
  uint32_t struct_size; /* set by the caller; see "Versioned structs" */
  uint32_t workers_live;
  uint32_t workers_idle;
  uint32_t workers_peak;
  uint32_t workers_min;
  uint32_t workers_max;
  uint64_t workers_grown;  /* workers started above min_workers since creation */
  uint64_t workers_reaped; /* workers that exited after idle_timeout_ms */
  tpool_priority_stats priority[TPOOL_PRIORITY_COUNT];
} tpool_stats;
#define TPOOL_STATS_SIZE_V1                     \
  ((uint32_t)(offsetof(tpool_stats, priority) + \
              TPOOL_PRIORITY_COUNT * sizeof(tpool_priority_stats)))

/* One worker slot's diagnostics. Version 1. */
typedef struct tpool_worker_stats {
  uint32_t struct_size; /* set by the caller in element 0: the array's stride */
  uint32_t worker_index;
  int32_t live; /* 1 if the worker thread is running */
  int32_t reserved_;
  uint64_t jobs_run;
  uint64_t busy_ns;
  uint64_t idle_ns;
} tpool_worker_stats;
#define TPOOL_WORKER_STATS_SIZE_V1 \
  ((uint32_t)(offsetof(tpool_worker_stats, idle_ns) + sizeof(uint64_t)))

/* Snapshot of pool counters without stopping the pool (see tpool_stats for
 * what is consistent). out_stats->struct_size must be set by the caller.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if pool or out_stats is null;
 * TPOOL_E_BAD_STRUCT_SIZE if struct_size is below TPOOL_STATS_SIZE_V1.
 * Allocates nothing. Thread-safe; callable from a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_get_stats(const tpool_pool *pool, tpool_stats *out_stats);

/* Per-worker counters for up to capacity worker slots (live and exited).
 * out_workers[0].struct_size, set by the caller when capacity > 0, is the
 * stride of the array and the size filled in each element. *out_count
 * receives the number of slots filled.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER if pool or out_count is null, or
 * out_workers is null with capacity > 0; TPOOL_E_BAD_STRUCT_SIZE if the
 * stride is below TPOOL_WORKER_STATS_SIZE_V1.
 * Allocates nothing. Thread-safe; callable from a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_get_worker_stats(const tpool_pool *pool,
                                                         tpool_worker_stats *out_workers,
                                                         size_t capacity, size_t *out_count);

/* ---- 1.0 names ---------------------------------------------------------- */

/* Names of 1.0 that 1.1 replaced, so that one word has one meaning ("status"
 * is a tpool_status; a job has a state) and every getter reads
 * tpool_<object>_get_<what>. They stay exported and behave exactly as in
 * 1.0: a program built against 1.0 runs unchanged. New code uses the new
 * names; these warn (see TPOOL_DEPRECATED). */

/* The 1.0 name of tpool_job_get_state; the same call.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe. */
TPOOL_DEPRECATED("tpool_job_get_state")
TPOOL_API tpool_status TPOOL_CALL tpool_job_status(const tpool_job *job,
                                                   tpool_job_state *out_state);

/* The 1.0 name of tpool_job_get_id; the same call.
 * Returns: TPOOL_OK; TPOOL_E_NULL_POINTER; TPOOL_E_INVALID_HANDLE.
 * Allocates nothing. Thread-safe. */
TPOOL_DEPRECATED("tpool_job_get_id")
TPOOL_API tpool_status TPOOL_CALL tpool_job_id(const tpool_job *job, uint64_t *out_id);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TPOOL_TPOOL_H */
