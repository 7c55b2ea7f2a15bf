/*
 * A plain C17 program using tpool.dll through its header and import library:
 * C job and completion callbacks with the TPOOL_CALL convention, handles,
 * cancellation, batches, statistics, timers, waits on an OS object and
 * shutdown. Exit code 0 on success.
 *
 * No C11 atomics (MSVC's C compiler lacks them by default): each job writes
 * only its own record, and the main thread reads a record only after the
 * pool reported that job finished (tpool_job_wait / tpool_wait_idle).
 */
#ifdef __cplusplus
#error "tpool_c_client.c must be compiled as C, not C++."
#endif

/* The 1.0 names are called too (they must stay exported). */
#define TPOOL_NO_DEPRECATION_WARNINGS
#include "c_check.h"
#include "c_system.h" /* first: it sets the feature macros */
#include "tpool/tpool.h"

/* Bounds every wait so that a broken pool fails the run instead of hanging it. */
#define WAIT_LIMIT_MS 30000u

typedef struct job_record {
  int runs;
  int completions;
  int failed_on_purpose;
  tpool_job_state outcome;
  int32_t seen_priority;
  uint64_t seen_id;
  int retires;
  tpool_object_wait_result wait_result;
} job_record;

static void TPOOL_CALL record_job(void *context, tpool_job_info *info) {
  job_record *record = (job_record *)context;
  uint32_t worker = 0;
  ++record->runs;
  tpool_job_info_get(info, &record->seen_id, &record->seen_priority, &worker);
  if (record->failed_on_purpose) tpool_job_info_set_failed(info);
}

static void TPOOL_CALL record_completion(void *context, tpool_job_state outcome) {
  job_record *record = (job_record *)context;
  ++record->completions;
  record->outcome = outcome;
}

static void TPOOL_CALL record_wait(void *context, tpool_job_info *info,
                                   tpool_object_wait_result result) {
  job_record *record = (job_record *)context;
  record->wait_result = result;
  record_job(context, info);
}

static void TPOOL_CALL record_retire(void *context) {
  ++((job_record *)context)->retires;
}

/* Runs until its cancellation is requested (or the wait limit passes). */
static void TPOOL_CALL block_until_cancel_requested(void *context, tpool_job_info *info) {
  job_record *record = (job_record *)context;
  uint32_t waited_ms = 0;
  ++record->runs;
  while (!tpool_job_info_cancel_requested(info) && waited_ms < WAIT_LIMIT_MS) {
    c_sleep_one_ms();
    ++waited_ms;
  }
}

static void TPOOL_CALL ignore_log(void *user, tpool_log_level level, const char *message) {
  (void)user;
  (void)level;
  (void)message;
}

static tpool_pool *create_pool(uint32_t workers) {
  tpool_config config;
  tpool_pool *pool = NULL;
  C_CHECK_STATUS(tpool_config_init(&config), TPOOL_OK);
  C_CHECK(config.struct_size == sizeof(tpool_config));
  config.min_workers = workers;
  config.max_workers = workers;
  config.thread_name_prefix = "c-client";
  config.log_fn = ignore_log;
  config.log_level = TPOOL_LOG_ERROR;
  C_CHECK_STATUS(tpool_create(&config, &pool), TPOOL_OK);
  return pool;
}

static void wait_until_running(tpool_job *job) {
  tpool_job_state state = TPOOL_JOB_QUEUED;
  uint32_t waited_ms = 0;
  while (tpool_job_get_state(job, &state) == TPOOL_OK && state == TPOOL_JOB_QUEUED &&
         waited_ms < WAIT_LIMIT_MS) {
    c_sleep_one_ms();
    ++waited_ms;
  }
  C_CHECK(state == TPOOL_JOB_RUNNING);
}

static void check_library_identity(void) {
  C_CHECK(tpool_version() == (uint32_t)TPOOL_VERSION_HEX);
  C_CHECK(strcmp(tpool_status_string(TPOOL_OK), "success") == 0);
  /* A C enum may hold any int: every value gets an answer, never UB. */
  C_CHECK(strcmp(tpool_status_string((tpool_status)-1), "unknown status") == 0);
  C_CHECK(strcmp(tpool_status_string((tpool_status)0x7ffffffe), "unknown status") == 0);
  C_CHECK(strcmp(tpool_job_state_string(TPOOL_JOB_DONE), "done") == 0);
  C_CHECK(strcmp(tpool_job_state_string((tpool_job_state)-1), "unknown state") == 0);
}

/* The version-1 entry points (what a program built against the first header
 * links) and the sized ones behind the init macros. */
static void check_struct_initialization(void) {
  tpool_config config;
  tpool_job_desc desc;
  memset(&config, 0xAB, sizeof config);
  C_CHECK_STATUS((tpool_config_init)(&config), TPOOL_OK);
  C_CHECK(config.struct_size == TPOOL_CONFIG_SIZE_V1);
  C_CHECK(config.idle_timeout_ms == 10000u);
  C_CHECK_STATUS(tpool_config_init_sized(&config, (uint32_t)sizeof config), TPOOL_OK);
  C_CHECK(config.struct_size == sizeof config);
  C_CHECK_STATUS(tpool_config_init_sized(&config, 3u), TPOOL_E_BAD_STRUCT_SIZE);
  memset(&desc, 0xAB, sizeof desc);
  C_CHECK_STATUS((tpool_job_desc_init)(&desc), TPOOL_OK);
  C_CHECK(desc.struct_size == TPOOL_JOB_DESC_SIZE_V1 && desc.fn == NULL);
  C_CHECK_STATUS(tpool_job_desc_init_sized(&desc, (uint32_t)sizeof desc), TPOOL_OK);
  C_CHECK(desc.priority == TPOOL_PRIORITY_MEDIUM);
}

/* Fire-and-forget jobs, each with its own record, then wait_idle. */
static void check_plain_submits(tpool_pool *pool) {
  enum { kJobs = 32 };
  job_record records[kJobs];
  int i;
  memset(records, 0, sizeof records);
  for (i = 0; i < kJobs; ++i) {
    C_CHECK_STATUS(tpool_submit(pool, record_job, &records[i], i % TPOOL_PRIORITY_COUNT, NULL),
                   TPOOL_OK);
  }
  C_CHECK_STATUS(tpool_wait_idle(pool, WAIT_LIMIT_MS), TPOOL_OK);
  for (i = 0; i < kJobs; ++i) {
    C_CHECK(records[i].runs == 1);
    C_CHECK(records[i].seen_priority == i % TPOOL_PRIORITY_COUNT);
  }
}

/* submit_ex with a completion callback and a handle; one job marks itself failed. */
static void check_handles_and_completions(tpool_pool *pool) {
  job_record done_record, failed_record;
  tpool_job_desc desc;
  tpool_job *done_job = NULL, *failed_job = NULL;
  tpool_job_state state = TPOOL_JOB_QUEUED;
  uint64_t done_id = 0, failed_id = 0;
  memset(&done_record, 0, sizeof done_record);
  memset(&failed_record, 0, sizeof failed_record);
  failed_record.failed_on_purpose = 1;

  C_CHECK_STATUS(tpool_job_desc_init(&desc), TPOOL_OK);
  C_CHECK(desc.struct_size == sizeof(tpool_job_desc));
  C_CHECK(desc.priority == TPOOL_PRIORITY_MEDIUM);
  desc.fn = record_job;
  desc.on_complete = record_completion;
  desc.priority = TPOOL_PRIORITY_HIGH;
  desc.context = &done_record;
  C_CHECK_STATUS(tpool_submit_ex(pool, &desc, &done_job), TPOOL_OK);
  desc.context = &failed_record;
  C_CHECK_STATUS(tpool_submit_ex(pool, &desc, &failed_job), TPOOL_OK);
  if (done_job == NULL || failed_job == NULL) return;

  C_CHECK_STATUS(tpool_job_wait(done_job, WAIT_LIMIT_MS, &state), TPOOL_OK);
  C_CHECK(state == TPOOL_JOB_DONE);
  C_CHECK_STATUS(tpool_job_wait(failed_job, WAIT_LIMIT_MS, &state), TPOOL_OK);
  C_CHECK(state == TPOOL_JOB_FAILED);
  /* The completion may run just after the state becomes final: wait_idle
   * covers "every accepted job has its outcome", callbacks included. */
  C_CHECK_STATUS(tpool_wait_idle(pool, WAIT_LIMIT_MS), TPOOL_OK);
  C_CHECK(done_record.completions == 1 && done_record.outcome == TPOOL_JOB_DONE);
  C_CHECK(failed_record.completions == 1 && failed_record.outcome == TPOOL_JOB_FAILED);

  C_CHECK_STATUS(tpool_job_get_id(done_job, &done_id), TPOOL_OK);
  C_CHECK_STATUS(tpool_job_get_id(failed_job, &failed_id), TPOOL_OK);
  C_CHECK(done_id < failed_id); /* ids increase in submission order */
  C_CHECK(done_record.seen_id == done_id);
  {
    /* The 1.0 names answer as the names that replaced them. */
    uint64_t old_id = 0;
    tpool_job_state old_state = TPOOL_JOB_QUEUED;
    C_CHECK_STATUS(tpool_job_id(done_job, &old_id), TPOOL_OK);
    C_CHECK(old_id == done_id);
    C_CHECK_STATUS(tpool_job_status(failed_job, &old_state), TPOOL_OK);
    C_CHECK(old_state == TPOOL_JOB_FAILED);
  }
  C_CHECK_STATUS(tpool_job_cancel(done_job), TPOOL_E_JOB_FINISHED);
  C_CHECK_STATUS(tpool_job_release(done_job), TPOOL_OK);
  C_CHECK_STATUS(tpool_job_release(failed_job), TPOOL_OK);
}

static void check_batch_submit(tpool_pool *pool) {
  enum { kJobs = 8 };
  job_record records[kJobs];
  tpool_job_desc descs[kJobs];
  tpool_job *jobs[kJobs];
  tpool_job_state state = TPOOL_JOB_QUEUED;
  int i;
  memset(records, 0, sizeof records);
  memset(jobs, 0, sizeof jobs);
  for (i = 0; i < kJobs; ++i) {
    tpool_job_desc_init(&descs[i]);
    descs[i].fn = record_job;
    descs[i].on_complete = record_completion;
    descs[i].context = &records[i];
    descs[i].priority = TPOOL_PRIORITY_LOW;
  }
  C_CHECK_STATUS(tpool_submit_batch(pool, descs, kJobs, jobs), TPOOL_OK);
  for (i = 0; i < kJobs; ++i) {
    if (jobs[i] == NULL) continue;
    C_CHECK_STATUS(tpool_job_wait(jobs[i], WAIT_LIMIT_MS, &state), TPOOL_OK);
    C_CHECK(state == TPOOL_JOB_DONE);
    C_CHECK_STATUS(tpool_job_release(jobs[i]), TPOOL_OK);
  }
  C_CHECK_STATUS(tpool_wait_idle(pool, WAIT_LIMIT_MS), TPOOL_OK);
  for (i = 0; i < kJobs; ++i) C_CHECK(records[i].runs == 1 && records[i].completions == 1);
}

/* One worker kept busy, so the next jobs stay queued and can be cancelled. */
static void check_cancellation(void) {
  tpool_pool *pool = create_pool(1);
  job_record blocker_record, victim_record, queued_records[3];
  tpool_job_desc desc;
  tpool_job *blocker = NULL, *victim = NULL;
  tpool_job_state state = TPOOL_JOB_QUEUED;
  size_t cancelled = 99;
  int i;
  if (pool == NULL) return;
  memset(&blocker_record, 0, sizeof blocker_record);
  memset(&victim_record, 0, sizeof victim_record);
  memset(queued_records, 0, sizeof queued_records);

  C_CHECK_STATUS(tpool_submit(pool, block_until_cancel_requested, &blocker_record,
                              TPOOL_PRIORITY_HIGH, &blocker),
                 TPOOL_OK);
  if (blocker == NULL) return;
  wait_until_running(blocker);

  tpool_job_desc_init(&desc);
  desc.fn = record_job;
  desc.on_complete = record_completion;
  desc.context = &victim_record;
  C_CHECK_STATUS(tpool_submit_ex(pool, &desc, &victim), TPOOL_OK);
  if (victim != NULL) {
    C_CHECK_STATUS(tpool_job_cancel(victim), TPOOL_OK);
    /* The completion ran on this thread before tpool_job_cancel returned. */
    C_CHECK(victim_record.completions == 1 && victim_record.outcome == TPOOL_JOB_CANCELLED);
    C_CHECK_STATUS(tpool_job_get_state(victim, &state), TPOOL_OK);
    C_CHECK(state == TPOOL_JOB_CANCELLED);
    C_CHECK_STATUS(tpool_job_release(victim), TPOOL_OK);
  }

  for (i = 0; i < 3; ++i) {
    desc.context = &queued_records[i];
    C_CHECK_STATUS(tpool_submit_ex(pool, &desc, NULL), TPOOL_OK);
  }
  C_CHECK_STATUS(tpool_cancel_all(pool, &cancelled), TPOOL_OK);
  C_CHECK(cancelled == 3);
  for (i = 0; i < 3; ++i) {
    C_CHECK(queued_records[i].runs == 0);
    C_CHECK(queued_records[i].completions == 1 && queued_records[i].outcome == TPOOL_JOB_CANCELLED);
  }

  C_CHECK_STATUS(tpool_job_cancel(blocker), TPOOL_E_JOB_RUNNING);
  C_CHECK_STATUS(tpool_job_wait(blocker, WAIT_LIMIT_MS, &state), TPOOL_OK);
  C_CHECK(state == TPOOL_JOB_DONE);
  C_CHECK(victim_record.runs == 0);
  C_CHECK_STATUS(tpool_job_release(blocker), TPOOL_OK);
  C_CHECK_STATUS(tpool_shutdown(pool, TPOOL_SHUTDOWN_CANCEL, WAIT_LIMIT_MS), TPOOL_OK);
  C_CHECK_STATUS(tpool_destroy(pool), TPOOL_OK);
}

/* Waits until a job of the given priority was submitted (a timer or a wait
 * fired), then until the pool is idle: from then on its record may be read. */
static void wait_for_fired_job(tpool_pool *pool, int32_t priority) {
  tpool_stats stats;
  uint32_t waited_ms = 0;
  memset(&stats, 0, sizeof stats);
  stats.struct_size = sizeof stats;
  while (tpool_get_stats(pool, &stats) == TPOOL_OK && stats.priority[priority].submitted == 0 &&
         waited_ms < WAIT_LIMIT_MS) {
    c_sleep_one_ms();
    ++waited_ms;
  }
  C_CHECK(stats.priority[priority].submitted == 1);
  C_CHECK_STATUS(tpool_wait_idle(pool, WAIT_LIMIT_MS), TPOOL_OK);
}

/* A one-shot timer, then a periodic one cancelled with a wait. */
static void check_timers(void) {
  tpool_pool *pool = create_pool(2);
  job_record once_record, periodic_record;
  tpool_timer_desc desc;
  tpool_timer *timer = NULL;
  tpool_timer_state state = TPOOL_TIMER_CANCELLED;
  uint64_t fired = 0, skipped = 0;
  uint32_t waited_ms = 0;
  if (pool == NULL) return;
  memset(&once_record, 0, sizeof once_record);
  memset(&periodic_record, 0, sizeof periodic_record);

  memset(&desc, 0xAB, sizeof desc);
  C_CHECK_STATUS(tpool_timer_desc_init(&desc), TPOOL_OK);
  C_CHECK(desc.struct_size == sizeof desc && desc.mode == TPOOL_TIMER_ONCE);
  C_CHECK(desc.priority == TPOOL_PRIORITY_MEDIUM && desc.fn == NULL && desc.period_ms == 0);
  desc.fn = record_job;
  desc.on_complete = record_completion;
  desc.on_retire = record_retire;
  desc.context = &once_record;
  desc.priority = TPOOL_PRIORITY_LOW;
  desc.delay_ms = 2;
  C_CHECK_STATUS(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  if (timer == NULL) return;
  wait_for_fired_job(pool, TPOOL_PRIORITY_LOW);
  C_CHECK(once_record.runs == 1 && once_record.completions == 1);
  C_CHECK(once_record.outcome == TPOOL_JOB_DONE && once_record.seen_priority == TPOOL_PRIORITY_LOW);
  C_CHECK_STATUS(tpool_timer_get_state(timer, &state, &fired, &skipped), TPOOL_OK);
  C_CHECK(state == TPOOL_TIMER_IDLE && fired == 1);
  C_CHECK(once_record.retires == 0);
  C_CHECK_STATUS(tpool_timer_release(timer), TPOOL_OK);
  C_CHECK(once_record.retires == 1);

  desc.context = &periodic_record;
  desc.priority = TPOOL_PRIORITY_HIGH;
  desc.mode = TPOOL_TIMER_FIXED_RATE;
  desc.delay_ms = 0;
  desc.period_ms = 1;
  C_CHECK_STATUS(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  if (timer == NULL) return;
  fired = 0;
  while (fired < 3 && waited_ms < WAIT_LIMIT_MS) {
    C_CHECK_STATUS(tpool_timer_get_state(timer, &state, &fired, &skipped), TPOOL_OK);
    c_sleep_one_ms();
    ++waited_ms;
  }
  C_CHECK(fired >= 3 && state == TPOOL_TIMER_ARMED);
  C_CHECK_STATUS(tpool_timer_set(timer, 0, 2), TPOOL_OK);
  C_CHECK_STATUS(tpool_timer_cancel(timer, 1), TPOOL_OK);
  /* With the wait: every instance has ended and the timer has retired. */
  C_CHECK(periodic_record.retires == 1 && periodic_record.completions >= 3);
  C_CHECK(periodic_record.runs <= periodic_record.completions);
  C_CHECK_STATUS(tpool_timer_set(timer, 0, 1), TPOOL_E_CANCELLED);
  C_CHECK_STATUS(tpool_timer_release(timer), TPOOL_OK);
  C_CHECK_STATUS(tpool_destroy(pool), TPOOL_OK);
}

/* A wait that fires when its object is signalled, and one cancelled first. */
static void check_waits(void) {
  tpool_pool *pool;
  c_event event;
  job_record fired_record, cancelled_record;
  tpool_object_wait_desc desc;
  tpool_object_wait *wait = NULL;
  if (!c_event_open(&event)) {
    c_report("check_waits: no event or pipe could be created\n");
    ++c_check_failures;
    return;
  }
  pool = create_pool(2);
  memset(&fired_record, 0, sizeof fired_record);
  memset(&cancelled_record, 0, sizeof cancelled_record);
  if (pool == NULL) return;

  memset(&desc, 0xAB, sizeof desc);
  C_CHECK_STATUS(tpool_object_wait_desc_init(&desc), TPOOL_OK);
  C_CHECK(desc.struct_size == sizeof desc && desc.object == -1);
  C_CHECK(desc.timeout_ms == TPOOL_INFINITE && desc.on_retire == NULL);
  desc.fn = record_wait;
  desc.on_complete = record_completion;
  desc.on_retire = record_retire;
  desc.object = event.object;

  desc.context = &cancelled_record;
  C_CHECK_STATUS(tpool_object_wait_start(pool, &desc, &wait), TPOOL_OK);
  if (wait == NULL) return;
  C_CHECK_STATUS(tpool_object_wait_cancel(wait, 0), TPOOL_OK);
  C_CHECK(cancelled_record.retires == 1 && cancelled_record.runs == 0);
  C_CHECK_STATUS(tpool_object_wait_release(wait), TPOOL_OK);

  desc.context = &fired_record;
  desc.priority = TPOOL_PRIORITY_HIGH;
  C_CHECK_STATUS(tpool_object_wait_start(pool, &desc, &wait), TPOOL_OK);
  if (wait == NULL) return;
  c_event_signal(&event);
  wait_for_fired_job(pool, TPOOL_PRIORITY_HIGH);
  C_CHECK(fired_record.runs == 1 && fired_record.wait_result == TPOOL_OBJECT_WAIT_SIGNALLED);
  C_CHECK(fired_record.completions == 1 && fired_record.outcome == TPOOL_JOB_DONE);
  C_CHECK(fired_record.retires == 1);
  C_CHECK_STATUS(tpool_object_wait_cancel(wait, 1), TPOOL_E_JOB_FINISHED);
  C_CHECK_STATUS(tpool_object_wait_release(wait), TPOOL_OK);
  C_CHECK_STATUS(tpool_destroy(pool), TPOOL_OK);
  c_event_close(&event);
}

static void check_stats(tpool_pool *pool, uint64_t expected_submitted) {
  tpool_stats stats;
  tpool_worker_stats workers[8];
  size_t worker_count = 0;
  uint64_t submitted = 0, finished = 0;
  int p;
  memset(&stats, 0, sizeof stats);
  stats.struct_size = sizeof stats;
  C_CHECK_STATUS(tpool_get_stats(pool, &stats), TPOOL_OK);
  for (p = 0; p < TPOOL_PRIORITY_COUNT; ++p) {
    submitted += stats.priority[p].submitted;
    finished += stats.priority[p].done + stats.priority[p].failed + stats.priority[p].cancelled;
  }
  C_CHECK(submitted == expected_submitted);
  C_CHECK(finished == expected_submitted);
  C_CHECK(stats.workers_min == 2 && stats.workers_max == 2);

  memset(workers, 0, sizeof workers);
  workers[0].struct_size = sizeof workers[0];
  C_CHECK_STATUS(tpool_get_worker_stats(pool, workers, 8, &worker_count), TPOOL_OK);
  C_CHECK(worker_count >= 1 && worker_count <= 8);
  C_CHECK_STATUS(tpool_set_log_level(pool, TPOOL_LOG_WARN), TPOOL_OK);
}

/* Marks each index of its chunk; every index belongs to exactly one chunk,
 * so the writes never overlap. */
static int32_t TPOOL_CALL mark_range(void *context, uint64_t begin, uint64_t end) {
  unsigned char *marks = (unsigned char *)context;
  uint64_t i;
  for (i = begin; i < end; ++i) ++marks[i];
  return 0;
}

/* A group fanned out and joined, cancelled, counted; a parallel loop. */
static void check_groups_and_loops(tpool_pool *pool) {
  enum { kJobs = 16, kIndices = 1000 };
  job_record records[kJobs];
  unsigned char marks[kIndices];
  tpool_group *group = NULL;
  tpool_group_counts counts;
  tpool_job_desc desc;
  size_t cancelled = 99;
  int i;
  memset(records, 0, sizeof records);
  memset(marks, 0, sizeof marks);
  C_CHECK_STATUS(tpool_group_create(pool, &group), TPOOL_OK);
  if (group == NULL) return;
  for (i = 0; i < kJobs / 2; ++i) {
    C_CHECK_STATUS(tpool_group_submit(group, record_job, &records[i], TPOOL_PRIORITY_LOW),
                   TPOOL_OK);
  }
  tpool_job_desc_init(&desc);
  for (i = kJobs / 2; i < kJobs; ++i) {
    desc.fn = record_job;
    desc.context = &records[i];
    desc.on_complete = record_completion;
    desc.group = group;
    C_CHECK_STATUS(tpool_submit_ex(pool, &desc, NULL), TPOOL_OK);
  }
  C_CHECK_STATUS(tpool_group_wait(group, WAIT_LIMIT_MS), TPOOL_OK);
  for (i = 0; i < kJobs; ++i) C_CHECK(records[i].runs == 1);
  for (i = kJobs / 2; i < kJobs; ++i) C_CHECK(records[i].completions == 1);
  C_CHECK_STATUS(tpool_group_cancel(group, &cancelled), TPOOL_OK);
  C_CHECK(cancelled == 0);
  memset(&counts, 0, sizeof counts);
  counts.struct_size = (uint32_t)sizeof counts;
  C_CHECK_STATUS(tpool_group_get_counts(group, &counts), TPOOL_OK);
  C_CHECK(counts.submitted == kJobs && counts.done == kJobs && counts.pending == 0);
  C_CHECK_STATUS(tpool_group_release(group), TPOOL_OK);

  C_CHECK_STATUS(tpool_parallel_for(pool, 0, kIndices, 0, mark_range, marks, TPOOL_PRIORITY_HIGH),
                 TPOOL_OK);
  for (i = 0; i < kIndices; ++i) C_CHECK(marks[i] == 1);
  C_CHECK_STATUS(tpool_parallel_for(pool, 5, 1, 0, mark_range, marks, TPOOL_PRIORITY_HIGH),
                 TPOOL_E_INVALID_ARGUMENT);
}

int main(void) {
  tpool_pool *pool;
  check_library_identity();
  check_struct_initialization();
  pool = create_pool(2);
  if (pool != NULL) {
    check_plain_submits(pool);
    check_handles_and_completions(pool);
    check_batch_submit(pool);
    check_stats(pool, 32 + 2 + 8);
    check_groups_and_loops(pool);
    /* Out-of-range enum values, as only a C caller can pass them. */
    C_CHECK_STATUS(tpool_shutdown(pool, (tpool_shutdown_mode)-1, 0), TPOOL_E_INVALID_ARGUMENT);
    C_CHECK_STATUS(tpool_shutdown(pool, (tpool_shutdown_mode)0x7fffffff, 0),
                   TPOOL_E_INVALID_ARGUMENT);
    C_CHECK_STATUS(tpool_set_log_level(pool, -1), TPOOL_E_INVALID_ARGUMENT);
    C_CHECK_STATUS(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, WAIT_LIMIT_MS), TPOOL_OK);
    C_CHECK_STATUS(tpool_submit(pool, record_job, NULL, TPOOL_PRIORITY_HIGH, NULL),
                   TPOOL_E_SHUT_DOWN);
    C_CHECK_STATUS(tpool_destroy(pool), TPOOL_OK);
  }
  check_cancellation();
  check_timers();
  check_waits();
  return c_check_exit_code("tpool_c_client");
}
