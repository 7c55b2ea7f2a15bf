// Many producers, many workers, mixed priorities: every job is validated
// individually (accepted, executed, completed exactly once, its own checksum),
// never only a total.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>
#include <vector>

#include "test_support.h"

namespace {
using namespace tpool_test;

constexpr int kProducers = 16;
constexpr int kWorkers = 8;
constexpr int kJobs = 48000 / kStressDivisor;

uint64_t checksum_of(uint64_t id) {
  uint64_t value = id * 0x9E3779B97F4A7C15ull + 1;
  for (int round = 0; round < 16; ++round) {
    value ^= value << 13;
    value ^= value >> 7;
    value ^= value << 17;
  }
  return value;
}

struct alignas(64) tracked_job {
  uint64_t id = 0;
  int32_t priority = 0;
  std::atomic<int> accepted{0};
  std::atomic<int> executed{0};
  std::atomic<int> completed{0};
  std::atomic<int> outcome{-1};
  std::atomic<int> cancel_status{-1};  // tpool_status of a tpool_job_cancel, if tried
  uint64_t checksum = 0;

  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    tracked_job *job = static_cast<tracked_job *>(context);
    job->checksum = checksum_of(job->id);
    job->executed.fetch_add(1, std::memory_order_relaxed);
  }
  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) {
    tracked_job *job = static_cast<tracked_job *>(context);
    job->outcome.store(outcome, std::memory_order_relaxed);
    job->completed.fetch_add(1, std::memory_order_release);
  }
};

// Exactly a third of the jobs per priority, shuffled with a fixed seed.
std::vector<tracked_job> make_jobs(int count) {
  std::vector<int32_t> priorities(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) priorities[static_cast<size_t>(i)] = i % 3;
  std::mt19937 random(0x5eed1234u);
  std::shuffle(priorities.begin(), priorities.end(), random);
  std::vector<tracked_job> jobs(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    jobs[static_cast<size_t>(i)].id = static_cast<uint64_t>(i);
    jobs[static_cast<size_t>(i)].priority = priorities[static_cast<size_t>(i)];
  }
  return jobs;
}

tpool_status submit_tracked(tpool_pool *pool, tracked_job &job, tpool_job **out_job) {
  tpool_job_desc desc = desc_for(&tracked_job::run, &job, job.priority, &tracked_job::complete);
  const tpool_status status = tpool_submit_ex(pool, &desc, out_job);
  if (status == TPOOL_OK) job.accepted.fetch_add(1, std::memory_order_relaxed);
  return status;
}

// Runs body(producer_index) on kProducers threads released together.
template <typename Body>
void run_producers(Body body) {
  test_support::gate start;
  std::vector<std::thread> producers;
  for (int producer = 0; producer < kProducers; ++producer) {
    producers.emplace_back([&, producer] {
      start.pass();
      body(producer);
    });
  }
  EXPECT_TRUE(start.wait_inside(kProducers));
  start.open();
  for (std::thread &producer : producers) producer.join();
}

TEST(PoolStress, EveryJobOfSixteenProducersRunsAndCompletesExactlyOnce) {
  std::vector<tracked_job> jobs = make_jobs(kJobs);
  pool_fixture pool(small_config(kWorkers));
  ASSERT_EQ(pool.create_status(), TPOOL_OK);
  std::atomic<int> rejected{0};
  run_producers([&](int producer) {
    for (size_t i = static_cast<size_t>(producer); i < jobs.size(); i += kProducers) {
      if (submit_tracked(pool.get(), jobs[i], nullptr) != TPOOL_OK) rejected.fetch_add(1);
    }
  });
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, TPOOL_INFINITE), TPOOL_OK);
  EXPECT_EQ(rejected.load(), 0);
  int bad = 0;
  for (const tracked_job &job : jobs) {
    const bool good = job.accepted.load() == 1 && job.executed.load() == 1 &&
                      job.completed.load() == 1 && job.outcome.load() == TPOOL_JOB_DONE &&
                      job.checksum == checksum_of(job.id);
    if (!good && ++bad <= 5) {
      ADD_FAILURE() << "job " << job.id << ": accepted " << job.accepted.load() << " executed "
                    << job.executed.load() << " completed " << job.completed.load() << " outcome "
                    << job.outcome.load();
    }
  }
  EXPECT_EQ(bad, 0);
  const tpool_stats stats = stats_of(pool.get());
  for (const tpool_priority_stats &level : stats.priority) {
    EXPECT_EQ(level.submitted, static_cast<uint64_t>(kJobs / 3));
    EXPECT_EQ(level.done, level.submitted);
    EXPECT_EQ(level.queued, 0u);
  }
}

TEST(PoolStress, RandomCancellationsLeaveEachJobExactlyOneConsistentOutcome) {
  std::vector<tracked_job> jobs = make_jobs(kJobs / 2);
  pool_fixture pool(small_config(kWorkers));
  run_producers([&](int producer) {
    std::mt19937 random(static_cast<uint32_t>(producer) * 7919u + 1u);
    for (size_t i = static_cast<size_t>(producer); i < jobs.size(); i += kProducers) {
      tpool_job *handle = nullptr;
      if (submit_tracked(pool.get(), jobs[i], &handle) != TPOOL_OK) continue;
      if (random() % 4 == 0) jobs[i].cancel_status.store(tpool_job_cancel(handle));
      tpool_job_release(handle);
    }
  });
  ASSERT_EQ(tpool_wait_idle(pool.get(), TPOOL_INFINITE), TPOOL_OK);
  int bad = 0;
  int cancelled = 0;
  for (const tracked_job &job : jobs) {
    const int outcome = job.outcome.load();
    const int cancel_status = job.cancel_status.load();
    bool good = job.accepted.load() == 1 && job.completed.load() == 1;
    if (outcome == TPOOL_JOB_CANCELLED) {
      ++cancelled;
      good = good && job.executed.load() == 0 && cancel_status == TPOOL_OK;
    } else {
      good = good && outcome == TPOOL_JOB_DONE && job.executed.load() == 1 &&
             job.checksum == checksum_of(job.id) && cancel_status != TPOOL_OK;
    }
    if (!good && ++bad <= 5) {
      ADD_FAILURE() << "job " << job.id << ": outcome " << outcome << " executed "
                    << job.executed.load() << " completed " << job.completed.load()
                    << " cancel status " << cancel_status;
    }
  }
  EXPECT_EQ(bad, 0);
  uint64_t cancelled_in_stats = 0;
  for (const tpool_priority_stats &level : stats_of(pool.get()).priority) {
    cancelled_in_stats += level.cancelled;
  }
  EXPECT_EQ(cancelled_in_stats, static_cast<uint64_t>(cancelled));
}

TEST(PoolStress, CancelShutdownMidStreamGivesEveryAcceptedJobOneOutcome) {
  std::vector<tracked_job> jobs = make_jobs(kJobs / 2);
  pool_fixture pool(small_config(kWorkers));
  std::atomic<int> submitted{0};
  std::thread stopper([&] {
    // Shut down once a good part of the stream is in, while producers run.
    EXPECT_TRUE(eventually([&] { return submitted.load() >= static_cast<int>(jobs.size()) / 4; },
                           kPatienceMs, true));
    EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, TPOOL_INFINITE), TPOOL_OK);
  });
  run_producers([&](int producer) {
    for (size_t i = static_cast<size_t>(producer); i < jobs.size(); i += kProducers) {
      const tpool_status status = submit_tracked(pool.get(), jobs[i], nullptr);
      if (status == TPOOL_E_SHUT_DOWN) break;
      EXPECT_EQ(status, TPOOL_OK);
      submitted.fetch_add(1);
    }
  });
  stopper.join();
  int bad = 0;
  int accepted = 0;
  for (const tracked_job &job : jobs) {
    const int outcome = job.outcome.load();
    bool good;
    if (job.accepted.load() == 1) {
      ++accepted;
      good = job.completed.load() == 1 &&
             ((outcome == TPOOL_JOB_DONE && job.executed.load() == 1 &&
               job.checksum == checksum_of(job.id)) ||
              (outcome == TPOOL_JOB_CANCELLED && job.executed.load() == 0));
    } else {
      good = job.accepted.load() == 0 && job.executed.load() == 0 && job.completed.load() == 0;
    }
    if (!good && ++bad <= 5) {
      ADD_FAILURE() << "job " << job.id << ": accepted " << job.accepted.load() << " outcome "
                    << outcome << " executed " << job.executed.load() << " completed "
                    << job.completed.load();
    }
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GE(accepted, static_cast<int>(jobs.size()) / 4);
}

TEST(PoolStress, BatchSubmitFromManyProducersRunsEveryJobOnce) {
  std::vector<tracked_job> jobs = make_jobs(kJobs / 2);
  pool_fixture pool(small_config(kWorkers));
  run_producers([&](int producer) {
    std::vector<tpool_job_desc> batch;
    const size_t begin = jobs.size() * static_cast<size_t>(producer) / kProducers;
    const size_t end = jobs.size() * static_cast<size_t>(producer + 1) / kProducers;
    for (size_t i = begin; i < end; ++i) {
      batch.push_back(
          desc_for(&tracked_job::run, &jobs[i], jobs[i].priority, &tracked_job::complete));
      if (batch.size() == 64 || i + 1 == end) {
        ASSERT_EQ(tpool_submit_batch(pool.get(), batch.data(), batch.size(), nullptr), TPOOL_OK);
        batch.clear();
      }
    }
  });
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, TPOOL_INFINITE), TPOOL_OK);
  int bad = 0;
  for (const tracked_job &job : jobs) {
    const bool good = job.executed.load() == 1 && job.completed.load() == 1 &&
                      job.outcome.load() == TPOOL_JOB_DONE && job.checksum == checksum_of(job.id);
    if (!good) ++bad;
  }
  EXPECT_EQ(bad, 0);
}

}  // namespace
