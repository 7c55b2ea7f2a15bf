// Dynamic workers: growth above min_workers when every worker is busy and
// jobs wait, and reaping back to min_workers after idle_timeout_ms.
#include <gtest/gtest.h>

#include "test_support.h"

namespace {
using namespace tpool_test;

TEST(PoolGrowth, StartsWorkersUpToMaxWhenEveryWorkerIsBlocked) {
  gate blocker;
  pool_fixture pool(small_config(1, 4));
  ASSERT_EQ(pool.create_status(), TPOOL_OK);
  for (int i = 0; i < 6; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_MEDIUM, nullptr),
              TPOOL_OK);
  }
  // Four workers end up inside the gate; the other two jobs wait.
  EXPECT_TRUE(blocker.wait_inside(4));
  const tpool_stats stats = stats_of(pool.get());
  EXPECT_EQ(stats.workers_live, 4u);
  EXPECT_EQ(stats.workers_grown, 3u);
  EXPECT_EQ(stats.workers_peak, 4u);
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
}

TEST(PoolGrowth, NeverExceedsMaxWorkers) {
  gate blocker;
  pool_fixture pool(small_config(1, 2));
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_MEDIUM, nullptr),
              TPOOL_OK);
  }
  ASSERT_TRUE(blocker.wait_inside(2));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(stats_of(pool.get()).workers_live, 2u);
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_LE(stats_of(pool.get()).workers_peak, 2u);
}

TEST(PoolGrowth, FixedSizePoolNeverGrows) {
  gate blocker;
  pool_fixture pool(small_config(2));
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_MEDIUM, nullptr),
              TPOOL_OK);
  }
  ASSERT_TRUE(blocker.wait_inside(2));
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(stats_of(pool.get()).workers_grown, 0u);
}

TEST(PoolReaping, ExtraWorkersExitAfterTheIdleTimeout) {
  gate blocker;
  tpool_config config = small_config(1, 3);
  config.idle_timeout_ms = 30;
  pool_fixture pool(config);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_MEDIUM, nullptr),
              TPOOL_OK);
  }
  ASSERT_TRUE(blocker.wait_inside(3));
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_TRUE(eventually([&] { return stats_of(pool.get()).workers_live == 1u; }));
  EXPECT_EQ(stats_of(pool.get()).workers_reaped, 2u);
}

// Worker slots whose thread is still running (exiting threads included).
uint32_t live_slots(tpool_pool *pool) {
  tpool_worker_stats workers[16]{};
  workers[0].struct_size = sizeof(tpool_worker_stats);
  size_t count = 0;
  tpool_get_worker_stats(pool, workers, 16, &count);
  uint32_t live = 0;
  for (size_t i = 0; i < count; ++i) live += workers[i].live != 0 ? 1u : 0u;
  return live;
}

TEST(PoolReaping, ReapedSlotsAreReusedWhenThePoolGrowsAgain) {
  tpool_config config = small_config(1, 3);
  config.idle_timeout_ms = 20;
  pool_fixture pool(config);
  for (int round = 0; round < 2; ++round) {
    gate blocker;
    for (int i = 0; i < 3; ++i) {
      ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_MEDIUM, nullptr),
                TPOOL_OK);
    }
    ASSERT_TRUE(blocker.wait_inside(3));
    blocker.open();
    ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
    // Reaped threads are gone from their slots, not only uncounted.
    ASSERT_TRUE(eventually([&] { return live_slots(pool.get()) == 1u; }));
  }
  size_t count = 0;
  tpool_worker_stats workers[8]{};
  workers[0].struct_size = sizeof(tpool_worker_stats);
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), workers, 8, &count), TPOOL_OK);
  EXPECT_EQ(count, 3u);
  EXPECT_EQ(stats_of(pool.get()).workers_grown, 4u);
}

TEST(PoolReaping, MinimumWorkersAreNeverReaped) {
  tpool_config config = small_config(2, 2);
  config.idle_timeout_ms = 1;
  pool_fixture pool(config);
  ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_EQ(stats_of(pool.get()).workers_live, 2u);
  EXPECT_EQ(stats_of(pool.get()).workers_reaped, 0u);
}

}  // namespace
