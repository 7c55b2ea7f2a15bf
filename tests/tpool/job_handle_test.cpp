// Job handles: status, wait, cancel, id and release.
#include <gtest/gtest.h>

#include <deque>

#include "test_support.h"

namespace {
using namespace tpool_test;

class JobHandle : public ::testing::Test {
 protected:
  // One worker held by a gate, so that later jobs stay queued until open().
  void SetUp() override {
    ASSERT_EQ(pool_.create_status(), TPOOL_OK);
    ASSERT_EQ(tpool_submit(pool_.get(), &gate::job, &blocker_, TPOOL_PRIORITY_HIGH, &gate_job_),
              TPOOL_OK);
    ASSERT_TRUE(blocker_.wait_inside(1));
  }
  void TearDown() override {
    blocker_.open();
    if (gate_job_ != nullptr) tpool_job_release(gate_job_);
  }
  tpool_job *submit_probe(outcome_probe *probe, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
    tpool_job_desc desc = desc_for(&outcome_probe::run, probe, priority, &outcome_probe::complete);
    tpool_job *job = nullptr;
    EXPECT_EQ(tpool_submit_ex(pool_.get(), &desc, &job), TPOOL_OK);
    return job;
  }

  // Probes whose jobs are still queued when a test body ends run during
  // TearDown/destruction, so they live in the fixture, declared before the
  // pool, which drains them on destruction.
  outcome_probe &new_probe() { return probes_.emplace_back(); }

  std::deque<outcome_probe> probes_;
  gate blocker_;
  pool_fixture pool_{small_config(1)};
  tpool_job *gate_job_ = nullptr;
};

TEST_F(JobHandle, QueuedJobReportsQueued) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  tpool_job_state state = TPOOL_JOB_DONE;
  ASSERT_EQ(tpool_job_get_state(job, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_QUEUED);
  tpool_job_release(job);
}

TEST_F(JobHandle, RunningJobReportsRunning) {
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_get_state(gate_job_, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_RUNNING);
}

TEST_F(JobHandle, WaitReturnsDoneAfterTheJobRan) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  blocker_.open();
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_DONE);
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(probe.completions.load(), 1);
  tpool_job_release(job);
}

TEST_F(JobHandle, WaitTimesOutWhileTheJobIsQueuedAndLeavesStateUnchanged) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  tpool_job_state state = TPOOL_JOB_FAILED;
  EXPECT_EQ(tpool_job_wait(job, 20, &state), TPOOL_E_TIMEOUT);
  EXPECT_EQ(state, TPOOL_JOB_FAILED);
  EXPECT_EQ(tpool_job_wait(job, 0, nullptr), TPOOL_E_TIMEOUT);
  tpool_job_release(job);
}

TEST_F(JobHandle, CancelQueuedJobRunsCompletionOnTheCallingThreadBeforeReturning) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  ASSERT_EQ(tpool_job_cancel(job), TPOOL_OK);
  EXPECT_EQ(probe.completions.load(), 1);
  EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_CANCELLED);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_wait(job, 0, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_CANCELLED);
  blocker_.open();
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 0);
  EXPECT_EQ(probe.completions.load(), 1);
  tpool_job_release(job);
}

TEST_F(JobHandle, CancelRunningJobRaisesTheCooperativeFlag) {
  struct cooperative {
    std::atomic<bool> started{false};
    std::atomic<bool> saw_cancel{false};
    static void TPOOL_CALL run(void *context, tpool_job_info *info) {
      cooperative *self = static_cast<cooperative *>(context);
      self->started.store(true);
      self->saw_cancel.store(eventually([&] { return tpool_job_info_cancel_requested(info) != 0; },
                                        kPatienceMs, true));
    }
  } job_state;
  blocker_.open();
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit(pool_.get(), &cooperative::run, &job_state, 0, &job), TPOOL_OK);
  ASSERT_TRUE(eventually([&] { return job_state.started.load(); }));
  EXPECT_EQ(tpool_job_cancel(job), TPOOL_E_JOB_RUNNING);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, &state), TPOOL_OK);
  EXPECT_TRUE(job_state.saw_cancel.load());
  EXPECT_EQ(state, TPOOL_JOB_DONE);
  tpool_job_release(job);
}

TEST_F(JobHandle, CancelFinishedJobReportsFinished) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  blocker_.open();
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, nullptr), TPOOL_OK);
  EXPECT_EQ(tpool_job_cancel(job), TPOOL_E_JOB_FINISHED);
  EXPECT_EQ(probe.completions.load(), 1);
  tpool_job_release(job);
}

TEST_F(JobHandle, CancellingTwiceReportsFinishedTheSecondTime) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  ASSERT_EQ(tpool_job_cancel(job), TPOOL_OK);
  EXPECT_EQ(tpool_job_cancel(job), TPOOL_E_JOB_FINISHED);
  EXPECT_EQ(probe.completions.load(), 1);
  tpool_job_release(job);
}

TEST_F(JobHandle, IdsIncreaseInSubmissionOrder) {
  outcome_probe &probe = new_probe();
  tpool_job *first = submit_probe(&probe);
  tpool_job *second = submit_probe(&probe);
  uint64_t first_id = 0;
  uint64_t second_id = 0;
  ASSERT_EQ(tpool_job_get_id(first, &first_id), TPOOL_OK);
  ASSERT_EQ(tpool_job_get_id(second, &second_id), TPOOL_OK);
  EXPECT_LT(first_id, second_id);
  tpool_job_release(first);
  tpool_job_release(second);
}

TEST_F(JobHandle, ReleasingTwiceIsDetectedWhileTheRecordIsNotReused) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  ASSERT_EQ(tpool_job_release(job), TPOOL_OK);
  // The worker is held by the gate, so the record cannot have been reused.
  EXPECT_EQ(tpool_job_release(job), TPOOL_E_INVALID_HANDLE);
}

TEST_F(JobHandle, ReleasedHandleIsRejectedByOtherCalls) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  ASSERT_EQ(tpool_job_release(job), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  uint64_t id = 0;
  EXPECT_EQ(tpool_job_get_state(job, &state), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(tpool_job_get_id(job, &id), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(tpool_job_cancel(job), TPOOL_E_INVALID_HANDLE);
}

TEST_F(JobHandle, ReleasedJobStillRunsToItsOutcome) {
  outcome_probe &probe = new_probe();
  tpool_job *job = submit_probe(&probe);
  ASSERT_EQ(tpool_job_release(job), TPOOL_OK);
  blocker_.open();
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_DONE);
}

TEST_F(JobHandle, BatchHandlesReportEachJob) {
  std::vector<tpool_job_desc> descs;
  for (int i = 0; i < 3; ++i) {
    outcome_probe &probe = new_probe();
    descs.push_back(
        desc_for(&outcome_probe::run, &probe, TPOOL_PRIORITY_LOW, &outcome_probe::complete));
  }
  tpool_job *jobs[3] = {};
  ASSERT_EQ(tpool_submit_batch(pool_.get(), descs.data(), 3, jobs), TPOOL_OK);
  ASSERT_EQ(tpool_job_cancel(jobs[1]), TPOOL_OK);
  blocker_.open();
  tpool_job_state states[3] = {};
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(tpool_job_wait(jobs[i], kPatienceMs, &states[i]), TPOOL_OK);
    tpool_job_release(jobs[i]);
  }
  EXPECT_EQ(states[0], TPOOL_JOB_DONE);
  EXPECT_EQ(states[1], TPOOL_JOB_CANCELLED);
  EXPECT_EQ(states[2], TPOOL_JOB_DONE);
}

TEST(JobOutcome, SetFailedMakesTheOutcomeFailed) {
  pool_fixture pool(small_config(1));
  auto failing = [](void *, tpool_job_info *info) { tpool_job_info_set_failed(info); };
  outcome_probe probe;
  tpool_job_desc desc = desc_for(failing, &probe, TPOOL_PRIORITY_HIGH, &outcome_probe::complete);
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, &job), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_FAILED);
  EXPECT_EQ(probe.last_outcome.load(), TPOOL_JOB_FAILED);
  tpool_job_release(job);
}

TEST(JobOutcome, InfoReportsIdPriorityAndWorker) {
  pool_fixture pool(small_config(2));
  struct seen {
    uint64_t id = 0;
    int32_t priority = -1;
    uint32_t worker = 99;
  } observed;
  auto record = [](void *context, tpool_job_info *info) {
    seen *out = static_cast<seen *>(context);
    tpool_job_info_get(info, &out->id, &out->priority, &out->worker);
  };
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), record, &observed, TPOOL_PRIORITY_LOW, &job), TPOOL_OK);
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, nullptr), TPOOL_OK);
  uint64_t id = 0;
  tpool_job_get_id(job, &id);
  EXPECT_EQ(observed.id, id);
  EXPECT_EQ(observed.priority, TPOOL_PRIORITY_LOW);
  EXPECT_LT(observed.worker, 2u);
  tpool_job_release(job);
}

TEST(JobOutcome, HandlesStayValidAfterThePoolIsDestroyed) {
  pool_fixture pool(small_config(1));
  outcome_probe probe;
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &outcome_probe::run, &probe, TPOOL_PRIORITY_HIGH, &job),
            TPOOL_OK);
  ASSERT_EQ(tpool_destroy(pool.release()), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_get_state(job, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_DONE);
  EXPECT_EQ(tpool_job_cancel(job), TPOOL_E_JOB_FINISHED);
  EXPECT_EQ(tpool_job_release(job), TPOOL_OK);
}

}  // namespace
