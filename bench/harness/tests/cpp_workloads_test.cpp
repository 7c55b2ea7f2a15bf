// The C++ comparison workloads (bench/peers/fork_join_workload.h,
// reduce_workload.h): every runner built here returns the exact result, at
// tiny and larger leaves, with one worker and with several.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "fork_join_workload.h"
#include "reduce_workload.h"

namespace {

TEST(ForkJoinWorkload, FibonacciIsExact) {
  EXPECT_EQ(bench::fibonacci(0), 0u);
  EXPECT_EQ(bench::fibonacci(1), 1u);
  EXPECT_EQ(bench::fibonacci(2), 1u);
  EXPECT_EQ(bench::fibonacci(20), 6765u);
  EXPECT_EQ(bench::fibonacci(93), 12200160415121876738u);
}

TEST(ForkJoinWorkload, EveryRunnerReturnsFibonacciOnOneAndOnSeveralWorkers) {
  for (const std::string &name : bench::available_fork_join_runners()) {
    for (uint32_t workers : {1u, 3u}) {
      std::string error;
      auto runner = bench::make_fork_join_runner(name, workers, &error);
      ASSERT_NE(runner, nullptr) << name << ": " << error;
      for (unsigned leaf : {2u, 8u}) {
        uint64_t result = 0;
        ASSERT_TRUE(runner->run(18, leaf, &result)) << name;
        EXPECT_EQ(result, bench::fibonacci(18))
            << name << " with " << workers << " workers, leaf " << leaf;
      }
    }
  }
}

TEST(ReduceWorkload, EveryRunnerReturnsTheSequentialSum) {
  const uint64_t count = 1000003;
  const uint64_t expected = bench::reduce_expected(count);
  for (const std::string &name : bench::available_reduce_runners()) {
    for (uint32_t workers : {1u, 3u}) {
      std::string error;
      auto runner = bench::make_reduce_runner(name, workers, &error);
      ASSERT_NE(runner, nullptr) << name << ": " << error;
      uint64_t result = 0;
      ASSERT_TRUE(runner->run(count, &result)) << name;
      EXPECT_EQ(result, expected) << name << " with " << workers << " workers";
    }
  }
}

TEST(ReduceWorkload, AnUnknownRunnerIsRefusedWithAReason) {
  std::string error;
  EXPECT_EQ(bench::make_reduce_runner("nonesuch", 1, &error), nullptr);
  EXPECT_NE(error.find("nonesuch"), std::string::npos);
  error.clear();
  EXPECT_EQ(bench::make_fork_join_runner("nonesuch", 1, &error), nullptr);
  EXPECT_NE(error.find("nonesuch"), std::string::npos);
}

}  // namespace
