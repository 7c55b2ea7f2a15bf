/* Uses the installed headers and libraries: one queue round trip and one
 * job. Exit code 0 when both behave. */
#include <prioq/prioq.h>
#include <stdio.h>
#include <tpool/tpool.h>

static void TPOOL_CALL mark_ran(void *context, tpool_job_info *info) {
  (void)info;
  *(int *)context = 1;
}

static int use_tpool(void) {
  tpool_pool *pool = NULL;
  tpool_job *job = NULL;
  tpool_job_state state = TPOOL_JOB_QUEUED;
  int ran = 0;
  if (tpool_version() != (uint32_t)TPOOL_VERSION_HEX) return 0;
  if (tpool_create(NULL, &pool) != TPOOL_OK) return 0;
  if (tpool_submit(pool, mark_ran, &ran, TPOOL_PRIORITY_HIGH, &job) != TPOOL_OK) {
    tpool_destroy(pool);
    return 0;
  }
  tpool_job_wait(job, 30000, &state);
  tpool_job_release(job);
  tpool_destroy(pool);
  return state == TPOOL_JOB_DONE && ran == 1;
}

static int use_prioq(void) {
  prioq_queue *queue = NULL;
  int value = 7;
  void *item = NULL;
  int32_t priority = -1;
  int ok;
  if (prioq_version() != (uint32_t)PRIOQ_VERSION_HEX) return 0;
  if (prioq_create(NULL, &queue) != PRIOQ_OK) return 0;
  ok = prioq_push(queue, &value, PRIOQ_PRIORITY_LOW) == PRIOQ_OK &&
       prioq_try_pop(queue, &item, &priority) == PRIOQ_OK && item == &value &&
       priority == PRIOQ_PRIORITY_LOW;
  prioq_destroy(queue);
  return ok;
}

int main(void) {
  if (!use_prioq()) {
    fprintf(stderr, "package consumer: prioq from the install tree failed\n");
    return 1;
  }
  if (!use_tpool()) {
    fprintf(stderr, "package consumer: tpool from the install tree failed\n");
    return 1;
  }
  printf("package consumer: installed libraries work\n");
  return 0;
}
