// tpool API misuse: each test is one row of the misuse table in
// docs/reliability.md. A misused call must return its documented status and
// leave the pool, and every job accepted before it, unharmed.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "job_ledger.h"
#include "test_support.h"
#include "tpool/tpool.h"

namespace {

using namespace std::chrono_literals;

tpool_pool *make_pool(uint32_t workers = 2) {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = workers;
  config.max_workers = workers;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  return pool;
}

void TPOOL_CALL do_nothing(void *, tpool_job_info *) {}

// A job that blocks until its gate opens (tests/support/gate.h): the test
// controls when it returns.
using tpool_test::gate;

// ---- operations after shutdown ---------------------------------------------

TEST(TpoolAfterShutdown, ShutdownWaitIdleAndCancelAllStillAnswerOk) {
  tpool_pool *pool = make_pool();
  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_CANCEL, TPOOL_INFINITE), TPOOL_OK);
  EXPECT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_OK);
  EXPECT_EQ(tpool_wait_idle(pool, 0), TPOOL_OK);
  size_t cancelled = 99;
  EXPECT_EQ(tpool_cancel_all(pool, &cancelled), TPOOL_OK);
  EXPECT_EQ(cancelled, 0u);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
}

// ---- re-entrant calls from callbacks ---------------------------------------
// tests/tpool covers wait_idle, shutdown, destroy and a wait on the own job
// from a job (WouldDeadlock.*) and submit/cancel_all from a job (InsideAJob.*).
// These cover the remaining calls, and calls from completion callbacks.

// What a callback saw when it called back into the pool.
struct reentry_probe {
  tpool_pool *pool = nullptr;
  tpool_job *own_handle = nullptr;  // set before the gate opens
  gate start;
  std::atomic<int> stats_status{-1};
  std::atomic<int> worker_stats_status{-1};
  std::atomic<int> log_level_status{-1};
  std::atomic<int> own_status{-1};
  std::atomic<int> own_state{-1};
  std::atomic<int> own_cancel_status{-1};
  std::atomic<int> own_release_status{-1};
  std::atomic<int> wait_idle_status{-1};
  std::atomic<int> own_wait_status{-1};
  std::atomic<int> submit_status{-1};
  std::atomic<int> outcome{-1};
};

void TPOOL_CALL call_back_into_pool(void *context, tpool_job_info *) {
  reentry_probe &probe = *static_cast<reentry_probe *>(context);
  probe.start.pass();
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  probe.stats_status = tpool_get_stats(probe.pool, &stats);
  tpool_worker_stats workers[4];
  workers[0].struct_size = sizeof(tpool_worker_stats);
  size_t count = 0;
  probe.worker_stats_status = tpool_get_worker_stats(probe.pool, workers, 4, &count);
  probe.log_level_status = tpool_set_log_level(probe.pool, TPOOL_LOG_ERROR);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  probe.own_status = tpool_job_get_state(probe.own_handle, &state);
  probe.own_state = state;
  probe.own_cancel_status = tpool_job_cancel(probe.own_handle);
  // Releasing the own handle from inside the job is legal: the job keeps
  // running to its outcome, only the handle is gone.
  probe.own_release_status = tpool_job_release(probe.own_handle);
}

class TpoolReentryFromJob : public ::testing::Test {
 protected:
  void SetUp() override {
    probe_.pool = make_pool();
    ASSERT_EQ(tpool_submit(probe_.pool, call_back_into_pool, &probe_, TPOOL_PRIORITY_HIGH,
                           &probe_.own_handle),
              TPOOL_OK);
    probe_.start.open();
    ASSERT_EQ(tpool_wait_idle(probe_.pool, tpool_test::kPatienceMs), TPOOL_OK);
  }
  void TearDown() override { EXPECT_EQ(tpool_destroy(probe_.pool), TPOOL_OK); }
  reentry_probe probe_;
};

TEST_F(TpoolReentryFromJob, StatsWorkerStatsAndLogLevelAreAllowed) {
  EXPECT_EQ(probe_.stats_status.load(), TPOOL_OK);
  EXPECT_EQ(probe_.worker_stats_status.load(), TPOOL_OK);
  EXPECT_EQ(probe_.log_level_status.load(), TPOOL_OK);
}
TEST_F(TpoolReentryFromJob, ItsOwnHandleReportsRunning) {
  EXPECT_EQ(probe_.own_status.load(), TPOOL_OK);
  EXPECT_EQ(probe_.own_state.load(), TPOOL_JOB_RUNNING);
}
TEST_F(TpoolReentryFromJob, CancellingItselfReportsJobRunning) {
  EXPECT_EQ(probe_.own_cancel_status.load(), TPOOL_E_JOB_RUNNING);
}
TEST_F(TpoolReentryFromJob, ReleasingItsOwnHandleSucceeds) {
  EXPECT_EQ(probe_.own_release_status.load(), TPOOL_OK);
}

// Completion callbacks that run on a worker (after the job body returned).
void TPOOL_CALL completion_calls_back(void *context, tpool_job_state outcome) {
  reentry_probe &probe = *static_cast<reentry_probe *>(context);
  probe.wait_idle_status = tpool_wait_idle(probe.pool, TPOOL_INFINITE);
  probe.own_wait_status = tpool_job_wait(probe.own_handle, TPOOL_INFINITE, nullptr);
  probe.submit_status = tpool_submit(probe.pool, do_nothing, nullptr, TPOOL_PRIORITY_LOW, nullptr);
  probe.outcome = outcome;
}

class TpoolReentryFromCompletion : public ::testing::Test {
 protected:
  void SetUp() override {
    probe_.pool = make_pool(1);
    gate blocker;  // holds the only worker until own_handle is known
    ASSERT_EQ(tpool_submit(probe_.pool, &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr),
              TPOOL_OK);
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.fn = do_nothing;
    desc.context = &probe_;
    desc.on_complete = completion_calls_back;
    ASSERT_EQ(tpool_submit_ex(probe_.pool, &desc, &probe_.own_handle), TPOOL_OK);
    blocker.open();
    ASSERT_EQ(tpool_job_wait(probe_.own_handle, tpool_test::kPatienceMs, nullptr), TPOOL_OK);
    ASSERT_EQ(tpool_wait_idle(probe_.pool, tpool_test::kPatienceMs), TPOOL_OK);
  }
  void TearDown() override {
    tpool_job_release(probe_.own_handle);
    EXPECT_EQ(tpool_destroy(probe_.pool), TPOOL_OK);
  }
  reentry_probe probe_;
};

TEST_F(TpoolReentryFromCompletion, WaitIdleOnAWorkerReportsWouldDeadlock) {
  EXPECT_EQ(probe_.wait_idle_status.load(), TPOOL_E_WOULD_DEADLOCK);
}
TEST_F(TpoolReentryFromCompletion, WaitingOnItsOwnJobReportsWouldDeadlock) {
  EXPECT_EQ(probe_.own_wait_status.load(), TPOOL_E_WOULD_DEADLOCK);
}
TEST_F(TpoolReentryFromCompletion, SubmittingAFollowUpJobIsAllowed) {
  EXPECT_EQ(probe_.submit_status.load(), TPOOL_OK);
  EXPECT_EQ(probe_.outcome.load(), TPOOL_JOB_DONE);
}

// ---- callbacks that misbehave ----------------------------------------------

TEST(TpoolMisbehavingJob, ShutdownWithATimeoutReturnsTimeoutWhileAJobNeverReturns) {
  tpool_pool *pool = make_pool(1);
  gate stuck;
  ASSERT_EQ(tpool_submit(pool, &gate::job, &stuck, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(stuck.wait_inside(1));
  EXPECT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 20), TPOOL_E_TIMEOUT);
  stuck.open();
  EXPECT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, TPOOL_INFINITE), TPOOL_OK);
  tpool_destroy(pool);
}

TEST(TpoolMisbehavingJob, CancelShutdownEndsQueuedJobsAtOnceEvenThoughItTimesOut) {
  tpool_pool *pool = make_pool(1);
  gate stuck;
  ASSERT_EQ(tpool_submit(pool, &gate::job, &stuck, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(stuck.wait_inside(1));
  reliability::job_ledger ledger;
  for (int i = 0; i < 10; ++i) {
    reliability::job_entry &entry = ledger.add(reliability::job_kind::quick);
    const tpool_job_desc desc = reliability::job_ledger::describe(entry, i % 3);
    entry.accepted = tpool_submit_ex(pool, &desc, nullptr) == TPOOL_OK;
  }
  EXPECT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_CANCEL, 20), TPOOL_E_TIMEOUT);
  // The stuck job still runs, but the queued ones already have their outcome.
  EXPECT_EQ(ledger.verify(), "");
  EXPECT_EQ(ledger.count().cancelled, 10u);
  stuck.open();
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
}

#if !defined(_WIN32)
void TPOOL_CALL dereference_null(void *, tpool_job_info *) {
  volatile int *nowhere = nullptr;
  *nowhere = 1;
}

// A hardware fault in a job is not an exception: tpool does not turn it into
// FAILED on any build, and the process dies (on Windows it reaches the
// unhandled-exception filter: ExceptionGuaranteeDeathTest.*). The contract
// is that it dies loudly rather than hanging or reporting a false outcome.
TEST(TpoolMisbehavingJobDeathTest, AFaultingJobTerminatesTheProcessOnGccAndClangBuilds) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        tpool_pool *pool = make_pool(1);
        tpool_job *job = nullptr;
        tpool_submit(pool, dereference_null, nullptr, TPOOL_PRIORITY_HIGH, &job);
        tpool_job_wait(job, TPOOL_INFINITE, nullptr);
        // Reached only if the fault did not kill the process.
        std::fprintf(stderr, "survived\n");
        std::_Exit(0);
      },
      "");
}
#endif

}  // namespace
