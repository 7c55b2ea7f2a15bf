// The struct_size convention of tpool.h: every published version's size is
// accepted, a newer (larger) struct is accepted only with an all-zero tail,
// outputs fill min(caller, ours) and report it, arrays step by the caller's
// size, and nothing is ever read or written past struct_size.
//
// Structs are placed in heap buffers of exactly the size under test, so an
// access past it is caught by ASan in linux-asan, and guard bytes after
// them catch writes everywhere else.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "test_support.h"

namespace {
using namespace tpool_test;

constexpr unsigned char kGuard = 0xA5;

// A T-shaped struct of `size` bytes followed by guard bytes, on the heap.
template <typename T>
class sized_struct {
 public:
  explicit sized_struct(uint32_t size, size_t guard = 16) : size_(size), bytes_(size + guard, 0) {
    std::memset(bytes_.data() + size, kGuard, guard);
  }
  // Copies the fields of value that fit, and sets struct_size.
  void fill(const T &value) {
    std::memcpy(bytes_.data(), &value, size_ < sizeof(T) ? size_ : sizeof(T));
    set_size(size_);
  }
  void set_size(uint32_t size) { std::memcpy(bytes_.data(), &size, sizeof(size)); }
  uint32_t struct_size() const {
    uint32_t size = 0;
    std::memcpy(&size, bytes_.data(), sizeof(size));
    return size;
  }
  T *get() { return reinterpret_cast<T *>(bytes_.data()); }
  unsigned char *bytes() { return bytes_.data(); }
  bool guard_intact() const {
    for (size_t i = size_; i < bytes_.size(); ++i) {
      if (bytes_[i] != kGuard) return false;
    }
    return true;
  }

 private:
  uint32_t size_;
  std::vector<unsigned char> bytes_;
};

tpool_config one_worker_config() {
  tpool_config config = small_config(1);
  return config;
}

TEST(VersionSizes, EveryVersionEndsAtItsLastFieldAndTheNewestIsTheHeadersStruct) {
  // No trailing padding: a later version's fields can never overlap bytes an
  // older caller owns.
  EXPECT_EQ(TPOOL_CONFIG_SIZE_V1, sizeof(tpool_config));
  EXPECT_EQ(TPOOL_JOB_DESC_SIZE_V1, offsetof(tpool_job_desc, group));
  EXPECT_EQ(TPOOL_JOB_DESC_SIZE_V2, sizeof(tpool_job_desc));
  EXPECT_EQ(TPOOL_GROUP_COUNTS_SIZE_V1, sizeof(tpool_group_counts));
  EXPECT_EQ(TPOOL_STATS_SIZE_V1, sizeof(tpool_stats));
  EXPECT_EQ(TPOOL_WORKER_STATS_SIZE_V1, sizeof(tpool_worker_stats));
}

TEST(ConfigInitSized, WritesExactlyTheOldestVersionsBytes) {
  sized_struct<tpool_config> config(TPOOL_CONFIG_SIZE_V1);
  ASSERT_EQ(tpool_config_init_sized(config.get(), TPOOL_CONFIG_SIZE_V1), TPOOL_OK);
  EXPECT_EQ(config.struct_size(), TPOOL_CONFIG_SIZE_V1);
  EXPECT_EQ(config.get()->idle_timeout_ms, 10000u);
  EXPECT_TRUE(config.guard_intact());
}

TEST(ConfigInitSized, TheVersionOneEntryPointWritesVersionOneBytes) {
  sized_struct<tpool_config> config(TPOOL_CONFIG_SIZE_V1);
  // Parenthesized: the export itself, as a program built against the first
  // header (or a dynamic loader) calls it, not the sized macro.
  ASSERT_EQ((tpool_config_init)(config.get()), TPOOL_OK);
  EXPECT_EQ(config.struct_size(), TPOOL_CONFIG_SIZE_V1);
  EXPECT_TRUE(config.guard_intact());
}

TEST(ConfigInitSized, ANewerHeadersSizeGetsOurDefaultsAndZerosPastThem) {
  const uint32_t newer = sizeof(tpool_config) + 16;
  sized_struct<tpool_config> config(newer);
  std::memset(config.bytes(), 0xEE, newer);
  ASSERT_EQ(tpool_config_init_sized(config.get(), newer), TPOOL_OK);
  EXPECT_EQ(config.struct_size(), newer);
  EXPECT_EQ(config.get()->starvation_bound_ms, 100u);
  for (size_t i = sizeof(tpool_config); i < newer; ++i) EXPECT_EQ(config.bytes()[i], 0) << i;
  EXPECT_TRUE(config.guard_intact());
}

TEST(ConfigInitSized, RejectsSizesThatAreNoVersionAndWritesNothing) {
  for (uint32_t size : {0u, 4u, TPOOL_CONFIG_SIZE_V1 - 8u, TPOOL_CONFIG_SIZE_V1 + 4u}) {
    sized_struct<tpool_config> config(size + 8, 0);
    std::memset(config.bytes(), 0xEE, size + 8);
    EXPECT_EQ(tpool_config_init_sized(config.get(), size), TPOOL_E_BAD_STRUCT_SIZE) << size;
    EXPECT_EQ(config.bytes()[0], 0xEE) << size;
  }
  EXPECT_EQ(tpool_config_init_sized(nullptr, TPOOL_CONFIG_SIZE_V1), TPOOL_E_NULL_POINTER);
}

TEST(JobDescInitSized, WritesExactlyTheRequestedBytes) {
  sized_struct<tpool_job_desc> desc(TPOOL_JOB_DESC_SIZE_V1);
  ASSERT_EQ(tpool_job_desc_init_sized(desc.get(), TPOOL_JOB_DESC_SIZE_V1), TPOOL_OK);
  EXPECT_EQ(desc.get()->priority, TPOOL_PRIORITY_MEDIUM);
  EXPECT_TRUE(desc.guard_intact());
  sized_struct<tpool_job_desc> v1(TPOOL_JOB_DESC_SIZE_V1);
  ASSERT_EQ((tpool_job_desc_init)(v1.get()), TPOOL_OK);
  EXPECT_EQ(v1.struct_size(), TPOOL_JOB_DESC_SIZE_V1);
  EXPECT_TRUE(v1.guard_intact());
  EXPECT_EQ(tpool_job_desc_init_sized(desc.get(), 12), TPOOL_E_BAD_STRUCT_SIZE);
}

TEST(CreateConfigSize, TheOldestVersionIsAcceptedWithNothingReadPastIt) {
  sized_struct<tpool_config> config(TPOOL_CONFIG_SIZE_V1, 0);
  config.fill(one_worker_config());
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(config.get(), &pool), TPOOL_OK);
  EXPECT_EQ(stats_of(pool).workers_min, 1u);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
}

TEST(CreateConfigSize, ANewerStructWithAnAllZeroTailIsAccepted) {
  const uint32_t newer = sizeof(tpool_config) + 24;
  sized_struct<tpool_config> config(newer, 0);
  config.fill(one_worker_config());
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(config.get(), &pool), TPOOL_OK);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
}

TEST(CreateConfigSize, ANewerStructWithAnyNonZeroTailByteIsRejected) {
  const uint32_t newer = sizeof(tpool_config) + 24;
  for (uint32_t offset = sizeof(tpool_config); offset < newer; offset += 7) {
    sized_struct<tpool_config> config(newer, 0);
    config.fill(one_worker_config());
    config.bytes()[offset] = 1;
    tpool_pool *pool = reinterpret_cast<tpool_pool *>(0x1);
    EXPECT_EQ(tpool_create(config.get(), &pool), TPOOL_E_BAD_STRUCT_SIZE) << offset;
    EXPECT_EQ(pool, reinterpret_cast<tpool_pool *>(0x1));
  }
}

TEST(CreateConfigSize, SizesBetweenVersionsOrUnalignedAreRejected) {
  for (uint32_t size : {TPOOL_CONFIG_SIZE_V1 - 4u, TPOOL_CONFIG_SIZE_V1 + 4u, 3u}) {
    sized_struct<tpool_config> config(size < sizeof(tpool_config) ? sizeof(tpool_config) : size, 0);
    config.fill(one_worker_config());
    config.set_size(size);
    tpool_pool *pool = nullptr;
    EXPECT_EQ(tpool_create(config.get(), &pool), TPOOL_E_BAD_STRUCT_SIZE) << size;
  }
}

class SubmitDescSize : public ::testing::Test {
 protected:
  pool_fixture pool_{small_config(1)};
  outcome_probe probe_;
};

TEST_F(SubmitDescSize, TheOldestVersionIsAccepted) {
  sized_struct<tpool_job_desc> desc(TPOOL_JOB_DESC_SIZE_V1, 0);
  desc.fill(desc_for(&outcome_probe::run, &probe_, TPOOL_PRIORITY_HIGH, &outcome_probe::complete));
  ASSERT_EQ(tpool_submit_ex(pool_.get(), desc.get(), nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe_.runs.load(), 1);
  EXPECT_EQ(probe_.completions.load(), 1);
}

TEST_F(SubmitDescSize, ANewerDescIsAcceptedOnlyWithAZeroTail) {
  const uint32_t newer = sizeof(tpool_job_desc) + 8;
  sized_struct<tpool_job_desc> desc(newer, 0);
  desc.fill(desc_for(&outcome_probe::run, &probe_, TPOOL_PRIORITY_HIGH));
  ASSERT_EQ(tpool_submit_ex(pool_.get(), desc.get(), nullptr), TPOOL_OK);
  desc.bytes()[newer - 1] = 3;
  EXPECT_EQ(tpool_submit_ex(pool_.get(), desc.get(), nullptr), TPOOL_E_BAD_STRUCT_SIZE);
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe_.runs.load(), 1);
}

TEST_F(SubmitDescSize, ABatchIsSteppedByTheCallersStructSize) {
  // Three descs of a "newer" 8-byte-longer layout, back to back.
  const uint32_t stride = sizeof(tpool_job_desc) + 8;
  std::vector<unsigned char> bytes(stride * 3, 0);
  for (int i = 0; i < 3; ++i) {
    tpool_job_desc desc = desc_for(&outcome_probe::run, &probe_, i, &outcome_probe::complete);
    desc.struct_size = stride;
    std::memcpy(bytes.data() + stride * i, &desc, sizeof(desc));
  }
  const auto *descs = reinterpret_cast<const tpool_job_desc *>(bytes.data());
  std::vector<tpool_job *> jobs(3, nullptr);
  ASSERT_EQ(tpool_submit_batch(pool_.get(), descs, 3, jobs.data()), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe_.runs.load(), 3);
  EXPECT_EQ(probe_.completions.load(), 3);
  for (tpool_job *job : jobs) EXPECT_EQ(tpool_job_release(job), TPOOL_OK);
}

TEST_F(SubmitDescSize, ABatchWhoseElementsDisagreeOnTheSizeAcceptsNothing) {
  std::vector<tpool_job_desc> descs(3, desc_for(&outcome_probe::run, &probe_, 1));
  descs[2].struct_size = sizeof(tpool_job_desc) + 8;
  EXPECT_EQ(tpool_submit_batch(pool_.get(), descs.data(), descs.size(), nullptr),
            TPOOL_E_BAD_STRUCT_SIZE);
  ASSERT_EQ(tpool_wait_idle(pool_.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe_.runs.load(), 0);
}

TEST(StatsSize, TheOldestVersionIsFilledExactly) {
  pool_fixture pool(small_config(1));
  sized_struct<tpool_stats> stats(TPOOL_STATS_SIZE_V1);
  stats.set_size(TPOOL_STATS_SIZE_V1);
  ASSERT_EQ(tpool_get_stats(pool.get(), stats.get()), TPOOL_OK);
  EXPECT_EQ(stats.struct_size(), TPOOL_STATS_SIZE_V1);
  EXPECT_EQ(stats.get()->workers_min, 1u);
  EXPECT_TRUE(stats.guard_intact());
}

TEST(StatsSize, ALargerStructGetsOurSizeBackAndItsTailUntouched) {
  pool_fixture pool(small_config(1));
  const uint32_t newer = sizeof(tpool_stats) + 16;
  sized_struct<tpool_stats> stats(newer);
  std::memset(stats.bytes() + sizeof(tpool_stats), 0x5C, 16);
  stats.set_size(newer);
  ASSERT_EQ(tpool_get_stats(pool.get(), stats.get()), TPOOL_OK);
  EXPECT_EQ(stats.struct_size(), sizeof(tpool_stats));
  for (size_t i = sizeof(tpool_stats); i < newer; ++i) EXPECT_EQ(stats.bytes()[i], 0x5C) << i;
}

TEST(StatsSize, BelowTheOldestVersionIsRejected) {
  pool_fixture pool(small_config(1));
  tpool_stats stats{};
  stats.struct_size = TPOOL_STATS_SIZE_V1 - 8;
  EXPECT_EQ(tpool_get_stats(pool.get(), &stats), TPOOL_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(stats.workers_min, 0u);
}

TEST(WorkerStatsSize, TheArrayIsSteppedByTheCallersStructSize) {
  pool_fixture pool(small_config(2));
  const uint32_t stride = sizeof(tpool_worker_stats) + 8;
  std::vector<unsigned char> bytes(stride * 3 + 16, kGuard);
  std::memcpy(bytes.data(), &stride, sizeof(stride));
  auto *workers = reinterpret_cast<tpool_worker_stats *>(bytes.data());
  size_t count = 0;
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), workers, 3, &count), TPOOL_OK);
  ASSERT_EQ(count, 2u);
  for (size_t i = 0; i < count; ++i) {
    tpool_worker_stats worker;
    std::memcpy(&worker, bytes.data() + stride * i, sizeof(worker));
    EXPECT_EQ(worker.struct_size, sizeof(tpool_worker_stats)) << i;
    EXPECT_EQ(worker.worker_index, i);
    // The 8 bytes this DLL does not know stay the caller's.
    for (size_t b = sizeof(tpool_worker_stats); b < stride; ++b) {
      EXPECT_EQ(bytes[stride * i + b], kGuard) << i << ":" << b;
    }
  }
  for (size_t b = stride * 2; b < bytes.size(); ++b) EXPECT_EQ(bytes[b], kGuard) << b;
}

TEST(WorkerStatsSize, TheOldestVersionIsFilledExactly) {
  pool_fixture pool(small_config(1));
  sized_struct<tpool_worker_stats> worker(TPOOL_WORKER_STATS_SIZE_V1);
  worker.set_size(TPOOL_WORKER_STATS_SIZE_V1);
  size_t count = 0;
  ASSERT_EQ(tpool_get_worker_stats(pool.get(), worker.get(), 1, &count), TPOOL_OK);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(worker.struct_size(), TPOOL_WORKER_STATS_SIZE_V1);
  EXPECT_TRUE(worker.guard_intact());
}

}  // namespace
