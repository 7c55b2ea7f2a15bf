// tpool/algorithm.hpp and pool::parallel_for: every element once, reductions
// equal to the sequential loop (in order, for a non-commutative combine),
// and an exception in a body that stops the loop and comes home at the call.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tpool/tpool.hpp>
#include <vector>

#include "cpp_test_support.h"
#include "test_support.h"

namespace {

using cpp_test::ready_within;
using tpool_test::small_config;

struct body_failure : std::runtime_error {
  explicit body_failure(uint64_t index_in) : std::runtime_error("body failure"), index(index_in) {}
  uint64_t index;
};

// Copyable, but without a default constructor.
struct total {
  explicit total(uint64_t value_in) : value(value_in) {}
  uint64_t value;
};

TEST(ParallelForEach, VisitsEveryElementExactlyOnce) {
  tpool::pool pool(small_config(2));
  std::vector<std::atomic<int>> visits(10000);
  tpool::parallel_for_each(pool, visits.begin(), visits.end(),
                           [](std::atomic<int> &visit) { visit.fetch_add(1); });
  for (const std::atomic<int> &visit : visits) ASSERT_EQ(visit.load(), 1);
}

TEST(ParallelForEach, AnEmptyRangeCallsNothing) {
  tpool::pool pool(small_config(1));
  std::vector<int> empty;
  std::atomic<int> calls{0};
  tpool::parallel_for_each(pool, empty.begin(), empty.end(), [&](int) { calls.fetch_add(1); });
  EXPECT_EQ(calls.load(), 0);
}

TEST(ParallelForEach, AnExceptionIsRethrownAtTheCallWithItsType) {
  tpool::pool pool(small_config(2));
  std::vector<uint64_t> indices(1000);
  std::iota(indices.begin(), indices.end(), uint64_t{0});
  try {
    tpool::parallel_for_each(pool, indices.begin(), indices.end(), [](uint64_t index) {
      if (index == 500) throw body_failure(index);
    });
    ADD_FAILURE() << "parallel_for_each did not throw";
  } catch (const body_failure &failure) {
    EXPECT_EQ(failure.index, 500u);
  }
}

// Inside a job of a one-worker pool the loop has no helper: the calling
// worker runs every chunk in order, so what the exception stops is exact.
TEST(ParallelForEach, AnExceptionStopsTheChunksNotYetStarted) {
  tpool::pool pool(small_config(1));
  std::vector<uint64_t> indices(1000);
  std::iota(indices.begin(), indices.end(), uint64_t{0});
  std::atomic<uint64_t> visited{0};
  tpool::task_future<void> loop = pool.submit_task([&] {
    tpool::parallel_for_each(
        pool, indices.begin(), indices.end(),
        [&](uint64_t index) {
          visited.fetch_add(1);
          if (index == 10) throw body_failure(index);
        },
        /*grain=*/1);
  });
  ASSERT_TRUE(ready_within(loop));
  EXPECT_THROW(loop.get(), body_failure);
  EXPECT_EQ(visited.load(), 11u);
}

TEST(ParallelForEach, OnOneThreadTheLowestThrowingIndexIsTheOneRethrown) {
  tpool::pool pool(small_config(1));
  std::vector<uint64_t> indices(100);
  std::iota(indices.begin(), indices.end(), uint64_t{0});
  tpool::task_future<uint64_t> loop = pool.submit_task([&]() -> uint64_t {
    try {
      tpool::parallel_for_each(
          pool, indices.begin(), indices.end(),
          [](uint64_t index) {
            if (index == 3 || index == 7) throw body_failure(index);
          },
          /*grain=*/5);
    } catch (const body_failure &failure) {
      return failure.index;
    }
    return 0;
  });
  ASSERT_TRUE(ready_within(loop));
  EXPECT_EQ(loop.get(), 3u);
}

TEST(ParallelInvoke, OfTwoBodiesThatBothThrowExactlyOneExceptionComesHome) {
  tpool::pool pool(small_config(2));
  std::atomic<int> entered{0};
  auto thrower = [&entered](uint64_t index) {
    return [&entered, index] {
      entered.fetch_add(1);
      // Both are inside before either throws, so both exceptions are caught.
      tpool_test::eventually([&] { return entered.load() == 2; });
      throw body_failure(index);
    };
  };
  try {
    tpool::parallel_invoke(pool, thrower(1), thrower(2));
    ADD_FAILURE() << "parallel_invoke did not throw";
  } catch (const body_failure &failure) {
    EXPECT_TRUE(failure.index == 1 || failure.index == 2);
  }
  EXPECT_EQ(entered.load(), 2);
}

TEST(ParallelReduce, SumOverAnIndexRangeEqualsTheSequentialSum) {
  tpool::pool pool(small_config(2));
  const uint64_t count = 1000000;
  const uint64_t sum = tpool::parallel_reduce(
      pool, tpool::index_range{0, count}, uint64_t{0},
      [](tpool::index_range chunk, uint64_t accumulator) {
        for (uint64_t i = chunk.begin; i < chunk.end; ++i) accumulator += i * 3;
        return accumulator;
      },
      std::plus<>());
  EXPECT_EQ(sum, 3 * (count * (count - 1) / 2));
}

// The chunk at index 0 finishes last (it waits until another chunk has
// finished), so its partial result arrives after others: the combine must
// still see it first.
TEST(ParallelReduce, ANonCommutativeCombineSeesThePartialsInIndexOrder) {
  tpool::pool pool(small_config(2));
  std::string letters;
  for (int i = 0; i < 2000; ++i) letters.push_back(static_cast<char>('a' + i % 26));
  std::atomic<int> other_chunks_done{0};
  const std::string joined = tpool::parallel_reduce(
      pool, tpool::index_range{0, letters.size()}, std::string(),
      [&](tpool::index_range chunk, std::string accumulator) {
        if (chunk.begin == 0) {
          EXPECT_TRUE(tpool_test::eventually([&] { return other_chunks_done.load() > 0; }));
        }
        accumulator.append(letters, static_cast<size_t>(chunk.begin),
                           static_cast<size_t>(chunk.size()));
        if (chunk.begin != 0) other_chunks_done.fetch_add(1);
        return accumulator;
      },
      [](std::string left, const std::string &right) { return left + right; }, /*grain=*/7);
  EXPECT_EQ(joined, letters);
}

TEST(ParallelReduce, TheElementFormFoldsEveryElementInOrder) {
  tpool::pool pool(small_config(2));
  std::string letters;
  for (int i = 0; i < 2000; ++i) letters.push_back(static_cast<char>('a' + i % 26));
  const std::string joined = tpool::parallel_reduce(
      pool, letters.begin(), letters.end(), std::string(),
      [](std::string accumulator, char letter) {
        accumulator.push_back(letter);
        return accumulator;
      },
      [](std::string left, const std::string &right) { return left + right; }, /*grain=*/7);
  EXPECT_EQ(joined, letters);
}

TEST(ParallelReduce, AResultTypeWithoutADefaultConstructorWorks) {
  tpool::pool pool(small_config(2));
  std::vector<uint64_t> values(5000, 2);
  const total result = tpool::parallel_reduce(
      pool, values.begin(), values.end(), total(0),
      [](total accumulator, uint64_t value) { return total(accumulator.value + value); },
      [](total left, total right) { return total(left.value + right.value); });
  EXPECT_EQ(result.value, 10000u);
}

TEST(ParallelReduce, AnEmptyRangeReturnsTheIdentity) {
  tpool::pool pool(small_config(1));
  EXPECT_EQ(tpool::parallel_reduce(
                pool, tpool::index_range{5, 5}, 42,
                [](tpool::index_range, int) -> int { throw body_failure(0); }, std::plus<>()),
            42);
}

TEST(ParallelReduce, AnExceptionInReduceIsRethrownAtTheCall) {
  tpool::pool pool(small_config(2));
  EXPECT_THROW(tpool::parallel_reduce(
                   pool, tpool::index_range{0, 1000}, 0,
                   [](tpool::index_range chunk, int accumulator) {
                     if (chunk.begin <= 600 && 600 < chunk.end) throw body_failure(600);
                     return accumulator + static_cast<int>(chunk.size());
                   },
                   std::plus<>()),
               body_failure);
}

TEST(ParallelInvoke, RunsEveryFunctionOnce) {
  tpool::pool pool(small_config(2));
  std::atomic<int> first{0};
  std::atomic<int> second{0};
  std::atomic<int> third{0};
  tpool::parallel_invoke(
      pool, [&] { first.fetch_add(1); }, [&] { second.fetch_add(1); }, [&] { third.fetch_add(1); });
  EXPECT_EQ(first.load(), 1);
  EXPECT_EQ(second.load(), 1);
  EXPECT_EQ(third.load(), 1);
}

TEST(ParallelInvoke, AnExceptionIsRethrownOnceTheStartedFunctionsEnded) {
  tpool::pool pool(small_config(2));
  std::atomic<int> ended{0};
  try {
    tpool::parallel_invoke(
        pool, [&] { ended.fetch_add(1); }, [&]() { throw body_failure(1); },
        [&] { ended.fetch_add(1); });
    ADD_FAILURE() << "parallel_invoke did not throw";
  } catch (const body_failure &failure) {
    EXPECT_EQ(failure.index, 1u);
  }
  EXPECT_LE(ended.load(), 2);
}

TEST(PoolParallelFor, ALambdaRunsOverEveryIndexOnce) {
  tpool::pool pool(small_config(2));
  std::vector<std::atomic<int>> hits(1000);
  pool.parallel_for(0, 1000, [&](uint64_t begin, uint64_t end) {
    for (uint64_t i = begin; i < end; ++i) hits[static_cast<size_t>(i)].fetch_add(1);
  });
  for (const std::atomic<int> &hit : hits) ASSERT_EQ(hit.load(), 1);
}

TEST(PoolParallelFor, TheMemberRethrowsTheBodysOwnException) {
  tpool::pool pool(small_config(2));
  try {
    pool.parallel_for(0, 1000, [](uint64_t begin, uint64_t end) {
      if (begin <= 123 && 123 < end) throw body_failure(123);
    });
    ADD_FAILURE() << "parallel_for did not throw";
  } catch (const body_failure &failure) {
    EXPECT_EQ(failure.index, 123u);
  }
}

TEST(PoolParallelFor, AnExceptionFromANestedLoopComesHomeThroughTheOuterLoopAndATask) {
  tpool::pool pool(small_config(2));
  tpool::task_future<void> outer = pool.submit_task([&pool] {
    pool.parallel_for(
        0, 4,
        [&pool](uint64_t begin, uint64_t) {
          pool.parallel_for(0, 100, [begin](uint64_t inner_begin, uint64_t inner_end) {
            if (begin == 2 && inner_begin <= 50 && 50 < inner_end) throw body_failure(250);
          });
        },
        /*grain=*/1);
  });
  ASSERT_TRUE(ready_within(outer));
  try {
    outer.get();
    ADD_FAILURE() << "get() did not throw";
  } catch (const body_failure &failure) {
    EXPECT_EQ(failure.index, 250u);
  }
}

}  // namespace
