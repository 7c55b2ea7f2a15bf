/*
 * tpool: a priority thread pool with a plain C ABI, built on prioq.
 *
 * Promises (each is tested; see docs/architecture.md):
 *  - Priority: with one worker, jobs start in exact priority order with FIFO
 *    ties. With many workers, a job never starts while an older job of higher
 *    priority waits, except through the starvation bound.
 *  - Starvation bound: a MEDIUM or LOW job that has waited longer than
 *    tpool_config.starvation_bound_ms starts ahead of newer higher-priority
 *    jobs. On by default; 0 disables it.
 *  - Exactly once: every accepted job (a submit that returned TPOOL_OK) ends
 *    in exactly one outcome, DONE, FAILED or CANCELLED; its completion
 *    callback fires exactly once with that outcome; its handle reports it.
 *    Shutdown in either mode loses no job.
 *  - No hidden deadlock: wait, wait_idle, shutdown and destroy called from a
 *    pool thread (inside a job or completion callback) return
 *    TPOOL_E_WOULD_DEADLOCK instead of blocking.
 *
 * Threads: no thread is created or joined in DllMain or in static
 * constructors/destructors. The host shuts the pool down explicitly.
 *
 * Errors: every function returns a tpool_status; nothing throws or aborts
 * across this boundary. Out-parameters are left unchanged on failure.
 *
 * Valid C17 and C++. Includes only <stddef.h> and <stdint.h>.
 */
#ifndef TPOOL_TPOOL_H
#define TPOOL_TPOOL_H

#include <stddef.h>
#include <stdint.h>

#define TPOOL_VERSION_MAJOR 1
#define TPOOL_VERSION_MINOR 0
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

#ifdef __cplusplus
extern "C" {
#endif

/* Priorities: the same values as prioq. */
enum {
  TPOOL_PRIORITY_HIGH = 0,
  TPOOL_PRIORITY_MEDIUM = 1,
  TPOOL_PRIORITY_LOW = 2,
  TPOOL_PRIORITY_COUNT = 3
};

#define TPOOL_INFINITE 0xFFFFFFFFu

/* X-macro: name, fixed numeric value, message. Values never change. */
#define TPOOL_STATUS_LIST(X)                                                            \
  X(TPOOL_OK, 0, "success")                                                             \
  X(TPOOL_E_NULL_POINTER, 1, "a required pointer argument was null")                    \
  X(TPOOL_E_INVALID_ARGUMENT, 2, "an argument was out of its valid range")              \
  X(TPOOL_E_BAD_PRIORITY, 3, "priority must be 0 (HIGH), 1 (MEDIUM) or 2 (LOW)")        \
  X(TPOOL_E_BAD_STRUCT_SIZE, 4, "struct_size does not match a known version")           \
  X(TPOOL_E_BAD_WORKER_COUNT, 5, "need 1 <= min_workers <= max_workers <= 4096")        \
  X(TPOOL_E_OUT_OF_MEMORY, 6, "memory allocation failed")                               \
  X(TPOOL_E_THREAD_START, 7, "the operating system refused to start a thread")          \
  X(TPOOL_E_SHUT_DOWN, 8, "the pool is shutting down or shut down")                     \
  X(TPOOL_E_TIMEOUT, 9, "the timeout elapsed first")                                    \
  X(TPOOL_E_WOULD_DEADLOCK, 10, "called from a pool thread where it could never return") \
  X(TPOOL_E_JOB_RUNNING, 11, "the job is running; cancellation was requested")          \
  X(TPOOL_E_JOB_FINISHED, 12, "the job already has its outcome")                        \
  X(TPOOL_E_INVALID_HANDLE, 13, "the handle was released or is not a tpool handle")     \
  X(TPOOL_E_UNSUPPORTED, 14, "not supported on this platform")                          \
  X(TPOOL_E_INTERNAL, 15, "internal error (a bug): please report it")

typedef enum tpool_status {
#define TPOOL_STATUS_ENUM_(name, value, message) name = value,
  TPOOL_STATUS_LIST(TPOOL_STATUS_ENUM_)
#undef TPOOL_STATUS_ENUM_
  TPOOL_STATUS_FORCE_32BIT_ = 0x7fffffff
} tpool_status;

/* The life of a job. QUEUED -> RUNNING -> DONE | FAILED, or QUEUED -> CANCELLED.
 * DONE, FAILED and CANCELLED are final. */
typedef enum tpool_job_state {
  TPOOL_JOB_QUEUED = 0,
  TPOOL_JOB_RUNNING = 1,
  TPOOL_JOB_DONE = 2,
  TPOOL_JOB_CANCELLED = 3,
  TPOOL_JOB_FAILED = 4,
  TPOOL_JOB_STATE_FORCE_32BIT_ = 0x7fffffff
} tpool_job_state;

typedef enum tpool_shutdown_mode {
  TPOOL_SHUTDOWN_DRAIN = 0,  /* run every queued job, then stop */
  TPOOL_SHUTDOWN_CANCEL = 1, /* cancel every queued job, let running ones finish */
  TPOOL_SHUTDOWN_MODE_FORCE_32BIT_ = 0x7fffffff
} tpool_shutdown_mode;

typedef enum tpool_log_level {
  TPOOL_LOG_TRACE = 0,
  TPOOL_LOG_DEBUG = 1,
  TPOOL_LOG_INFO = 2,
  TPOOL_LOG_WARN = 3,
  TPOOL_LOG_ERROR = 4,
  TPOOL_LOG_OFF = 5,
  TPOOL_LOG_LEVEL_FORCE_32BIT_ = 0x7fffffff
} tpool_log_level;

typedef enum tpool_thread_priority {
  TPOOL_THREAD_PRIORITY_LOWEST = -2,
  TPOOL_THREAD_PRIORITY_BELOW_NORMAL = -1,
  TPOOL_THREAD_PRIORITY_NORMAL = 0,
  TPOOL_THREAD_PRIORITY_ABOVE_NORMAL = 1,
  TPOOL_THREAD_PRIORITY_HIGHEST = 2,
  TPOOL_THREAD_PRIORITY_FORCE_32BIT_ = 0x7fffffff
} tpool_thread_priority;

typedef struct tpool_pool tpool_pool; /* opaque */
typedef struct tpool_job tpool_job;   /* opaque job handle */
typedef struct tpool_job_info tpool_job_info; /* opaque, valid during a job callback only */

/* The job body. Runs on a worker thread. info is valid only during the call. */
typedef void(TPOOL_CALL *tpool_job_fn)(void *context, tpool_job_info *info);
/* Called exactly once per accepted job with its final state (DONE, FAILED or
 * CANCELLED), on a worker thread or on the thread that cancelled the job.
 * Must not block for long; may submit new jobs. */
typedef void(TPOOL_CALL *tpool_completion_fn)(void *context, tpool_job_state outcome);
/* Receives log lines. message is valid only during the call. Called from any
 * thread, possibly concurrently: the host makes it thread-safe. */
typedef void(TPOOL_CALL *tpool_log_fn)(void *user, tpool_log_level level, const char *message);

/* Version 1 of the pool configuration. Fields are only ever appended. */
typedef struct tpool_config {
  uint32_t struct_size;     /* sizeof(tpool_config); set by tpool_config_init */
  uint32_t min_workers;     /* default: logical processors (at least 1) */
  uint32_t max_workers;     /* default: min_workers; growth happens above min */
  uint32_t idle_timeout_ms; /* workers above min exit after this long idle; default 10000 */
  size_t stack_size;        /* bytes, at most 1 GiB; 0 (default): the OS default */
  const char *thread_name_prefix; /* copied; default "tpool"; workers are "<prefix>-<n>" */
  int32_t thread_priority;  /* a tpool_thread_priority; default NORMAL */
  uint16_t affinity_group;  /* Windows processor group; ignored elsewhere */
  uint16_t reserved0_;      /* must be 0 */
  uint64_t affinity_mask;   /* 0 (default): no affinity; bit i = processor i of the group */
  uint32_t starvation_bound_ms; /* default 100; 0 disables the bound */
  int32_t log_level;        /* a tpool_log_level; default TPOOL_LOG_WARN */
  tpool_log_fn log_fn;      /* null: logging off */
  void *log_user;           /* passed to log_fn */
} tpool_config;

/* One job for tpool_submit_ex / tpool_submit_batch. */
typedef struct tpool_job_desc {
  uint32_t struct_size;      /* sizeof(tpool_job_desc) */
  int32_t priority;          /* TPOOL_PRIORITY_* */
  tpool_job_fn fn;           /* required */
  void *context;             /* passed to fn and on_complete; owned by the caller */
  tpool_completion_fn on_complete; /* optional */
} tpool_job_desc;

typedef struct tpool_priority_stats {
  uint64_t queued;    /* waiting now */
  uint64_t submitted; /* accepted since creation */
  uint64_t started;
  uint64_t done;
  uint64_t cancelled;
  uint64_t failed;
  uint64_t queue_wait_ns_total; /* sum over started jobs of (start - submit) */
  uint64_t queue_wait_ns_max;
} tpool_priority_stats;

/* Version 1 of the diagnostics snapshot. Each counter is read atomically but
 * the snapshot as a whole is not a single instant. */
typedef struct tpool_stats {
  uint32_t struct_size; /* set by the caller to sizeof(tpool_stats) */
  uint32_t workers_live;
  uint32_t workers_idle;
  uint32_t workers_peak;
  uint32_t workers_min;
  uint32_t workers_max;
  uint64_t workers_grown;  /* workers started above min_workers since creation */
  uint64_t workers_reaped; /* workers that exited after idle_timeout_ms */
  tpool_priority_stats priority[TPOOL_PRIORITY_COUNT];
} tpool_stats;

/* Version 1 of one worker's diagnostics. */
typedef struct tpool_worker_stats {
  uint32_t struct_size; /* set by the caller (in out_workers[0]) */
  uint32_t worker_index;
  int32_t live;         /* 1 if the worker thread is running */
  int32_t reserved_;
  uint64_t jobs_run;
  uint64_t busy_ns;
  uint64_t idle_ns;
} tpool_worker_stats;

/* ---- library ---------------------------------------------------------- */

/* The loaded library's version, as TPOOL_VERSION_HEX. Thread-safe. */
TPOOL_API uint32_t TPOOL_CALL tpool_version(void);

/* Static, never-null message for any status value. Thread-safe. */
TPOOL_API const char *TPOOL_CALL tpool_status_string(tpool_status status);

/* Static, never-null name of a job state ("queued", "done", ...). Thread-safe. */
TPOOL_API const char *TPOOL_CALL tpool_job_state_string(tpool_job_state state);

/* Fills defaults and struct_size. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_config_init(tpool_config *config);

/* Fills a job description with struct_size, MEDIUM priority and nulls. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_desc_init(tpool_job_desc *desc);

/* ---- pool lifecycle ----------------------------------------------------- */

/* Creates a pool and starts min_workers threads. config may be null for
 * defaults. On success *out_pool owns the pool until tpool_destroy. If any
 * worker fails to start, every started one is joined and TPOOL_E_THREAD_START
 * is returned. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_create(const tpool_config *config, tpool_pool **out_pool);

/* Stops accepting jobs and finishes the queued ones per mode, waiting up to
 * timeout_ms for every worker to exit. TPOOL_E_TIMEOUT leaves the shutdown in
 * progress: call again (with either mode; CANCEL after DRAIN cancels what is
 * still queued) to keep waiting. Idempotent: TPOOL_OK once shut down.
 * Thread-safe; from a pool thread: TPOOL_E_WOULD_DEADLOCK. */
TPOOL_API tpool_status TPOOL_CALL tpool_shutdown(tpool_pool *pool, tpool_shutdown_mode mode,
                                                 uint32_t timeout_ms);

/* Shuts down (DRAIN, no time limit) if not yet done and frees the pool.
 * Outstanding job handles stay valid until released. Must be the last call
 * on the pool; from a pool thread: TPOOL_E_WOULD_DEADLOCK. */
TPOOL_API tpool_status TPOOL_CALL tpool_destroy(tpool_pool *pool);

/* Waits until every accepted job has its outcome and its completion callback
 * has returned, up to timeout_ms.
 * Thread-safe; from a pool thread: TPOOL_E_WOULD_DEADLOCK. */
TPOOL_API tpool_status TPOOL_CALL tpool_wait_idle(tpool_pool *pool, uint32_t timeout_ms);

/* ---- submitting ---------------------------------------------------------- */

/* Submits one job. out_job may be null (no handle); otherwise *out_job
 * receives a handle the caller must tpool_job_release. Fails with
 * TPOOL_E_SHUT_DOWN once shutdown has begun. Thread-safe; callable from
 * inside a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_submit(tpool_pool *pool, tpool_job_fn fn, void *context,
                                               int32_t priority, tpool_job **out_job);

/* As tpool_submit, with a completion callback. */
TPOOL_API tpool_status TPOOL_CALL tpool_submit_ex(tpool_pool *pool, const tpool_job_desc *desc,
                                                  tpool_job **out_job);

/* Submits count jobs all-or-nothing: either every job is accepted or none
 * is (every desc is validated first). out_jobs may be null; otherwise it has
 * count slots that receive handles to release. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_submit_batch(tpool_pool *pool, const tpool_job_desc *descs,
                                                     size_t count, tpool_job **out_jobs);

/* Cancels every queued job; each gets CANCELLED and its completion callback,
 * which runs on this thread before the call returns. Running jobs continue.
 * out_cancelled (may be null) receives the count. Thread-safe; callable from
 * a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_cancel_all(tpool_pool *pool, size_t *out_cancelled);

/* ---- job handles --------------------------------------------------------- */

/* Current state of the job. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_status(const tpool_job *job, tpool_job_state *out_state);

/* Waits until the job has its outcome, up to timeout_ms. *out_state (may be
 * null) receives the state. From the job's own callback:
 * TPOOL_E_WOULD_DEADLOCK. From another job: allowed, but the caller owns the
 * risk of filling every worker with waiters. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_wait(tpool_job *job, uint32_t timeout_ms,
                                                 tpool_job_state *out_state);

/* Cancels the job. Queued: atomically becomes CANCELLED (completion callback
 * runs on this thread before return), TPOOL_OK. Running: a cooperative flag
 * is raised (tpool_job_info_cancel_requested) and TPOOL_E_JOB_RUNNING is
 * returned. Finished: TPOOL_E_JOB_FINISHED. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_cancel(tpool_job *job);

/* The job's pool-unique id (ids increase in submission order). Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_id(const tpool_job *job, uint64_t *out_id);

/* Releases the handle. The job itself still runs to its outcome. Releasing
 * twice is detected while the record has not been reused
 * (TPOOL_E_INVALID_HANDLE); do not rely on it. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_release(tpool_job *job);

/* ---- inside a job -------------------------------------------------------- */

/* 1 if cancellation of the running job was requested, else 0. Cheap (one
 * atomic load). Only on the worker running the job. */
TPOOL_API int32_t TPOOL_CALL tpool_job_info_cancel_requested(const tpool_job_info *info);

/* Marks the running job FAILED instead of DONE when its callback returns.
 * Only on the worker running the job. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_info_set_failed(tpool_job_info *info);

/* The running job's id, priority (0..2) and the index of the worker. Any out
 * pointer may be null. Only on the worker running the job. */
TPOOL_API tpool_status TPOOL_CALL tpool_job_info_get(const tpool_job_info *info, uint64_t *out_id,
                                                     int32_t *out_priority,
                                                     uint32_t *out_worker_index);

/* ---- diagnostics and logging -------------------------------------------- */

/* Snapshot of pool counters without stopping the pool. out_stats->struct_size
 * must be set by the caller. Thread-safe; callable from a job. */
TPOOL_API tpool_status TPOOL_CALL tpool_get_stats(const tpool_pool *pool, tpool_stats *out_stats);

/* Per-worker counters for up to capacity worker slots (live and exited).
 * out_workers[0].struct_size must be set by the caller when capacity > 0.
 * *out_count receives the number of slots filled. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_get_worker_stats(const tpool_pool *pool,
                                                         tpool_worker_stats *out_workers,
                                                         size_t capacity, size_t *out_count);

/* Changes the minimum level delivered to the log callback. Thread-safe. */
TPOOL_API tpool_status TPOOL_CALL tpool_set_log_level(tpool_pool *pool, int32_t level);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TPOOL_TPOOL_H */
