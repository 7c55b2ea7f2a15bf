// An idle pool parks its workers: it burns (almost) no CPU.
#include <gtest/gtest.h>

#include <cstdio>

#include "process_usage.h"
#include "test_support.h"

namespace {
using namespace tpool_test;

TEST(IdlePool, UsesAlmostNoCpuForOneSecond) {
  pool_fixture pool(small_config(4));
  // Some work first, so the workers have been through spin and park.
  for (int i = 0; i < 100; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), &noop_job, nullptr, i % 3, nullptr), TPOOL_OK);
  }
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));

  const uint64_t cpu_before = test_support::process_cpu_time_ns();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const uint64_t cpu_used = test_support::process_cpu_time_ns() - cpu_before;
  if (cpu_before == 0) GTEST_SKIP() << "process CPU time unavailable here";
  // The target is < 1 ms; the assertion is loose so that a busy CI host
  // (sanitizer runtimes, Wine's own threads) cannot make it flaky.
  std::printf("idle pool CPU over 1 s: %.3f ms\n", static_cast<double>(cpu_used) / 1e6);
  EXPECT_LT(cpu_used, 50000000u);
}

}  // namespace
