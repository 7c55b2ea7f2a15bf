// tpool/coro.hpp (C++20): coroutines resume on the workers of the pool they
// scheduled on, after timers and on object waits; tasks of every value
// category; exceptions through nested awaits; when_all; thousands of
// coroutines at once; no worker blocked by a suspended coroutine; and
// cancelled resumptions that still resume, with tpool::task_cancelled.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <tpool/tpool.hpp>
#include <vector>

#include "cpp_test_support.h"
#include "os_event.h"
#include "test_support.h"

namespace {

static_assert(TPOOL_HAS_COROUTINES == 1, "this program is the C++20 view of tpool.hpp");

using cpp_test::finish_within_patience;
using cpp_test::ready_within;
using cpp_test::within_patience;
using tpool_test::gate;
using tpool_test::small_config;

struct coroutine_failure : std::runtime_error {
  explicit coroutine_failure(int code_in)
      : std::runtime_error("coroutine failure"), code(code_in) {}
  int code;
};

// The thread of a one-worker pool's only worker.
std::thread::id worker_of(tpool::pool &pool) {
  tpool::task_future<std::thread::id> id =
      pool.submit_task([] { return std::this_thread::get_id(); });
  if (!ready_within(id)) return {};
  return id.get();
}

tpool::task<std::thread::id> thread_after_schedule(tpool::pool &pool) {
  co_await pool.schedule();
  co_return std::this_thread::get_id();
}

TEST(Coroutine, ScheduleResumesOnAWorkerOfThePool) {
  tpool::pool pool(small_config(1));
  const std::thread::id worker = worker_of(pool);
  EXPECT_EQ(finish_within_patience(thread_after_schedule(pool)), worker);
}

// Records which pool's worker ran each step.
tpool::task<std::vector<std::thread::id>> hop(tpool::pool &first, tpool::pool &second) {
  std::vector<std::thread::id> steps;
  co_await first.schedule();
  steps.push_back(std::this_thread::get_id());
  co_await second.after(std::chrono::milliseconds(1));
  steps.push_back(std::this_thread::get_id());
  co_await first.after(std::chrono::milliseconds(0), TPOOL_PRIORITY_HIGH);
  steps.push_back(std::this_thread::get_id());
  co_await second.schedule(TPOOL_PRIORITY_LOW);
  steps.push_back(std::this_thread::get_id());
  co_return steps;
}

TEST(Coroutine, HopsBetweenPoolsAndTimersResumeOnTheRightWorkers) {
  tpool::pool first(small_config(1));
  tpool::pool second(small_config(1));
  const std::thread::id first_worker = worker_of(first);
  const std::thread::id second_worker = worker_of(second);
  const std::vector<std::thread::id> steps = finish_within_patience(hop(first, second));
  EXPECT_EQ(steps, (std::vector<std::thread::id>{first_worker, second_worker, first_worker,
                                                 second_worker}));
}

tpool::task<std::chrono::steady_clock::duration> time_after(tpool::pool &pool,
                                                            std::chrono::milliseconds delay) {
  const auto start = std::chrono::steady_clock::now();
  co_await pool.after(delay);
  co_return std::chrono::steady_clock::now() - start;
}

TEST(Coroutine, AfterNeverResumesBeforeItsDelay) {
  tpool::pool pool(small_config(1));
  const auto delay = std::chrono::milliseconds(20);
  EXPECT_GE(finish_within_patience(time_after(pool, delay)), delay);
}

tpool::task<tpool_object_wait_result> wait_on(tpool::pool &pool, intptr_t object,
                                              std::chrono::milliseconds timeout) {
  co_return co_await tpool::signalled(pool, object, timeout);
}

TEST(Coroutine, SignalledYieldsSignalledOnceTheObjectIsSignalled) {
  tpool::pool pool(small_config(1));
  test_support::os_event event;
  ASSERT_TRUE(event.valid());
  ASSERT_TRUE(event.signal());
  EXPECT_EQ(finish_within_patience(wait_on(pool, event.object(), cpp_test::kPatience)),
            TPOOL_OBJECT_WAIT_SIGNALLED);
}

TEST(Coroutine, SignalledYieldsTimedOutWhenTheTimeoutPasses) {
  tpool::pool pool(small_config(1));
  test_support::os_event event;
  ASSERT_TRUE(event.valid());
  EXPECT_EQ(finish_within_patience(wait_on(pool, event.object(), std::chrono::milliseconds(5))),
            TPOOL_OBJECT_WAIT_TIMED_OUT);
}

TEST(Coroutine, SignalledOnAnObjectThatIsNotOpenThrowsInvalidArgumentAtTheAwait) {
  tpool::pool pool(small_config(1));
  try {
    finish_within_patience(wait_on(pool, -1, std::chrono::milliseconds(5)));
    ADD_FAILURE() << "the co_await did not throw";
  } catch (const tpool::error &error) {
    EXPECT_EQ(error.status(), TPOOL_E_INVALID_ARGUMENT);
  }
}

// A coroutine suspended on an object wait holds no worker: with one worker,
// a task submitted meanwhile still runs.
tpool::task<int> park_on(tpool::pool &pool, intptr_t object, std::atomic<int> &parked) {
  co_await pool.schedule();
  parked.fetch_add(1);
  const tpool_object_wait_result result = co_await tpool::signalled(pool, object);
  co_return result == TPOOL_OBJECT_WAIT_SIGNALLED ? 1 : 0;
}

TEST(Coroutine, ASuspendedCoroutineNeverBlocksAWorker) {
  tpool::pool pool(small_config(1));
  constexpr int kCoroutines = 8;
  std::vector<std::unique_ptr<test_support::os_event>> events;
  std::vector<tpool::task<int>> parked_tasks;
  std::atomic<int> parked{0};
  for (int i = 0; i < kCoroutines; ++i) {
    events.push_back(std::make_unique<test_support::os_event>());
    ASSERT_TRUE(events.back()->valid());
    parked_tasks.push_back(park_on(pool, events.back()->object(), parked));
  }
  auto everything = std::make_shared<cpp_test::outcome<std::vector<int>>>();
  cpp_test::drive(tpool::when_all(std::move(parked_tasks)), everything);
  ASSERT_TRUE(tpool_test::eventually([&] { return parked.load() == kCoroutines; }));
  tpool::task_future<int> meanwhile = pool.submit_task([] { return 5; });
  ASSERT_TRUE(ready_within(meanwhile));  // the only worker is free
  EXPECT_EQ(meanwhile.get(), 5);
  for (auto &event : events) ASSERT_TRUE(event->signal());
  EXPECT_EQ(everything->take(), std::vector<int>(kCoroutines, 1));
}

// No default constructor, not copyable.
class token {
 public:
  explicit token(int value) : value_(std::make_unique<int>(value)) {}
  int value() const { return *value_; }

 private:
  std::unique_ptr<int> value_;
};

tpool::task<token> make_token(tpool::pool &pool, int value) {
  co_await pool.schedule();
  co_return token(value);
}

int shared_number = 11;
tpool::task<int &> refer(tpool::pool &pool) {
  co_await pool.schedule();
  co_return shared_number;
}

tpool::task<void> nothing(tpool::pool &pool, std::atomic<int> &runs) {
  co_await pool.schedule();
  runs.fetch_add(1);
}

tpool::task<int> sum_of_categories(tpool::pool &pool, std::atomic<int> &runs) {
  token moved = co_await make_token(pool, 30);
  int &referred = co_await refer(pool);
  co_await nothing(pool, runs);
  co_return moved.value() + referred + (&referred == &shared_number ? 1 : 0);
}

TEST(Task, YieldsResultsOfEveryValueCategory) {
  tpool::pool pool(small_config(2));
  std::atomic<int> runs{0};
  EXPECT_EQ(finish_within_patience(sum_of_categories(pool, runs)), 42);
  EXPECT_EQ(runs.load(), 1);
}

TEST(Task, DoesNotStartUntilItIsAwaited) {
  tpool::pool pool(small_config(1));
  std::atomic<int> runs{0};
  tpool::task<void> lazy = nothing(pool, runs);
  EXPECT_EQ(pool.stats().priority[TPOOL_PRIORITY_MEDIUM].submitted, 0u);  // no schedule() yet
  finish_within_patience(std::move(lazy));
  EXPECT_EQ(runs.load(), 1);
}

TEST(Task, DestroyingATaskThatNeverStartedFreesItsFrame) {
  tpool::pool pool(small_config(1));
  auto captured = std::make_shared<int>(0);
  std::weak_ptr<int> watch = captured;
  {
    auto holder = [](std::shared_ptr<int> keep, tpool::pool &owner) -> tpool::task<int> {
      co_await owner.schedule();
      co_return *keep;
    };
    tpool::task<int> never = holder(std::move(captured), pool);
    EXPECT_FALSE(watch.expired());
  }
  EXPECT_TRUE(watch.expired());
}

tpool::task<int> throw_on_worker(tpool::pool &pool, int code) {
  co_await pool.schedule();
  throw coroutine_failure(code);
}

tpool::task<int> await_thrower(tpool::pool &first, tpool::pool &second) {
  co_await second.schedule();
  const int value = co_await throw_on_worker(first, 64);
  co_return value + 1;
}

TEST(Task, AnExceptionComesHomeThroughNestedAwaitsAcrossPools) {
  tpool::pool first(small_config(1));
  tpool::pool second(small_config(1));
  try {
    finish_within_patience(await_thrower(first, second));
    ADD_FAILURE() << "the task did not throw";
  } catch (const coroutine_failure &failure) {
    EXPECT_EQ(failure.code, 64);
  }
}

tpool::task<int> answer(tpool::pool &pool) {
  co_await pool.schedule();
  co_return 42;
}

TEST(SyncWait, ReturnsTheResultOnAThreadThatIsNotAWorker) {
  tpool::pool pool(small_config(1));
  EXPECT_EQ(within_patience([&pool] { return tpool::sync_wait(answer(pool)); }), 42);
}

TEST(SyncWait, RethrowsTheTasksException) {
  tpool::pool pool(small_config(1));
  EXPECT_THROW(within_patience([&pool] { return tpool::sync_wait(throw_on_worker(pool, 1)); }),
               coroutine_failure);
}

TEST(SyncWait, ATaskThatNeverSuspendsFinishesOnTheCallingThread) {
  auto immediate = []() -> tpool::task<std::thread::id> { co_return std::this_thread::get_id(); };
  EXPECT_EQ(tpool::sync_wait(immediate()), std::this_thread::get_id());
}

tpool::task<int> square_on(tpool::pool &pool, int value) {
  co_await pool.schedule();
  if (value < 0) throw coroutine_failure(value);
  co_return value *value;
}

TEST(TaskWhenAll, YieldsTheResultsInOrder) {
  tpool::pool pool(small_config(2));
  std::vector<tpool::task<int>> tasks;
  for (int i = 0; i < 20; ++i) tasks.push_back(square_on(pool, i));
  const std::vector<int> squares = finish_within_patience(tpool::when_all(std::move(tasks)));
  ASSERT_EQ(squares.size(), 20u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(squares[static_cast<size_t>(i)], i * i);
}

TEST(TaskWhenAll, RethrowsTheFirstExceptionInOrderOnceEveryTaskFinished) {
  tpool::pool pool(small_config(2));
  std::vector<tpool::task<int>> tasks;
  for (int i = 0; i < 10; ++i) tasks.push_back(square_on(pool, i == 4 ? -4 : i == 8 ? -8 : i));
  try {
    finish_within_patience(tpool::when_all(std::move(tasks)));
    ADD_FAILURE() << "when_all did not throw";
  } catch (const coroutine_failure &failure) {
    EXPECT_EQ(failure.code, -4);
  }
}

TEST(TaskWhenAll, OfNoTasksYieldsNothingAtOnce) {
  EXPECT_TRUE(finish_within_patience(tpool::when_all(std::vector<tpool::task<int>>())).empty());
}

TEST(TaskWhenAll, OfVoidTasksRunsEachOnce) {
  tpool::pool pool(small_config(2));
  std::atomic<int> runs{0};
  std::vector<tpool::task<void>> tasks;
  for (int i = 0; i < 10; ++i) tasks.push_back(nothing(pool, runs));
  finish_within_patience(tpool::when_all(std::move(tasks)));
  EXPECT_EQ(runs.load(), 10);
}

// Every coroutine hops to a pool, waits on a timer, hops to the other pool,
// and reports its own index: each must arrive exactly once.
tpool::task<int> round_trip(tpool::pool &first, tpool::pool &second, int index) {
  co_await first.schedule();
  co_await first.after(std::chrono::milliseconds(index % 3));
  co_await second.schedule(index % 3);
  co_return index;
}

TEST(Coroutine, ThousandsRunConcurrentlyAndEachFinishesExactlyOnce) {
  tpool::pool first(small_config(2));
  tpool::pool second(small_config(2));
  const int count = 5000 / (test_support::kSlowEnvironment ? 5 : 1);
  std::vector<tpool::task<int>> tasks;
  tasks.reserve(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) tasks.push_back(round_trip(first, second, i));
  const std::vector<int> indices = finish_within_patience(tpool::when_all(std::move(tasks)));
  ASSERT_EQ(indices.size(), static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) ASSERT_EQ(indices[static_cast<size_t>(i)], i);
}

tpool::task<std::string> schedule_and_report(tpool::pool &pool) {
  try {
    co_await pool.schedule();
    co_return "resumed";
  } catch (const tpool::task_cancelled &) {
    co_return "cancelled";
  }
}

TEST(CoroutineCancellation, AResumptionCancelledByCancelAllResumesWithTaskCancelled) {
  gate blocker;
  tpool::pool pool(small_config(1));
  cpp_test::open_at_exit release(blocker);
  pool.post([&] { blocker.pass(); }, TPOOL_PRIORITY_HIGH);
  ASSERT_TRUE(blocker.wait_inside(1));
  auto out = std::make_shared<cpp_test::outcome<std::string>>();
  cpp_test::drive(schedule_and_report(pool), out);  // suspends: its job is queued
  EXPECT_EQ(pool.cancel_all(), 1u);                 // resumes it here, cancelled
  EXPECT_EQ(out->take(), "cancelled");
  blocker.open();
}

tpool::task<std::string> sleep_and_report(tpool::pool &pool, std::atomic<int> &suspended) {
  try {
    auto sleeping = pool.after(std::chrono::hours(1));
    suspended.fetch_add(1);
    co_await sleeping;
    co_return "woke";
  } catch (const tpool::task_cancelled &) {
    co_return "cancelled";
  }
}

TEST(CoroutinePoolDestruction, ACoroutineWaitingOnATimerResumesWithTaskCancelled) {
  auto out = std::make_shared<cpp_test::outcome<std::string>>();
  std::atomic<int> suspended{0};
  {
    tpool::pool pool(small_config(1));
    cpp_test::drive(sleep_and_report(pool, suspended), out);
    ASSERT_EQ(suspended.load(), 1);
  }  // the shutdown retires the timer, which resumes the coroutine here
  EXPECT_EQ(out->take(), "cancelled");
}

tpool::task<std::string> wait_forever(tpool::pool &pool, intptr_t object) {
  try {
    co_await tpool::signalled(pool, object);
    co_return "signalled";
  } catch (const tpool::task_cancelled &) {
    co_return "cancelled";
  }
}

TEST(CoroutinePoolDestruction, ACoroutineWaitingOnAnObjectResumesWithTaskCancelled) {
  test_support::os_event event;
  ASSERT_TRUE(event.valid());
  auto out = std::make_shared<cpp_test::outcome<std::string>>();
  {
    tpool::pool pool(small_config(1));
    cpp_test::drive(wait_forever(pool, event.object()), out);
  }
  EXPECT_EQ(out->take(), "cancelled");
}

tpool::task<int> queued_behind(tpool::pool &pool, int value) {
  co_await pool.schedule();
  co_return value;
}

TEST(CoroutinePoolDestruction, QueuedResumptionsRunDuringTheDrain) {
  gate blocker;
  std::vector<std::shared_ptr<cpp_test::outcome<int>>> outs;
  {
    tpool::pool pool(small_config(1));
    cpp_test::open_at_exit release(blocker);
    pool.post([&] { blocker.pass(); }, TPOOL_PRIORITY_HIGH);
    ASSERT_TRUE(blocker.wait_inside(1));
    for (int i = 0; i < 50; ++i) {
      outs.push_back(std::make_shared<cpp_test::outcome<int>>());
      cpp_test::drive(queued_behind(pool, i), outs.back());
    }
    blocker.open();
  }
  for (int i = 0; i < 50; ++i) EXPECT_EQ(outs[static_cast<size_t>(i)]->take(), i);
}

tpool::task<std::string> schedule_after_shutdown(tpool::pool &pool) {
  try {
    co_await pool.schedule();
    co_return "resumed";
  } catch (const tpool::error &error) {
    co_return error.status() == TPOOL_E_SHUT_DOWN ? "shut down" : "other error";
  }
}

TEST(CoroutinePoolDestruction, AScheduleOnAPoolThatShutDownThrowsShutDownAtTheAwait) {
  tpool::pool pool(small_config(1));
  pool.shutdown();
  EXPECT_EQ(finish_within_patience(schedule_after_shutdown(pool)), "shut down");
}

}  // namespace
