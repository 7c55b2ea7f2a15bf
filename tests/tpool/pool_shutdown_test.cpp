// Shutdown, destroy and wait_idle: nothing accepted is lost, nothing new is
// accepted, and repeated calls behave.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "test_support.h"

namespace {
using namespace tpool_test;

TEST(PoolShutdown, DrainModeRunsEveryQueuedJob) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  std::vector<outcome_probe> probes(50);
  for (outcome_probe &probe : probes) {
    tpool_job_desc desc =
        desc_for(&outcome_probe::run, &probe, TPOOL_PRIORITY_LOW, &outcome_probe::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  blocker.open();
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  for (const outcome_probe &probe : probes) {
    EXPECT_EQ(probe.runs.load(), 1);
    EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_DONE);
  }
}

TEST(PoolShutdown, CancelModeReportsEveryQueuedJobCancelledExactlyOnce) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  std::vector<outcome_probe> probes(50);
  for (outcome_probe &probe : probes) {
    tpool_job_desc desc =
        desc_for(&outcome_probe::run, &probe, TPOOL_PRIORITY_MEDIUM, &outcome_probe::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  // The running gate job keeps the shutdown from finishing: it times out,
  // but every queued job is already cancelled.
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, 10), TPOOL_E_TIMEOUT);
  for (const outcome_probe &probe : probes) {
    EXPECT_EQ(probe.completions.load(), 1);
    EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_CANCELLED);
  }
  blocker.open();
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, kPatienceMs), TPOOL_OK);
  for (const outcome_probe &probe : probes) {
    EXPECT_EQ(probe.runs.load(), 0);
    EXPECT_EQ(probe.completions.load(), 1);
  }
}

TEST(PoolShutdown, CancelAfterATimedOutDrainCancelsWhatIsStillQueued) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  outcome_probe probe;
  tpool_job_desc desc =
      desc_for(&outcome_probe::run, &probe, TPOOL_PRIORITY_LOW, &outcome_probe::complete);
  ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, 10), TPOOL_E_TIMEOUT);
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, 10), TPOOL_E_TIMEOUT);
  EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_CANCELLED);
  blocker.open();
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 0);
}

TEST(PoolShutdown, SubmitAfterShutdownIsRejected) {
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  tpool_job_desc desc = desc_for(&noop_job, nullptr, TPOOL_PRIORITY_HIGH);
  tpool_job *job = nullptr;
  EXPECT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_HIGH, &job),
            TPOOL_E_SHUT_DOWN);
  EXPECT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_E_SHUT_DOWN);
  EXPECT_EQ(tpool_submit_batch(pool.get(), &desc, 1, nullptr), TPOOL_E_SHUT_DOWN);
  EXPECT_EQ(job, nullptr);
}

TEST(PoolShutdown, SubmitDuringATimedOutShutdownIsRejected) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, 5), TPOOL_E_TIMEOUT);
  EXPECT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_HIGH, nullptr),
            TPOOL_E_SHUT_DOWN);
  blocker.open();
}

TEST(PoolShutdown, ShutdownIsIdempotent) {
  pool_fixture pool(small_config(2));
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_OK);
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, 0), TPOOL_OK);
}

TEST(PoolShutdown, ShutdownLeavesNoLiveWorkers) {
  pool_fixture pool(small_config(3));
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(stats_of(pool.get()).workers_live, 0u);
}

TEST(PoolShutdown, DestroyDrainsQueuedJobs) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  outcome_probe probe;
  ASSERT_EQ(tpool_submit(pool.get(), &outcome_probe::run, &probe, TPOOL_PRIORITY_LOW, nullptr),
            TPOOL_OK);
  blocker.open();
  ASSERT_EQ(tpool_destroy(pool.release()), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 1);
}

// A job cancelled through its handle completes on the cancelling thread,
// which still touches the pool after the outcome that lets destroy's drain
// end. destroy must neither free the pool under that thread nor wait for it
// by spinning: whichever of the two is last frees the pool. The TSan build
// is what sees a broken order: it reports a free that the canceller's last
// touch does not happen before, even when the two did not overlap in time
// (checked by making destroy free the pool at once). Repeated so that the
// other builds get chances to see the tails overlap too.
TEST(PoolShutdown, DestroyAndACancelFinishingOnAnotherThreadBothEndAndTheCompletionRunsOnce) {
  struct held_completion {
    gate inside;
    std::atomic<int> completions{0};
    static void TPOOL_CALL complete(void *context, tpool_job_state) {
      held_completion *self = static_cast<held_completion *>(context);
      self->inside.pass();
      self->completions.fetch_add(1);
    }
  };
  for (int round = 0; round < 100; ++round) {
    gate blocker;
    held_completion held;
    tpool_config config = small_config(1);
    tpool_pool *pool = nullptr;
    ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
    ASSERT_EQ(tpool_submit(pool, &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
    ASSERT_TRUE(blocker.wait_inside(1));
    tpool_job_desc desc =
        desc_for(&noop_job, &held, TPOOL_PRIORITY_LOW, &held_completion::complete);
    tpool_job *job = nullptr;
    ASSERT_EQ(tpool_submit_ex(pool, &desc, &job), TPOOL_OK);
    std::atomic<int> cancel_status{-1};
    std::thread canceller([&] { cancel_status.store(tpool_job_cancel(job)); });
    ASSERT_TRUE(held.inside.wait_inside(1));  // the completion runs on the canceller
    blocker.open();
    std::atomic<int> destroy_status{-1};
    std::thread destroyer([&] { destroy_status.store(tpool_destroy(pool)); });
    held.inside.open();
    canceller.join();
    destroyer.join();
    EXPECT_EQ(cancel_status.load(), TPOOL_OK);
    EXPECT_EQ(destroy_status.load(), TPOOL_OK);
    EXPECT_EQ(held.completions.load(), 1);
    EXPECT_EQ(tpool_job_release(job), TPOOL_OK);  // handles outlive the pool
  }
}

TEST(PoolWaitIdle, ReturnsOnceEveryJobHasItsOutcome) {
  pool_fixture pool(small_config(2));
  std::vector<outcome_probe> probes(200);
  for (outcome_probe &probe : probes) {
    tpool_job_desc desc =
        desc_for(&outcome_probe::run, &probe, TPOOL_PRIORITY_MEDIUM, &outcome_probe::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  for (const outcome_probe &probe : probes) EXPECT_EQ(probe.completions.load(), 1);
}

TEST(PoolWaitIdle, TimesOutWhileAJobRuns) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  EXPECT_EQ(tpool_wait_idle(pool.get(), 10), TPOOL_E_TIMEOUT);
  blocker.open();
  EXPECT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
}

TEST(PoolCancelAll, CancelsEveryQueuedJobAndReportsTheCount) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  std::vector<outcome_probe> probes(30);
  for (outcome_probe &probe : probes) {
    tpool_job_desc desc =
        desc_for(&outcome_probe::run, &probe, TPOOL_PRIORITY_MEDIUM, &outcome_probe::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  size_t cancelled = 0;
  ASSERT_EQ(tpool_cancel_all(pool.get(), &cancelled), TPOOL_OK);
  EXPECT_EQ(cancelled, probes.size());
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  for (const outcome_probe &probe : probes) {
    EXPECT_EQ(probe.runs.load(), 0);
    EXPECT_EQ(probe.completions.load(), 1);
    EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_CANCELLED);
  }
}

TEST(PoolCancelAll, DoesNotCountJobsAlreadyCancelledThroughTheirHandle) {
  gate blocker;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_LOW, &job), TPOOL_OK);
  ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_LOW, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_job_cancel(job), TPOOL_OK);
  size_t cancelled = 0;
  ASSERT_EQ(tpool_cancel_all(pool.get(), nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_cancel_all(pool.get(), &cancelled), TPOOL_OK);
  EXPECT_EQ(cancelled, 0u);
  EXPECT_EQ(stats_of(pool.get()).priority[TPOOL_PRIORITY_LOW].cancelled, 2u);
  blocker.open();
  tpool_job_release(job);
}

}  // namespace
