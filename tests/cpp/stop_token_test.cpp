// A task whose callable takes a std::stop_token (C++20): task_future::cancel
// requests the stop, and the stop callbacks run on the cancelling thread,
// because the request is made there, by the future, in this module.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stop_token>
#include <thread>
#include <tpool/tpool.hpp>

#include "cpp_test_support.h"
#include "test_support.h"

namespace {

using cpp_test::ready_within;
using tpool_test::small_config;

static_assert(TPOOL_HAS_STOP_TOKEN == 1, "this program is the C++20 view of tpool.hpp");

TEST(StopToken, CancelOfARunningTaskRequestsStopAndRunsTheCallbackOnTheCancellingThread) {
  tpool::pool pool(small_config(1));
  std::atomic<bool> started{false};
  std::atomic<bool> callback_on_canceller{false};
  const std::thread::id canceller = std::this_thread::get_id();
  tpool::task_future<bool> future = pool.submit_task([&](std::stop_token token) {
    std::stop_callback on_stop(
        token, [&] { callback_on_canceller.store(std::this_thread::get_id() == canceller); });
    started.store(true);
    const auto deadline = std::chrono::steady_clock::now() + cpp_test::kPatience;
    while (!token.stop_requested()) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::yield();
    }
    return true;
  });
  ASSERT_TRUE(tpool_test::eventually([&] { return started.load(); }));
  EXPECT_EQ(future.cancel(), TPOOL_E_JOB_RUNNING);
  EXPECT_TRUE(callback_on_canceller.load());
  ASSERT_TRUE(ready_within(future));
  EXPECT_TRUE(future.get());
}

TEST(StopToken, TheTokenOfATaskNobodyCancelsCanStopButIsNotStopped) {
  tpool::pool pool(small_config(1));
  tpool::task_future<bool> future = pool.submit_task(
      [](std::stop_token token) { return token.stop_possible() && !token.stop_requested(); });
  ASSERT_TRUE(ready_within(future));
  EXPECT_TRUE(future.get());
}

TEST(StopToken, ACallableThatTakesRunningJobGetsItInsteadOfAToken) {
  tpool::pool pool(small_config(1));
  tpool::task_future<int32_t> future =
      pool.submit_task([](tpool::running_job &job) { return job.priority(); }, TPOOL_PRIORITY_LOW);
  ASSERT_TRUE(ready_within(future));
  EXPECT_EQ(future.get(), TPOOL_PRIORITY_LOW);
}

}  // namespace
