// tpool.hpp: RAII pool and job handles, lambdas, exceptions -> FAILED.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <tpool/tpool.hpp>

#include "test_support.h"

namespace {
using namespace tpool_test;

TEST(CppWrapper, LambdaRunsAndItsHandleReportsDone) {
  tpool::pool pool(small_config(2));
  std::atomic<int> runs{0};
  tpool::job job = pool.submit([&] { runs.fetch_add(1); }, TPOOL_PRIORITY_HIGH);
  EXPECT_EQ(job.wait(), TPOOL_JOB_DONE);
  EXPECT_EQ(runs.load(), 1);
}

TEST(CppWrapper, ExceptionInALambdaMakesTheJobFailed) {
  tpool::pool pool(small_config(1));
  tpool::job job = pool.submit([] { throw std::runtime_error("boom"); });
  EXPECT_EQ(job.wait(), TPOOL_JOB_FAILED);
}

TEST(CppWrapper, WorkerSurvivesAThrowingLambda) {
  tpool::pool pool(small_config(1));
  pool.post([] { throw std::logic_error("first"); });
  std::atomic<bool> ran{false};
  tpool::job job = pool.submit([&] { ran.store(true); });
  EXPECT_EQ(job.wait(), TPOOL_JOB_DONE);
  EXPECT_TRUE(ran.load());
}

TEST(CppWrapper, CompletionReceivesTheOutcomeExactlyOnce) {
  tpool::pool pool(small_config(1));
  std::atomic<int> completions{0};
  std::atomic<int> outcome{-1};
  pool.submit([](tpool::running_job &running) { running.set_failed(); }, TPOOL_PRIORITY_LOW,
              [&](tpool_job_state state) {
                outcome.store(state);
                completions.fetch_add(1);
              });
  pool.wait_idle();
  EXPECT_EQ(completions.load(), 1);
  EXPECT_EQ(outcome.load(), TPOOL_JOB_FAILED);
}

TEST(CppWrapper, CancelledJobStillFreesItsCapturedState) {
  gate blocker;  // outlives the pool, whose destructor drains the gate job
  tpool::pool pool(small_config(1));
  pool.post([&] { blocker.pass(); }, TPOOL_PRIORITY_HIGH);
  ASSERT_TRUE(blocker.wait_inside(1));
  auto captured = std::make_shared<int>(5);
  std::weak_ptr<int> watch = captured;
  tpool::job job = pool.submit([captured] {}, TPOOL_PRIORITY_LOW);
  captured.reset();
  EXPECT_EQ(job.cancel(), TPOOL_OK);
  EXPECT_TRUE(watch.expired());
  blocker.open();
}

TEST(CppWrapper, JobContextReportsPriority) {
  tpool::pool pool(small_config(1));
  std::atomic<int32_t> seen{-1};
  tpool::job job = pool.submit([&](tpool::running_job &running) { seen.store(running.priority()); },
                               TPOOL_PRIORITY_LOW);
  job.wait();
  EXPECT_EQ(seen.load(), TPOOL_PRIORITY_LOW);
}

TEST(CppWrapper, BadConfigurationThrowsWithTheStatus) {
  tpool_config config = small_config(1);
  config.min_workers = 0;
  try {
    tpool::pool pool(config);
    FAIL() << "expected tpool::error";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_BAD_WORKER_COUNT);
  }
}

TEST(CppWrapper, SubmitAfterShutdownThrowsShutDown) {
  tpool::pool pool(small_config(1));
  EXPECT_EQ(pool.shutdown(), TPOOL_OK);
  try {
    pool.post([] {});
    FAIL() << "expected tpool::error";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_SHUT_DOWN);
  }
}

TEST(CppWrapper, MovedJobHandleReleasesOnce) {
  tpool::pool pool(small_config(1));
  tpool::job first = pool.submit([] {});
  tpool::job second = std::move(first);
  EXPECT_FALSE(static_cast<bool>(first));
  EXPECT_EQ(second.wait(), TPOOL_JOB_DONE);
  const uint64_t id = second.id();
  EXPECT_GT(id, 0u);
}

TEST(CppWrapper, StatsAreReadable) {
  tpool::pool pool(small_config(1));
  pool.submit([] {}).wait();
  pool.wait_idle();
  EXPECT_EQ(pool.stats().priority[TPOOL_PRIORITY_MEDIUM].done, 1u);
}

}  // namespace
