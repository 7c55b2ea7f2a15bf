// Calls that could never return when made from a pool thread are refused
// with TPOOL_E_WOULD_DEADLOCK instead of blocking.
#include <gtest/gtest.h>

#include "test_support.h"

namespace {
using namespace tpool_test;

// Runs one call from inside a job (or completion callback) and keeps its
// status for the test to check.
struct inside_call {
  tpool_pool *pool = nullptr;
  tpool_job *own_job = nullptr;
  std::atomic<int> status{-1};
};

tpool_status run_inside(tpool_job_fn fn) {
  pool_fixture pool(small_config(1));
  inside_call call;
  call.pool = pool.get();
  EXPECT_EQ(tpool_submit(pool.get(), fn, &call, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  EXPECT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  return static_cast<tpool_status>(call.status.load());
}

TEST(WouldDeadlock, WaitIdleFromAJob) {
  auto fn = [](void *context, tpool_job_info *) {
    inside_call *call = static_cast<inside_call *>(context);
    call->status = tpool_wait_idle(call->pool, TPOOL_INFINITE);
  };
  EXPECT_EQ(run_inside(fn), TPOOL_E_WOULD_DEADLOCK);
}

TEST(WouldDeadlock, ShutdownFromAJob) {
  auto fn = [](void *context, tpool_job_info *) {
    inside_call *call = static_cast<inside_call *>(context);
    call->status = tpool_shutdown(call->pool, TPOOL_SHUTDOWN_DRAIN, TPOOL_INFINITE);
  };
  EXPECT_EQ(run_inside(fn), TPOOL_E_WOULD_DEADLOCK);
}

TEST(WouldDeadlock, DestroyFromAJob) {
  auto fn = [](void *context, tpool_job_info *) {
    inside_call *call = static_cast<inside_call *>(context);
    call->status = tpool_destroy(call->pool);
  };
  EXPECT_EQ(run_inside(fn), TPOOL_E_WOULD_DEADLOCK);
}

TEST(WouldDeadlock, JobWaitOnItsOwnJob) {
  pool_fixture pool(small_config(1));
  inside_call call;
  gate ready;  // holds the job until its own handle is published
  struct context {
    inside_call *call;
    gate *ready;
  } job_context{&call, &ready};
  auto fn = [](void *raw, tpool_job_info *) {
    context *self = static_cast<context *>(raw);
    self->ready->pass();
    self->call->status = tpool_job_wait(self->call->own_job, TPOOL_INFINITE, nullptr);
  };
  ASSERT_EQ(tpool_submit(pool.get(), fn, &job_context, TPOOL_PRIORITY_HIGH, &call.own_job),
            TPOOL_OK);
  ready.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(call.status.load(), TPOOL_E_WOULD_DEADLOCK);
  tpool_job_release(call.own_job);
}

TEST(WouldDeadlock, WaitIdleFromACompletionCallbackOnTheCancellingThread) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  inside_call call;
  call.pool = pool.get();
  auto on_complete = [](void *context, tpool_job_state) {
    inside_call *self = static_cast<inside_call *>(context);
    self->status = tpool_wait_idle(self->pool, TPOOL_INFINITE);
  };
  tpool_job_desc desc = desc_for(&noop_job, &call, TPOOL_PRIORITY_LOW, on_complete);
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, &job), TPOOL_OK);
  ASSERT_EQ(tpool_job_cancel(job), TPOOL_OK);
  EXPECT_EQ(call.status.load(), TPOOL_E_WOULD_DEADLOCK);
  blocker.open();
  tpool_job_release(job);
}

TEST(InsideAJob, SubmitIsAllowed) {
  auto fn = [](void *context, tpool_job_info *) {
    inside_call *call = static_cast<inside_call *>(context);
    call->status = tpool_submit(call->pool, &noop_job, nullptr, TPOOL_PRIORITY_LOW, nullptr);
  };
  EXPECT_EQ(run_inside(fn), TPOOL_OK);
}

TEST(InsideAJob, CancelAllIsAllowed) {
  auto fn = [](void *context, tpool_job_info *) {
    inside_call *call = static_cast<inside_call *>(context);
    call->status = tpool_cancel_all(call->pool, nullptr);
  };
  EXPECT_EQ(run_inside(fn), TPOOL_OK);
}

TEST(InsideAJob, WaitingOnAnotherJobIsAllowed) {
  pool_fixture pool(small_config(2));
  tpool_job *other = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_HIGH, &other), TPOOL_OK);
  struct context {
    tpool_job *other;
    std::atomic<int> status{-1};
  } waiter{other};
  auto fn = [](void *raw, tpool_job_info *) {
    context *self = static_cast<context *>(raw);
    self->status = tpool_job_wait(self->other, kPatienceMs, nullptr);
  };
  ASSERT_EQ(tpool_submit(pool.get(), fn, &waiter, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(waiter.status.load(), TPOOL_OK);
  tpool_job_release(other);
}

}  // namespace
