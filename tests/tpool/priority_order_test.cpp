// Scheduling order: exact priority order with FIFO ties on one worker, no
// overtaking by lower priorities on many workers, and the starvation bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <random>
#include <vector>

#include "test_support.h"

namespace {
using namespace tpool_test;

// Appends each job's tag to a shared log when the job starts.
struct start_log {
  std::mutex mutex;
  std::vector<int> order;
};
struct tagged_job {
  start_log *log;
  int tag;
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    tagged_job *job = static_cast<tagged_job *>(context);
    std::lock_guard<std::mutex> lock(job->log->mutex);
    job->log->order.push_back(job->tag);
  }
};

TEST(PriorityOrder, OneWorkerStartsJobsInExactPriorityOrderWithFifoTies) {
  tpool_config config = small_config(1);
  config.starvation_bound_ms = 0;  // strict priorities for this test
  gate blocker;
  pool_fixture pool(config);
  ASSERT_EQ(pool.create_status(), TPOOL_OK);
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));

  // 90 jobs, 30 per priority, shuffled with a fixed seed. tag = priority *
  // 1000 + submission index within that priority.
  std::vector<int> priorities;
  for (int priority = 0; priority < 3; ++priority)
    priorities.insert(priorities.end(), 30, priority);
  std::mt19937 random(0x5eed1234u);
  std::shuffle(priorities.begin(), priorities.end(), random);
  start_log log;
  std::vector<tagged_job> jobs(priorities.size());
  int next_index[3] = {0, 0, 0};
  for (size_t i = 0; i < priorities.size(); ++i) {
    const int priority = priorities[i];
    jobs[i] = tagged_job{&log, priority * 1000 + next_index[priority]++};
    ASSERT_EQ(tpool_submit(pool.get(), &tagged_job::run, &jobs[i], priority, nullptr), TPOOL_OK);
  }
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);

  std::vector<int> expected;
  for (int priority = 0; priority < 3; ++priority) {
    for (int index = 0; index < 30; ++index) expected.push_back(priority * 1000 + index);
  }
  EXPECT_EQ(log.order, expected);
}

TEST(PriorityOrder, BatchSubmitKeepsArrayOrderWithinEachPriority) {
  tpool_config config = small_config(1);
  config.starvation_bound_ms = 0;
  gate blocker;
  pool_fixture pool(config);
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));

  start_log log;
  std::vector<tagged_job> jobs;
  std::vector<tpool_job_desc> descs;
  jobs.reserve(12);
  for (int i = 0; i < 12; ++i) {
    const int priority = 2 - (i % 3);  // LOW, MEDIUM, HIGH, LOW, ...
    jobs.push_back(tagged_job{&log, priority * 1000 + i});
  }
  for (tagged_job &job : jobs) {
    descs.push_back(desc_for(&tagged_job::run, &job, job.tag / 1000));
  }
  ASSERT_EQ(tpool_submit_batch(pool.get(), descs.data(), descs.size(), nullptr), TPOOL_OK);
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  const std::vector<int> expected = {2, 5, 8, 11, 1001, 1004, 1007, 1010, 2000, 2003, 2006, 2009};
  EXPECT_EQ(log.order, expected);
}

// With several workers: every job is queued before the workers are released,
// so pops happen strictly HIGH, then MEDIUM, then LOW. A job logs its start
// after its pop; when it logs, the higher-priority jobs not yet logged can
// only be ones popped earlier and still held by the other workers (one each).
// A pool that hoarded or reordered work would exceed that bound.
struct level_tracker {
  std::mutex mutex;
  int not_started[3] = {0, 0, 0};
  int worst_overtake = 0;  // most higher-priority jobs unlogged when a job logged
};
struct tracked_job {
  level_tracker *tracker;
  int priority;
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    tracked_job *job = static_cast<tracked_job *>(context);
    level_tracker &tracker = *job->tracker;
    std::lock_guard<std::mutex> lock(tracker.mutex);
    int higher_waiting = 0;
    for (int priority = 0; priority < job->priority; ++priority) {
      higher_waiting += tracker.not_started[priority];
    }
    tracker.worst_overtake = std::max(tracker.worst_overtake, higher_waiting);
    --tracker.not_started[job->priority];
  }
};

TEST(PriorityOrder, ManyWorkersNeverStartALowerPriorityWhileAnOlderHigherOneWaits) {
  constexpr int kWorkers = 4;
  tpool_config config = small_config(kWorkers);
  config.starvation_bound_ms = 0;
  gate blocker;
  pool_fixture pool(config);
  for (int i = 0; i < kWorkers; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr),
              TPOOL_OK);
  }
  ASSERT_TRUE(blocker.wait_inside(kWorkers));

  level_tracker tracker;
  std::vector<tracked_job> jobs(600);
  std::mt19937 random(42);
  for (tracked_job &job : jobs) {
    job = tracked_job{&tracker, static_cast<int>(random() % 3)};
    ++tracker.not_started[job.priority];
  }
  for (tracked_job &job : jobs) {
    ASSERT_EQ(tpool_submit(pool.get(), &tracked_job::run, &job, job.priority, nullptr), TPOOL_OK);
  }
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_LE(tracker.worst_overtake, kWorkers - 1);
}

struct starvation_probe {
  std::mutex mutex;
  std::vector<int> order;
};
struct starvation_job {
  starvation_probe *probe;
  int tag;
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    starvation_job *job = static_cast<starvation_job *>(context);
    std::lock_guard<std::mutex> lock(job->probe->mutex);
    job->probe->order.push_back(job->tag);
  }
};

TEST(StarvationBound, OverdueLowJobStartsAheadOfNewerHighJobs) {
  tpool_config config = small_config(1);
  config.starvation_bound_ms = 20;
  gate blocker;
  pool_fixture pool(config);
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));

  starvation_probe probe;
  starvation_job low{&probe, 2};
  ASSERT_EQ(tpool_submit(pool.get(), &starvation_job::run, &low, TPOOL_PRIORITY_LOW, nullptr),
            TPOOL_OK);
  // Let the LOW job become overdue (the bound is 20 ms; waiting 5x longer
  // keeps the test independent of scheduling noise), then queue newer HIGH
  // jobs.
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::vector<starvation_job> highs(5, starvation_job{&probe, 0});
  for (starvation_job &high : highs) {
    ASSERT_EQ(tpool_submit(pool.get(), &starvation_job::run, &high, TPOOL_PRIORITY_HIGH, nullptr),
              TPOOL_OK);
  }
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  ASSERT_EQ(probe.order.size(), 6u);
  EXPECT_EQ(probe.order.front(), 2);
}

TEST(StarvationBound, ZeroDisablesTheBound) {
  tpool_config config = small_config(1);
  config.starvation_bound_ms = 0;
  gate blocker;
  pool_fixture pool(config);
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  starvation_probe probe;
  starvation_job low{&probe, 2};
  ASSERT_EQ(tpool_submit(pool.get(), &starvation_job::run, &low, TPOOL_PRIORITY_LOW, nullptr),
            TPOOL_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  starvation_job high{&probe, 0};
  ASSERT_EQ(tpool_submit(pool.get(), &starvation_job::run, &high, TPOOL_PRIORITY_HIGH, nullptr),
            TPOOL_OK);
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  const std::vector<int> expected = {0, 2};
  EXPECT_EQ(probe.order, expected);
}

}  // namespace
