// tpool_parallel_for (tpool.h, "parallel loops"): every index exactly once,
// chunking by grain or adapting, failure stops the loop, callable from
// inside jobs (the caller helps), nested loops.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

#include "test_support.h"

namespace {

using tpool_test::kPatienceMs;
using tpool_test::pool_fixture;
using tpool_test::small_config;

// Counts every index the loop runs, and records the chunks.
struct coverage {
  uint64_t base = 0;
  std::vector<std::atomic<int>> hits;
  std::mutex chunks_mutex;
  std::vector<std::pair<uint64_t, uint64_t>> chunks;
  coverage(uint64_t begin, uint64_t end) : base(begin), hits(static_cast<size_t>(end - begin)) {}
  static int32_t TPOOL_CALL body(void *context, uint64_t begin, uint64_t end) {
    auto *self = static_cast<coverage *>(context);
    for (uint64_t i = begin; i < end; ++i)
      self->hits[static_cast<size_t>(i - self->base)].fetch_add(1);
    std::lock_guard<std::mutex> lock(self->chunks_mutex);
    self->chunks.emplace_back(begin, end);
    return 0;
  }
  bool every_index_once() const {
    return std::all_of(hits.begin(), hits.end(), [](const std::atomic<int> &h) { return h == 1; });
  }
};

TEST(ParallelFor, RunsEveryIndexExactlyOnceForAnyWorkerCountRangeAndGrain) {
  for (uint32_t workers : {1u, 2u, 4u}) {
    pool_fixture pool(small_config(workers));
    for (uint64_t grain : {0u, 1u, 7u, 1000u}) {
      for (std::pair<uint64_t, uint64_t> range :
           {std::pair<uint64_t, uint64_t>{0, 1}, {5, 6000}, {1u << 20, (1u << 20) + 333}}) {
        coverage seen(range.first, range.second);
        ASSERT_EQ(tpool_parallel_for(pool.get(), range.first, range.second, grain, &coverage::body,
                                     &seen, TPOOL_PRIORITY_MEDIUM),
                  TPOOL_OK);
        EXPECT_TRUE(seen.every_index_once())
            << "workers " << workers << " grain " << grain << " range " << range.first;
      }
    }
  }
}

TEST(ParallelFor, AFixedGrainGivesChunksOfExactlyThatSizeButTheLast) {
  pool_fixture pool(small_config(2));
  coverage seen(0, 1003);
  ASSERT_EQ(tpool_parallel_for(pool.get(), 0, 1003, 100, &coverage::body, &seen, 1), TPOOL_OK);
  ASSERT_EQ(seen.chunks.size(), 11u);
  for (const auto &chunk : seen.chunks) {
    const uint64_t size = chunk.second - chunk.first;
    EXPECT_TRUE(size == 100 || (chunk.first == 1000 && size == 3)) << chunk.first;
  }
}

TEST(ParallelFor, AdaptiveChunksStartLargeAndNeverDropBelowTheFloor) {
  pool_fixture pool(small_config(2));
  coverage seen(0, 1000000);
  ASSERT_EQ(tpool_parallel_for(pool.get(), 0, 1000000, 0, &coverage::body, &seen, 1), TPOOL_OK);
  EXPECT_TRUE(seen.every_index_once());
  // Far fewer claims than indices, and a first chunk of a good share.
  EXPECT_LT(seen.chunks.size(), 2000u);
  uint64_t largest = 0;
  for (const auto &chunk : seen.chunks) largest = std::max(largest, chunk.second - chunk.first);
  EXPECT_GE(largest, 1000000u / 8);
}

TEST(ParallelFor, AnEmptyRangeNeverCallsTheBody) {
  pool_fixture pool(small_config(2));
  coverage seen(10, 10);
  EXPECT_EQ(tpool_parallel_for(pool.get(), 10, 10, 0, &coverage::body, &seen, 1), TPOOL_OK);
  EXPECT_TRUE(seen.chunks.empty());
}

struct failing_body {
  uint64_t fail_at;
  std::atomic<uint64_t> chunks_after_failure{0};
  std::atomic<bool> failed{false};
  static int32_t TPOOL_CALL run(void *context, uint64_t begin, uint64_t end) {
    auto *self = static_cast<failing_body *>(context);
    if (self->failed.load()) self->chunks_after_failure.fetch_add(1);
    if (begin <= self->fail_at && self->fail_at < end) {
      self->failed.store(true);
      return -1;
    }
    return 0;
  }
};

TEST(ParallelFor, AChunkThatFailsStopsTheLoopAndTheCallReportsIt) {
  pool_fixture pool(small_config(2));
  failing_body body{50};
  EXPECT_EQ(tpool_parallel_for(pool.get(), 0, 100000, 1, &failing_body::run, &body, 1),
            TPOOL_E_FAILED);
  // Chunks already claimed may finish; the rest of the range never runs.
  EXPECT_LT(body.chunks_after_failure.load(), 100u);
}

TEST(ParallelFor, InsideAJobOnASingleWorkerTheCallerRunsEveryChunk) {
  pool_fixture pool(small_config(1));
  struct inside {
    tpool_pool *pool;
    coverage *seen;
    std::atomic<int> status{-1};
    static void TPOOL_CALL run(void *context, tpool_job_info *) {
      auto *self = static_cast<inside *>(context);
      self->status.store(
          tpool_parallel_for(self->pool, 0, 5000, 0, &coverage::body, self->seen, 1));
    }
  };
  coverage seen(0, 5000);
  inside job{pool.get(), &seen};
  ASSERT_EQ(tpool_submit(pool.get(), &inside::run, &job, 0, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(job.status.load(), TPOOL_OK);
  EXPECT_TRUE(seen.every_index_once());
}

TEST(ParallelFor, NestedLoopsEachRunEveryIndexOnce) {
  pool_fixture pool(small_config(2));
  struct outer {
    tpool_pool *pool;
    std::vector<std::unique_ptr<coverage>> rows;
    std::atomic<int> failures{0};
    static int32_t TPOOL_CALL row(void *context, uint64_t begin, uint64_t end) {
      auto *self = static_cast<outer *>(context);
      for (uint64_t r = begin; r < end; ++r) {
        if (tpool_parallel_for(self->pool, 0, 300, 0, &coverage::body,
                               self->rows[static_cast<size_t>(r)].get(), 1) != TPOOL_OK) {
          self->failures.fetch_add(1);
        }
      }
      return 0;
    }
  } loops{pool.get(), {}};
  for (int r = 0; r < 20; ++r) loops.rows.push_back(std::make_unique<coverage>(0, 300));
  ASSERT_EQ(tpool_parallel_for(pool.get(), 0, 20, 1, &outer::row, &loops, 1), TPOOL_OK);
  EXPECT_EQ(loops.failures.load(), 0);
  for (const auto &row : loops.rows) EXPECT_TRUE(row->every_index_once());
}

TEST(ParallelFor, AfterShutdownNothingRunsAndTheCallSaysShutDown) {
  pool_fixture pool(small_config(2));
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  coverage seen(0, 10);
  EXPECT_EQ(tpool_parallel_for(pool.get(), 0, 10, 1, &coverage::body, &seen, 1), TPOOL_E_SHUT_DOWN);
  EXPECT_TRUE(seen.chunks.empty());
}

}  // namespace
