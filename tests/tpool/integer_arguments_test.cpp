// Every enum-typed parameter and field is read as its 32-bit integer and
// validated before use, so no value a C caller can pass is undefined
// behaviour: linux-asan runs these under UBSan (its enum-range check among
// them), and out-of-range values get a status, never a crash.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>

#include "test_support.h"

namespace {
using namespace tpool_test;

// Values a C caller can pass that no enumerator has.
const int32_t kOutOfRange[] = {-1, -2, 6, 7, 1000, INT32_MAX, INT32_MIN, -0x7fffffff};

TEST(IntegerArguments, ShutdownRejectsEveryUnknownModeWithInvalidArgument) {
  pool_fixture pool(small_config(1));
  for (int32_t value : kOutOfRange) {
    if (value == TPOOL_SHUTDOWN_DRAIN || value == TPOOL_SHUTDOWN_CANCEL) continue;
    EXPECT_EQ(tpool_shutdown(pool.get(), static_cast<tpool_shutdown_mode>(value), 0),
              TPOOL_E_INVALID_ARGUMENT)
        << value;
  }
  // The pool was not touched: it still runs jobs.
  outcome_probe probe;
  ASSERT_EQ(tpool_submit(pool.get(), &outcome_probe::run, &probe, TPOOL_PRIORITY_HIGH, nullptr),
            TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 1);
}

TEST(IntegerArguments, StringFunctionsAnswerEveryValue) {
  for (int32_t value : kOutOfRange) {
    if (value >= 0 && value <= 15) continue;
    EXPECT_STREQ(tpool_status_string(static_cast<tpool_status>(value)), "unknown status") << value;
  }
  EXPECT_STREQ(tpool_status_string(static_cast<tpool_status>(14)), "unknown status");
  for (int32_t value : kOutOfRange) {
    EXPECT_STREQ(tpool_job_state_string(static_cast<tpool_job_state>(value)), "unknown state")
        << value;
  }
}

TEST(IntegerArguments, ConfigEnumFieldsOutOfRangeAreInvalidArguments) {
  tpool_pool *pool = nullptr;
  for (int32_t value : kOutOfRange) {
    tpool_config config = small_config(1);
    config.log_level = value;
    EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT) << value;
  }
  for (int32_t value : {-3, 3, 1000, -1000, INT32_MAX, INT32_MIN}) {
    tpool_config config = small_config(1);
    config.thread_priority = value;
    EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT) << value;
  }
  EXPECT_EQ(pool, nullptr);
}

TEST(IntegerArguments, LogLevelAndPriorityParametersOutOfRangeAreRejected) {
  pool_fixture pool(small_config(1));
  for (int32_t value : kOutOfRange) {
    EXPECT_EQ(tpool_set_log_level(pool.get(), static_cast<tpool_log_level>(value)),
              TPOOL_E_INVALID_ARGUMENT)
        << value;
    EXPECT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, value, nullptr), TPOOL_E_BAD_PRIORITY)
        << value;
  }
}

TEST(PoolCreate, AnAffinityMaskNamingAProcessorThatDoesNotExistIsInvalid) {
  tpool_config config = small_config(1);
  config.affinity_mask = uint64_t{1} << 63;
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
  EXPECT_EQ(pool, nullptr);
}

TEST(PoolCreate, AnAffinityMaskOfProcessorZeroIsAccepted) {
  tpool_config config = small_config(1);
  config.affinity_mask = 1;
  pool_fixture pool(config);
  EXPECT_EQ(pool.create_status(), TPOOL_OK);
}

TEST(PoolCreate, NullAndEmptyThreadNamePrefixesMeanTheDefault) {
  for (const char *prefix : {static_cast<const char *>(nullptr), ""}) {
    tpool_config config = small_config(1);
    config.thread_name_prefix = prefix;
    pool_fixture pool(config);
    EXPECT_EQ(pool.create_status(), TPOOL_OK);
  }
  tpool_config config = small_config(1);
  config.thread_name_prefix = "a-very-long-thread-name-prefix-that-no-system-keeps-whole";
  pool_fixture pool(config);
  EXPECT_EQ(pool.create_status(), TPOOL_OK);
}

TEST(PoolCreate, ARejectedConfigurationHonoursItsOwnLogLevel) {
  for (int32_t level : {int32_t{TPOOL_LOG_ERROR}, int32_t{TPOOL_LOG_OFF}}) {
    log_sink sink;
    tpool_config config = small_config(1);
    config.min_workers = 0;
    config.log_level = level;
    config.log_fn = &log_sink::receive;
    config.log_user = &sink;
    tpool_pool *pool = nullptr;
    ASSERT_EQ(tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
    EXPECT_EQ(sink.count(), 0u) << level;
  }
  // An invalid level cannot be honoured: the line goes out at WARN.
  log_sink sink;
  tpool_config config = small_config(1);
  config.log_level = 99;
  config.log_fn = &log_sink::receive;
  config.log_user = &sink;
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
  EXPECT_TRUE(sink.contains(TPOOL_LOG_WARN, "tpool_create"));
}

TEST(PoolCreate, IdleTimeoutZeroReapsExtraWorkersAsSoonAsTheyRunDry) {
  tpool_config config = small_config(1, 3);
  config.idle_timeout_ms = 0;
  pool_fixture pool(config);
  gate held;
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &held, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  }
  EXPECT_TRUE(held.wait_inside(3));
  held.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_TRUE(eventually([&] { return stats_of(pool.get()).workers_live == 1; }));
}

}  // namespace
