// tpool.hpp's timers and waits: callables run as instances, are freed exactly
// once (when the timer or wait retires), and exceptions end an instance
// FAILED without leaving the caller's module.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>
#include <tpool/tpool.hpp>

#include "os_event.h"
#include "test_support.h"

namespace {

using tpool_test::eventually;
using tpool_test::small_config;

TEST(CppTimer, RunAfterCallsTheCallableOnceAndFreesItWhenReleased) {
  tpool::pool pool(small_config(2));
  auto alive = std::make_shared<int>(0);
  std::atomic<int> calls{0};
  tpool::timer timer = tpool::run_after(pool, 1, [alive, &calls] { calls.fetch_add(1); });
  ASSERT_TRUE(eventually([&] { return calls.load() == 1; }));
  ASSERT_TRUE(eventually([&] { return timer.state() == TPOOL_TIMER_IDLE; }));
  timer.reset();
  EXPECT_EQ(alive.use_count(), 1);
  EXPECT_EQ(calls.load(), 1);
}

TEST(CppTimer, RunEveryRepeatsUntilCancelled) {
  tpool::pool pool(small_config(2));
  std::atomic<int> calls{0};
  tpool::timer timer = tpool::run_every(pool, 1, [&calls](tpool::running_job &) { ++calls; });
  ASSERT_TRUE(eventually([&] { return calls.load() >= 3; }));
  EXPECT_EQ(timer.cancel(), TPOOL_OK);
  const int after_cancel = calls.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(calls.load(), after_cancel);
  EXPECT_EQ(timer.state(), TPOOL_TIMER_CANCELLED);
  EXPECT_GE(timer.fired(), 3u);
}

TEST(CppTimer, AnExceptionMakesTheInstanceFailed) {
  tpool::pool pool(small_config(1));
  tpool::timer timer = tpool::run_after(pool, 0, [] { throw std::runtime_error("boom"); });
  ASSERT_TRUE(eventually([&] { return pool.stats().priority[TPOOL_PRIORITY_MEDIUM].failed == 1; }));
  EXPECT_EQ(pool.stats().priority[TPOOL_PRIORITY_MEDIUM].done, 0u);
}

TEST(CppTimer, SetOnACancelledTimerThrowsCancelled) {
  tpool::pool pool(small_config(1));
  tpool::timer timer = tpool::run_after(pool, 60000, [] {});
  timer.cancel();
  try {
    timer.set(0);
    ADD_FAILURE() << "set did not throw";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_CANCELLED);
  }
}

TEST(CppTimer, AnArmedTimerFreesItsCallableWhenThePoolShutsDown) {
  auto alive = std::make_shared<int>(0);
  tpool::timer timer;
  {
    tpool::pool pool(small_config(1));
    timer = tpool::start_timer(pool, TPOOL_TIMER_FIXED_DELAY, 60000, 1000, [alive] {});
  }
  EXPECT_EQ(alive.use_count(), 1);
  EXPECT_EQ(timer.state(), TPOOL_TIMER_SHUT_DOWN);
}

TEST(CppWait, WaitForPassesTheResultAndFreesTheCallable) {
  tpool::pool pool(small_config(2));
  test_support::os_event event;
  auto alive = std::make_shared<int>(0);
  std::atomic<int> result{-1};
  tpool::object_wait wait =
      tpool::wait_for(pool, event.object(), TPOOL_INFINITE,
                      [alive, &result](tpool_object_wait_result r) { result = r; });
  ASSERT_TRUE(event.signal());
  ASSERT_TRUE(eventually([&] { return alive.use_count() == 1; }));
  EXPECT_EQ(result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  EXPECT_EQ(wait.cancel(), TPOOL_E_JOB_FINISHED);
}

TEST(CppWait, ACancelledWaitNeverCallsItsCallable) {
  tpool::pool pool(small_config(1));
  test_support::os_event event;
  std::atomic<int> calls{0};
  tpool::object_wait wait = tpool::wait_for(
      pool, event.object(), TPOOL_INFINITE,
      [&calls](tpool::running_job &, tpool_object_wait_result) { calls.fetch_add(1); });
  EXPECT_EQ(wait.cancel(), TPOOL_OK);
  ASSERT_TRUE(event.signal());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(calls.load(), 0);
}

TEST(CppWait, AnObjectThatIsNotOpenThrowsInvalidArgument) {
  tpool::pool pool(small_config(1));
  try {
    tpool::wait_for(pool, -1, 10, [](tpool_object_wait_result) {});
    ADD_FAILURE() << "wait_for did not throw";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_INVALID_ARGUMENT);
  }
}

}  // namespace
