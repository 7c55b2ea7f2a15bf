// Diagnostics counters and the logging callback.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <vector>

#include "test_support.h"

namespace {
using namespace tpool_test;

// A small pool's configuration whose log lines at level and above go to fn.
tpool_config logging_config(uint32_t workers, tpool_log_fn fn, void *user,
                            tpool_log_level level = TPOOL_LOG_WARN) {
  tpool_config config = small_config(workers);
  config.log_fn = fn;
  config.log_user = user;
  config.log_level = level;
  return config;
}

TEST(PoolStats, CountersAddUpAfterAMixedWorkload) {
  gate blocker;
  pool_fixture pool(small_config(2));
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(2));
  auto failing = [](void *, tpool_job_info *info) { tpool_job_info_set_failed(info); };
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_MEDIUM, nullptr),
              TPOOL_OK);
    ASSERT_EQ(tpool_submit(pool.get(), failing, nullptr, TPOOL_PRIORITY_LOW, nullptr), TPOOL_OK);
  }
  tpool_job *cancelled = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_LOW, &cancelled), TPOOL_OK);
  ASSERT_EQ(tpool_job_cancel(cancelled), TPOOL_OK);
  tpool_job_release(cancelled);

  const tpool_stats queued = stats_of(pool.get());
  EXPECT_EQ(queued.priority[TPOOL_PRIORITY_MEDIUM].queued, 10u);
  EXPECT_EQ(queued.priority[TPOOL_PRIORITY_LOW].queued, 10u);

  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  const tpool_stats stats = stats_of(pool.get());
  const tpool_priority_stats &high = stats.priority[TPOOL_PRIORITY_HIGH];
  const tpool_priority_stats &medium = stats.priority[TPOOL_PRIORITY_MEDIUM];
  const tpool_priority_stats &low = stats.priority[TPOOL_PRIORITY_LOW];
  EXPECT_EQ(high.submitted, 2u);
  EXPECT_EQ(high.done, 2u);
  EXPECT_EQ(medium.submitted, 10u);
  EXPECT_EQ(medium.started, 10u);
  EXPECT_EQ(medium.done, 10u);
  EXPECT_EQ(low.submitted, 11u);
  EXPECT_EQ(low.started, 10u);
  EXPECT_EQ(low.failed, 10u);
  EXPECT_EQ(low.cancelled, 1u);
  for (const tpool_priority_stats &level : stats.priority) {
    EXPECT_EQ(level.queued, 0u);
    EXPECT_EQ(level.submitted, level.done + level.failed + level.cancelled);
    EXPECT_LE(level.queue_wait_ns_max, level.queue_wait_ns_total);
  }
  EXPECT_GT(low.queue_wait_ns_total, 0u);
}

TEST(PoolStats, ReportsWorkerCountsAndLimits) {
  pool_fixture pool(small_config(2, 5));
  ASSERT_TRUE(eventually([&] { return stats_of(pool.get()).workers_idle == 2u; }));
  const tpool_stats stats = stats_of(pool.get());
  EXPECT_EQ(stats.struct_size, sizeof(tpool_stats));
  EXPECT_EQ(stats.workers_live, 2u);
  EXPECT_EQ(stats.workers_min, 2u);
  EXPECT_EQ(stats.workers_max, 5u);
  EXPECT_EQ(stats.workers_peak, 2u);
}

// A log callback that holds every worker in its "worker N running" line,
// which a worker's thread logs (at DEBUG) as its first act, until released.
struct start_holder {
  std::mutex mutex;
  std::condition_variable changed;
  int held = 0;
  bool released = false;

  static void TPOOL_CALL receive(void *user, tpool_log_level, const char *message) {
    if (std::strstr(message, " running") == nullptr) return;
    auto *holder = static_cast<start_holder *>(user);
    std::unique_lock<std::mutex> lock(holder->mutex);
    ++holder->held;
    holder->changed.notify_all();
    holder->changed.wait(lock, [holder] { return holder->released; });
  }
  bool wait_held(int count) {
    std::unique_lock<std::mutex> lock(mutex);
    return changed.wait_for(lock, std::chrono::milliseconds(kPatienceMs),
                            [&] { return held == count; });
  }
  void release() {
    std::lock_guard<std::mutex> lock(mutex);
    released = true;
    changed.notify_all();
  }
};

TEST(PoolStats, AWorkerCountsAsIdleOnlyOnceItsThreadRuns) {
  start_holder holder;
  pool_fixture pool(logging_config(2, &start_holder::receive, &holder, TPOOL_LOG_DEBUG));
  ASSERT_EQ(pool.create_status(), TPOOL_OK);
  // Both threads run, but neither has reached its loop.
  ASSERT_TRUE(holder.wait_held(2));
  const tpool_stats starting = stats_of(pool.get());
  EXPECT_EQ(starting.workers_live, 2u);
  EXPECT_EQ(starting.workers_idle, 0u);
  holder.release();
  EXPECT_TRUE(eventually([&] { return stats_of(pool.get()).workers_idle == 2u; }));
}

TEST(WorkerStats, EachJobIsCountedOnTheWorkerThatRanIt) {
  pool_fixture pool(small_config(3));
  for (int i = 0; i < 300; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, i % 3, nullptr), TPOOL_OK);
  }
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  std::vector<tpool_worker_stats> workers(8);
  workers[0].struct_size = sizeof(tpool_worker_stats);
  size_t count = 0;
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), workers.data(), workers.size(), &count), TPOOL_OK);
  ASSERT_EQ(count, 3u);
  uint64_t total = 0;
  for (size_t i = 0; i < count; ++i) {
    EXPECT_EQ(workers[i].worker_index, i);
    EXPECT_EQ(workers[i].live, 1);
    total += workers[i].jobs_run;
  }
  EXPECT_EQ(total, 300u);
}

TEST(WorkerStats, CapacityLimitsTheSlotsFilled) {
  pool_fixture pool(small_config(3));
  tpool_worker_stats one{};
  one.struct_size = sizeof(one);
  size_t count = 0;
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), &one, 1, &count), TPOOL_OK);
  EXPECT_EQ(count, 1u);
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), nullptr, 0, &count), TPOOL_OK);
  EXPECT_EQ(count, 0u);
}

TEST(WorkerStats, BusyTimeGrowsWithWork) {
  pool_fixture pool(small_config(1));
  auto sleepy = [](void *, tpool_job_info *) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  };
  ASSERT_EQ(tpool_submit(pool.get(), sleepy, nullptr, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  tpool_worker_stats worker{};
  worker.struct_size = sizeof(worker);
  size_t count = 0;
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), &worker, 1, &count), TPOOL_OK);
  EXPECT_GE(worker.busy_ns, 5000000u);
}

TEST(PoolLogging, BadInputIsLoggedAtWarn) {
  log_sink sink;
  pool_fixture pool(logging_config(1, &log_sink::receive, &sink));
  ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, 5, nullptr), TPOOL_E_BAD_PRIORITY);
  EXPECT_TRUE(sink.contains(TPOOL_LOG_WARN, "tpool_submit"));
}

TEST(PoolLogging, DefaultLevelSuppressesInfo) {
  log_sink sink;
  pool_fixture pool(logging_config(1, &log_sink::receive, &sink));
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(sink.count(), 0u);
}

TEST(PoolLogging, LoweringTheLevelDeliversInfoLines) {
  log_sink sink;
  pool_fixture pool(logging_config(1, &log_sink::receive, &sink));
  ASSERT_EQ(tpool_set_log_level(pool.get(), TPOOL_LOG_INFO), TPOOL_OK);
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_TRUE(sink.contains(TPOOL_LOG_INFO, "shut"));
}

TEST(PoolLogging, LevelOffSilencesWarnings) {
  log_sink sink;
  pool_fixture pool(logging_config(1, &log_sink::receive, &sink, TPOOL_LOG_OFF));
  EXPECT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, 5, nullptr), TPOOL_E_BAD_PRIORITY);
  EXPECT_EQ(sink.count(), 0u);
}

}  // namespace
