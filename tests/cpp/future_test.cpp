// tpool/future.hpp: a task's result of every value category comes home, its
// exception too (from nested tasks as well), cancellation before the start,
// waits inside jobs that run the awaited task instead of deadlocking, and
// futures that outlive their pool.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <future>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <tpool/tpool.hpp>
#include <vector>

#include "cpp_test_support.h"
#include "test_support.h"

namespace {

using cpp_test::kPatience;
using cpp_test::ready_within;
using tpool_test::gate;
using tpool_test::small_config;

#if __cplusplus < 202002L
static_assert(TPOOL_HAS_COROUTINES == 0, "this program is the C++17 view of tpool.hpp");
#endif

// An exception type of the test's own, with a payload to recognise it by.
struct task_failure : std::runtime_error {
  explicit task_failure(int code_in) : std::runtime_error("task failure"), code(code_in) {}
  int code;
};

// No default constructor, not copyable: only moved.
class token {
 public:
  explicit token(int value) : value_(std::make_unique<int>(value)) {}
  int value() const { return *value_; }

 private:
  std::unique_ptr<int> value_;
};

TEST(TaskFuture, GetReturnsTheValue) {
  tpool::pool pool(small_config(2));
  tpool::task_future<int> future = pool.submit_task([] { return 42; });
  ASSERT_TRUE(ready_within(future));
  EXPECT_EQ(future.get(), 42);
}

TEST(TaskFuture, VoidTaskGetReturnsAfterItRan) {
  tpool::pool pool(small_config(2));
  std::atomic<int> runs{0};
  tpool::task_future<void> future = pool.submit_task([&] { runs.fetch_add(1); });
  ASSERT_TRUE(ready_within(future));
  future.get();
  EXPECT_EQ(runs.load(), 1);
}

TEST(TaskFuture, MoveOnlyResultWithoutADefaultConstructorIsMovedOutByGet) {
  tpool::pool pool(small_config(2));
  tpool::task_future<token> future = pool.submit_task([] { return token(7); });
  ASSERT_TRUE(ready_within(future));
  const token result = future.get();
  EXPECT_EQ(result.value(), 7);
}

TEST(TaskFuture, ReferenceResultRefersToTheSameObject) {
  tpool::pool pool(small_config(2));
  std::string target = "original";
  tpool::task_future<std::string &> future =
      pool.submit_task([&target]() -> std::string & { return target; });
  ASSERT_TRUE(ready_within(future));
  std::string &result = future.get();
  EXPECT_EQ(&result, &target);
}

TEST(TaskFuture, ConstAndRvalueReferenceResultsAreHeldByValue) {
  tpool::pool pool(small_config(1));
  std::string source = "moved";
  auto by_rvalue = pool.submit_task([&source]() -> std::string && { return std::move(source); });
  static_assert(std::is_same_v<decltype(by_rvalue), tpool::task_future<std::string>>);
  auto by_const = pool.submit_task([]() -> const std::string { return "const"; });
  static_assert(std::is_same_v<decltype(by_const), tpool::task_future<std::string>>);
  ASSERT_TRUE(ready_within(by_rvalue));
  ASSERT_TRUE(ready_within(by_const));
  EXPECT_EQ(by_rvalue.get(), "moved");
  EXPECT_EQ(by_const.get(), "const");
}

TEST(TaskFuture, GetLeavesTheFutureInvalid) {
  tpool::pool pool(small_config(1));
  tpool::task_future<int> future = pool.submit_task([] { return 1; });
  ASSERT_TRUE(ready_within(future));
  EXPECT_TRUE(future.valid());
  future.get();
  EXPECT_FALSE(future.valid());
  try {
    future.get();
    ADD_FAILURE() << "a second get() did not throw";
  } catch (const std::future_error &error) {
    EXPECT_EQ(error.code(), std::future_errc::no_state);
  }
}

TEST(TaskFuture, ExceptionIsRethrownByGetWithItsTypeAndPayload) {
  tpool::pool pool(small_config(2));
  tpool::task_future<int> future = pool.submit_task([]() -> int { throw task_failure(17); });
  ASSERT_TRUE(ready_within(future));
  try {
    future.get();
    ADD_FAILURE() << "get() did not throw";
  } catch (const task_failure &failure) {
    EXPECT_EQ(failure.code, 17);
  }
}

TEST(TaskFuture, ATaskThatThrewEndsFailedInThePoolsCounters) {
  tpool::pool pool(small_config(1));
  tpool::task_future<void> future = pool.submit_task([] { throw task_failure(1); });
  ASSERT_TRUE(ready_within(future));
  ASSERT_TRUE(pool.wait_idle_for(tpool_test::kPatienceMs));
  EXPECT_EQ(pool.stats().priority[TPOOL_PRIORITY_MEDIUM].failed, 1u);
}

TEST(TaskFuture, ExceptionFromANestedTaskComesHomeThroughBothGets) {
  tpool::pool pool(small_config(2));
  tpool::task_future<int> outer = pool.submit_task([&pool] {
    tpool::task_future<int> inner = pool.submit_task([]() -> int { throw task_failure(99); });
    return inner.get() + 1;  // rethrows inside the outer task
  });
  ASSERT_TRUE(ready_within(outer));
  try {
    outer.get();
    ADD_FAILURE() << "get() did not throw";
  } catch (const task_failure &failure) {
    EXPECT_EQ(failure.code, 99);
  }
}

TEST(TaskFuture, SetFailedWithoutAnExceptionMakesGetThrowFailed) {
  tpool::pool pool(small_config(1));
  tpool::task_future<int> future = pool.submit_task([](tpool::running_job &job) {
    job.set_failed();
    return 5;
  });
  ASSERT_TRUE(ready_within(future));
  try {
    future.get();
    ADD_FAILURE() << "get() did not throw";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_FAILED);
  }
}

TEST(TaskFuture, CancelOfAQueuedTaskMakesGetThrowTaskCancelledAndFreesTheCallable) {
  gate blocker;  // outlives the pool, whose destructor drains the gate job
  tpool::pool pool(small_config(1));
  cpp_test::open_at_exit release(blocker);
  pool.post([&] { blocker.pass(); }, TPOOL_PRIORITY_HIGH);
  ASSERT_TRUE(blocker.wait_inside(1));
  auto captured = std::make_shared<int>(0);
  std::weak_ptr<int> watch = captured;
  std::atomic<int> runs{0};
  tpool::task_future<int> future = pool.submit_task([captured, &runs] {
    runs.fetch_add(1);
    return 1;
  });
  captured.reset();
  EXPECT_FALSE(future.ready());
  EXPECT_EQ(future.cancel(), TPOOL_OK);
  EXPECT_TRUE(future.ready());
  EXPECT_TRUE(watch.expired());
  blocker.open();
  try {
    future.get();
    ADD_FAILURE() << "get() did not throw";
  } catch (const tpool::task_cancelled &cancelled) {
    EXPECT_EQ(cancelled.status(), TPOOL_E_CANCELLED);
  }
  ASSERT_TRUE(pool.wait_idle_for(tpool_test::kPatienceMs));
  EXPECT_EQ(runs.load(), 0);
}

TEST(TaskFuture, CancelOfARunningTaskRaisesItsCooperativeFlag) {
  tpool::pool pool(small_config(1));
  std::atomic<bool> started{false};
  tpool::task_future<bool> future = pool.submit_task([&started](tpool::running_job &job) {
    started.store(true);
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    while (!job.cancel_requested()) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::yield();
    }
    return true;
  });
  ASSERT_TRUE(tpool_test::eventually([&] { return started.load(); }));
  EXPECT_EQ(future.cancel(), TPOOL_E_JOB_RUNNING);
  ASSERT_TRUE(ready_within(future));
  EXPECT_TRUE(future.get());
}

TEST(TaskFuture, CancelOfAFinishedTaskReportsFinished) {
  tpool::pool pool(small_config(1));
  tpool::task_future<int> future = pool.submit_task([] { return 2; });
  ASSERT_TRUE(ready_within(future));
  EXPECT_EQ(future.cancel(), TPOOL_E_JOB_FINISHED);
  EXPECT_EQ(future.get(), 2);
}

TEST(TaskFuture, WaitForTimesOutWhileTheTaskIsHeldAndIsReadyOnceReleased) {
  tpool::pool pool(small_config(2));
  auto blocker = std::make_shared<gate>();
  tpool::task_future<int> future = pool.submit_task([blocker] {
    blocker->pass();
    return 3;
  });
  ASSERT_TRUE(blocker->wait_inside(1));
  EXPECT_FALSE(future.ready());
  EXPECT_EQ(future.wait_for(std::chrono::milliseconds(5)), std::future_status::timeout);
  EXPECT_EQ(future.wait_until(std::chrono::steady_clock::now()), std::future_status::timeout);
  blocker->open();
  ASSERT_TRUE(ready_within(future));
  EXPECT_TRUE(future.ready());
  EXPECT_EQ(future.get(), 3);
}

TEST(TaskFuture, GetInsideAJobOfAOneWorkerPoolRunsTheQueuedTaskOnThatWorker) {
  tpool::pool pool(small_config(1));
  tpool::task_future<bool> outer = pool.submit_task([&pool] {
    const std::thread::id here = std::this_thread::get_id();
    tpool::task_future<std::thread::id> inner =
        pool.submit_task([] { return std::this_thread::get_id(); });
    return inner.get() == here;  // the only worker is this one: it runs inner
  });
  ASSERT_TRUE(ready_within(outer));
  EXPECT_TRUE(outer.get());
}

// Fork-join through futures alone: each level waits for its children.
uint64_t fibonacci(tpool::pool &pool, unsigned n) {
  if (n < 2) return n;
  tpool::task_future<uint64_t> left =
      pool.submit_task([&pool, n] { return fibonacci(pool, n - 1); });
  const uint64_t right = fibonacci(pool, n - 2);
  return left.get() + right;
}

TEST(TaskFuture, RecursiveGetsOnAOneWorkerPoolComplete) {
  tpool::pool pool(small_config(1));
  tpool::task_future<uint64_t> root = pool.submit_task([&pool] { return fibonacci(pool, 15); });
  ASSERT_TRUE(ready_within(root));
  EXPECT_EQ(root.get(), 610u);
}

TEST(TaskFuture, WaitingForItselfThrowsWouldDeadlock) {
  tpool::pool pool(small_config(2));
  std::promise<tpool::shared_task_future<int>> self;
  std::shared_future<tpool::shared_task_future<int>> self_future = self.get_future().share();
  tpool::task_future<int> future = pool.submit_task([self_future] {
    if (self_future.wait_for(kPatience) != std::future_status::ready) return -1;
    try {
      self_future.get().wait_for(kPatience);  // throws before it waits
      return 0;
    } catch (const tpool::error &error) {
      return static_cast<int>(error.status());
    }
  });
  tpool::shared_task_future<int> shared = future.share();
  self.set_value(shared);
  ASSERT_TRUE(ready_within(shared));
  EXPECT_EQ(shared.get(), TPOOL_E_WOULD_DEADLOCK);
}

TEST(TaskFuture, SubmitAfterShutdownThrowsShutDown) {
  tpool::pool pool(small_config(1));
  pool.shutdown();
  try {
    pool.submit_task([] { return 1; });
    ADD_FAILURE() << "submit_task did not throw";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_SHUT_DOWN);
  }
}

TEST(TaskFuture, TheCallablesCapturesAreFreedWhenTheTaskEnds) {
  tpool::pool pool(small_config(1));
  auto captured = std::make_shared<int>(0);
  std::weak_ptr<int> watch = captured;
  tpool::task_future<int> future = pool.submit_task([captured] { return *captured; });
  captured.reset();
  ASSERT_TRUE(ready_within(future));
  EXPECT_TRUE(watch.expired());  // before get(): the future keeps only the result
  EXPECT_EQ(future.get(), 0);
}

TEST(SharedTaskFuture, EveryCopyReadsTheSameValueFromSeveralThreads) {
  tpool::pool pool(small_config(2));
  tpool::shared_task_future<std::string> shared =
      pool.submit_task([] { return std::string("shared value"); }).share();
  std::vector<std::thread> readers;
  std::atomic<int> matches{0};
  for (int i = 0; i < 4; ++i) {
    readers.emplace_back([copy = shared, &matches] {
      if (ready_within(copy) && copy.get() == "shared value") matches.fetch_add(1);
    });
  }
  for (std::thread &reader : readers) reader.join();
  EXPECT_EQ(matches.load(), 4);
  EXPECT_EQ(&shared.get(), &tpool::shared_task_future<std::string>(shared).get());
}

TEST(SharedTaskFuture, ExceptionIsRethrownToEveryReader) {
  tpool::pool pool(small_config(1));
  tpool::shared_task_future<int> shared =
      pool.submit_task([]() -> int { throw task_failure(5); }).share();
  ASSERT_TRUE(ready_within(shared));
  for (int i = 0; i < 2; ++i) {
    EXPECT_THROW(shared.get(), task_failure);
  }
}

TEST(FutureWhenAll, GetReturnsTheValuesInTheOrderOfTheFutures) {
  tpool::pool pool(small_config(2));
  std::vector<tpool::task_future<int>> futures;
  for (int i = 0; i < 50; ++i) futures.push_back(pool.submit_task([i] { return i * i; }));
  tpool::future_set<int> all = tpool::when_all(futures.begin(), futures.end());
  ASSERT_TRUE(ready_within(all));
  const std::vector<int> values = all.get();
  ASSERT_EQ(values.size(), 50u);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(values[static_cast<size_t>(i)], i * i);
}

TEST(FutureWhenAll, GetRethrowsTheFirstExceptionInOrderOnceEveryTaskEnded) {
  tpool::pool pool(small_config(2));
  std::atomic<int> ended{0};
  std::vector<tpool::task_future<void>> futures;
  for (int i = 0; i < 10; ++i) {
    futures.push_back(pool.submit_task([i, &ended] {
      ended.fetch_add(1);
      if (i == 3 || i == 7) throw task_failure(i);
    }));
  }
  tpool::future_set<void> all = tpool::when_all(std::move(futures));
  ASSERT_TRUE(ready_within(all));
  try {
    all.get();
    ADD_FAILURE() << "get() did not throw";
  } catch (const task_failure &failure) {
    EXPECT_EQ(failure.code, 3);
  }
  EXPECT_EQ(ended.load(), 10);
}

TEST(FutureWhenAll, WaitForTimesOutWhileOneTaskIsHeld) {
  tpool::pool pool(small_config(2));
  auto blocker = std::make_shared<gate>();
  std::vector<tpool::task_future<int>> futures;
  futures.push_back(pool.submit_task([] { return 1; }));
  futures.push_back(pool.submit_task([blocker] {
    blocker->pass();
    return 2;
  }));
  tpool::future_set<int> all = tpool::when_all(std::move(futures));
  ASSERT_TRUE(blocker->wait_inside(1));
  EXPECT_EQ(all.wait_for(std::chrono::milliseconds(5)), std::future_status::timeout);
  EXPECT_FALSE(all.ready());
  blocker->open();
  ASSERT_TRUE(ready_within(all));
  EXPECT_EQ(all.get(), (std::vector<int>{1, 2}));
}

TEST(FutureWhenAll, ReferencesComeBackAsReferenceWrappers) {
  tpool::pool pool(small_config(1));
  int first = 1;
  int second = 2;
  std::vector<tpool::task_future<int &>> futures;
  futures.push_back(pool.submit_task([&first]() -> int & { return first; }));
  futures.push_back(pool.submit_task([&second]() -> int & { return second; }));
  tpool::future_set<int &> all = tpool::when_all(std::move(futures));
  ASSERT_TRUE(ready_within(all));
  const std::vector<std::reference_wrapper<int>> values = all.get();
  EXPECT_EQ(&values[0].get(), &first);
  EXPECT_EQ(&values[1].get(), &second);
}

// Opens a gate when the pool logs the start of its shutdown: the tasks
// behind the gate are certainly still queued when the destructor begins.
struct open_at_shutdown {
  gate *blocker;
  static void TPOOL_CALL log(void *user, tpool_log_level, const char *message) {
    if (std::strncmp(message, "shutting down", 13) == 0) {
      static_cast<open_at_shutdown *>(user)->blocker->open();
    }
  }
};

TEST(FuturePoolDestruction, EveryFuturePendingAtTheDestructorIsReadyAfterIt) {
  gate blocker;
  open_at_shutdown opener{&blocker};
  std::vector<tpool::task_future<int>> futures;
  {
    tpool_config config = small_config(1);
    config.log_fn = &open_at_shutdown::log;
    config.log_user = &opener;
    config.log_level = TPOOL_LOG_INFO;
    tpool::pool pool(config);
    pool.post([&] { blocker.pass(); }, TPOOL_PRIORITY_HIGH);
    ASSERT_TRUE(blocker.wait_inside(1));
    for (int i = 0; i < 100; ++i) futures.push_back(pool.submit_task([i] { return i; }));
    EXPECT_FALSE(futures.back().ready());
  }  // drains: the gate opens when the shutdown begins, then every task runs
  for (int i = 0; i < 100; ++i) {
    tpool::task_future<int> &future = futures[static_cast<size_t>(i)];
    ASSERT_TRUE(future.ready());
    EXPECT_EQ(future.get(), i);
  }
}

TEST(FuturePoolDestruction, ACancelShutdownMakesQueuedTasksThrowTaskCancelled) {
  gate blocker;
  tpool::pool pool(small_config(1));
  cpp_test::open_at_exit release(blocker);
  pool.post([&] { blocker.pass(); }, TPOOL_PRIORITY_HIGH);
  ASSERT_TRUE(blocker.wait_inside(1));
  tpool::task_future<int> future = pool.submit_task([] { return 1; });
  EXPECT_EQ(pool.shutdown(TPOOL_SHUTDOWN_CANCEL, 0), TPOOL_E_TIMEOUT);  // the gate job still runs
  EXPECT_TRUE(future.ready());
  EXPECT_THROW(future.get(), tpool::task_cancelled);
  blocker.open();
}

}  // namespace
