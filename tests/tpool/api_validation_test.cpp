// Every exported function rejects bad input with its documented status and
// leaves out-parameters alone.
#include <gtest/gtest.h>

#include <cstring>

#include "test_support.h"

namespace {
using namespace tpool_test;

TEST(Library, VersionMatchesHeader) {
  EXPECT_EQ(tpool_version(), uint32_t{TPOOL_VERSION_HEX});
}

TEST(Library, StatusStringsAreNeverNull) {
  for (int value = 0; value <= 20; ++value) {
    EXPECT_NE(tpool_status_string(static_cast<tpool_status>(value)), nullptr);
  }
  EXPECT_STREQ(tpool_status_string(TPOOL_OK), "success");
}

TEST(Library, JobStateStringsNameEveryState) {
  EXPECT_STREQ(tpool_job_state_string(TPOOL_JOB_QUEUED), "queued");
  EXPECT_STREQ(tpool_job_state_string(TPOOL_JOB_RUNNING), "running");
  EXPECT_STREQ(tpool_job_state_string(TPOOL_JOB_DONE), "done");
  EXPECT_STREQ(tpool_job_state_string(TPOOL_JOB_CANCELLED), "cancelled");
  EXPECT_STREQ(tpool_job_state_string(TPOOL_JOB_FAILED), "failed");
  EXPECT_NE(tpool_job_state_string(static_cast<tpool_job_state>(99)), nullptr);
}

TEST(ConfigInit, FillsDocumentedDefaults) {
  tpool_config config;
  ASSERT_EQ(tpool_config_init(&config), TPOOL_OK);
  EXPECT_EQ(config.struct_size, sizeof(tpool_config));
  EXPECT_GE(config.min_workers, 1u);
  EXPECT_EQ(config.max_workers, config.min_workers);
  EXPECT_EQ(config.idle_timeout_ms, 10000u);
  EXPECT_EQ(config.stack_size, 0u);
  EXPECT_STREQ(config.thread_name_prefix, "tpool");
  EXPECT_EQ(config.thread_priority, TPOOL_THREAD_PRIORITY_NORMAL);
  EXPECT_EQ(config.affinity_mask, 0u);
  EXPECT_EQ(config.starvation_bound_ms, 100u);
  EXPECT_EQ(config.log_level, TPOOL_LOG_WARN);
  EXPECT_EQ(config.log_fn, nullptr);
}

TEST(ConfigInit, RejectsNull) {
  EXPECT_EQ(tpool_config_init(nullptr), TPOOL_E_NULL_POINTER);
}

TEST(JobDescInit, FillsMediumPriorityAndNulls) {
  tpool_job_desc desc;
  std::memset(&desc, 0xAB, sizeof(desc));
  ASSERT_EQ(tpool_job_desc_init(&desc), TPOOL_OK);
  EXPECT_EQ(desc.struct_size, sizeof(tpool_job_desc));
  EXPECT_EQ(desc.priority, TPOOL_PRIORITY_MEDIUM);
  EXPECT_EQ(desc.fn, nullptr);
  EXPECT_EQ(desc.context, nullptr);
  EXPECT_EQ(desc.on_complete, nullptr);
  EXPECT_EQ(tpool_job_desc_init(nullptr), TPOOL_E_NULL_POINTER);
}

TEST(PoolCreate, NullConfigUsesDefaults) {
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(nullptr, &pool), TPOOL_OK);
  EXPECT_EQ(stats_of(pool).workers_min, stats_of(pool).workers_max);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
}

TEST(PoolCreate, RejectsNullOutPointer) {
  const tpool_config config = small_config(1);
  EXPECT_EQ(tpool_create(&config, nullptr), TPOOL_E_NULL_POINTER);
}

TEST(PoolCreate, RejectsWrongStructSizeAndLeavesOutUnchanged) {
  tpool_config config = small_config(1);
  config.struct_size = sizeof(tpool_config) - 4;
  tpool_pool *sentinel = reinterpret_cast<tpool_pool *>(0x1);
  tpool_pool *pool = sentinel;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(pool, sentinel);
}

TEST(PoolCreate, RejectsZeroWorkers) {
  tpool_config config = small_config(1);
  config.min_workers = 0;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
}

TEST(PoolCreate, RejectsMinAboveMax) {
  tpool_config config = small_config(3);
  config.max_workers = 2;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
}

TEST(PoolCreate, RejectsMoreThan4096Workers) {
  tpool_config config = small_config(1);
  config.max_workers = 4097;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
}

TEST(PoolCreate, RejectsThreadPriorityOutOfRange) {
  tpool_config config = small_config(1);
  config.thread_priority = 3;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
}

TEST(PoolCreate, RejectsLogLevelOutOfRange) {
  tpool_config config = small_config(1);
  config.log_level = 6;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
}

TEST(PoolCreate, RejectsNonZeroReservedField) {
  tpool_config config = small_config(1);
  config.reserved0_ = 1;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
}

TEST(PoolCreate, RejectsStackSizeAboveOneGiB) {
  tpool_config config = small_config(1);
  config.stack_size = (size_t{1} << 30) + 1;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
}

TEST(PoolCreate, LogsBadConfigurationAtWarn) {
  log_sink sink;
  tpool_config config = small_config(1);
  config.min_workers = 0;
  config.log_fn = &log_sink::receive;
  config.log_user = &sink;
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
  EXPECT_TRUE(sink.contains(TPOOL_LOG_WARN, "tpool_create"));
}

TEST(PoolCalls, RejectNullPool) {
  size_t count = 0;
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  tpool_job_desc desc = desc_for(&noop_job, nullptr, TPOOL_PRIORITY_HIGH);
  EXPECT_EQ(tpool_shutdown(nullptr, TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_destroy(nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_wait_idle(nullptr, 0), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_submit(nullptr, &noop_job, nullptr, 0, nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_submit_ex(nullptr, &desc, nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_submit_batch(nullptr, &desc, 1, nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_cancel_all(nullptr, &count), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_get_stats(nullptr, &stats), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_get_worker_stats(nullptr, nullptr, 0, &count), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_set_log_level(nullptr, TPOOL_LOG_INFO), TPOOL_E_NULL_POINTER);
}

class PoolInput : public ::testing::Test {
 protected:
  pool_fixture pool_{small_config(1)};
};

TEST_F(PoolInput, SubmitRejectsNullCallback) {
  EXPECT_EQ(tpool_submit(pool_.get(), nullptr, nullptr, TPOOL_PRIORITY_HIGH, nullptr),
            TPOOL_E_NULL_POINTER);
}

TEST_F(PoolInput, SubmitRejectsPriorityOutOfRange) {
  EXPECT_EQ(tpool_submit(pool_.get(), &noop_job, nullptr, 3, nullptr), TPOOL_E_BAD_PRIORITY);
  EXPECT_EQ(tpool_submit(pool_.get(), &noop_job, nullptr, -1, nullptr), TPOOL_E_BAD_PRIORITY);
}

TEST_F(PoolInput, SubmitExRejectsNullDescAndWrongStructSize) {
  EXPECT_EQ(tpool_submit_ex(pool_.get(), nullptr, nullptr), TPOOL_E_NULL_POINTER);
  tpool_job_desc desc = desc_for(&noop_job, nullptr, TPOOL_PRIORITY_LOW);
  desc.struct_size = 8;
  EXPECT_EQ(tpool_submit_ex(pool_.get(), &desc, nullptr), TPOOL_E_BAD_STRUCT_SIZE);
}

TEST_F(PoolInput, RejectedSubmitLeavesOutJobUnchanged) {
  tpool_job *sentinel = reinterpret_cast<tpool_job *>(0x2);
  tpool_job *job = sentinel;
  EXPECT_EQ(tpool_submit(pool_.get(), &noop_job, nullptr, 7, &job), TPOOL_E_BAD_PRIORITY);
  EXPECT_EQ(job, sentinel);
}

TEST_F(PoolInput, BatchWithOneBadDescAcceptsNothing) {
  std::atomic<int> runs{0};
  auto count_run = [](void *context, tpool_job_info *) {
    static_cast<std::atomic<int> *>(context)->fetch_add(1);
  };
  std::vector<tpool_job_desc> descs(5, desc_for(count_run, &runs, TPOOL_PRIORITY_MEDIUM));
  descs[3].priority = 9;
  EXPECT_EQ(tpool_submit_batch(pool_.get(), descs.data(), descs.size(), nullptr),
            TPOOL_E_BAD_PRIORITY);
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(runs.load(), 0);
  EXPECT_EQ(stats_of(pool_.get()).priority[TPOOL_PRIORITY_MEDIUM].submitted, 0u);
}

TEST_F(PoolInput, BatchRejectsNullDescsButAcceptsEmptyBatch) {
  EXPECT_EQ(tpool_submit_batch(pool_.get(), nullptr, 2, nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_submit_batch(pool_.get(), nullptr, 0, nullptr), TPOOL_OK);
}

TEST_F(PoolInput, ShutdownRejectsUnknownMode) {
  EXPECT_EQ(tpool_shutdown(pool_.get(), static_cast<tpool_shutdown_mode>(7), 0),
            TPOOL_E_INVALID_ARGUMENT);
}

TEST_F(PoolInput, StatsRejectWrongStructSize) {
  tpool_stats stats{};
  stats.struct_size = 12;
  EXPECT_EQ(tpool_get_stats(pool_.get(), &stats), TPOOL_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(tpool_get_stats(pool_.get(), nullptr), TPOOL_E_NULL_POINTER);
}

TEST_F(PoolInput, WorkerStatsRejectBadArguments) {
  size_t count = 99;
  tpool_worker_stats workers[2]{};
  EXPECT_EQ(tpool_get_worker_stats(pool_.get(), workers, 2, nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_get_worker_stats(pool_.get(), nullptr, 2, &count), TPOOL_E_NULL_POINTER);
  workers[0].struct_size = 3;
  EXPECT_EQ(tpool_get_worker_stats(pool_.get(), workers, 2, &count), TPOOL_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(count, 99u);
}

TEST_F(PoolInput, SetLogLevelRejectsOutOfRange) {
  EXPECT_EQ(tpool_set_log_level(pool_.get(), static_cast<tpool_log_level>(-1)),
            TPOOL_E_INVALID_ARGUMENT);
  EXPECT_EQ(tpool_set_log_level(pool_.get(), static_cast<tpool_log_level>(6)),
            TPOOL_E_INVALID_ARGUMENT);
  EXPECT_EQ(tpool_set_log_level(pool_.get(), TPOOL_LOG_OFF), TPOOL_OK);
}

TEST(JobHandleInput, RejectsNullHandleAndOutPointers) {
  tpool_job_state state = TPOOL_JOB_QUEUED;
  uint64_t id = 0;
  EXPECT_EQ(tpool_job_get_state(nullptr, &state), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_job_wait(nullptr, 0, &state), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_job_cancel(nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_job_get_id(nullptr, &id), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_job_release(nullptr), TPOOL_E_NULL_POINTER);
}

TEST(JobInfoInput, RejectsNullInfo) {
  EXPECT_EQ(tpool_job_info_cancel_requested(nullptr), 0);
  EXPECT_EQ(tpool_job_info_set_failed(nullptr), TPOOL_E_NULL_POINTER);
  EXPECT_EQ(tpool_job_info_get(nullptr, nullptr, nullptr, nullptr), TPOOL_E_NULL_POINTER);
}

}  // namespace
