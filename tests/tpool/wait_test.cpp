// Waits on OS objects (tpool.h, "waits on kernel objects"): what fires them
// and with which result, cancel, release, shutdown, waiter threads shared
// by up to 63 waits, an object closed while waited on, and, per system, the
// objects people wait on (Windows: events, semaphores, threads, processes,
// waitable timers, abandoned mutexes; POSIX: pipes and eventfds).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "os_event.h"
#include "test_support.h"
#include "thread_count.h"
#include "trigger_probe.h"

#if !defined(_WIN32)
#include <fcntl.h>
#include <unistd.h>
#endif

namespace {

using namespace tpool_test;
using namespace std::chrono_literals;

// What the tests wait on (tests/support/os_event.h).
class test_object : public test_support::os_event {
 public:
  explicit test_object(bool manual_reset = false) : os_event(manual_reset) {}
  void signal() { EXPECT_TRUE(os_event::signal()); }
};

tpool_object_wait *start_wait(tpool_pool *pool, const tpool_object_wait_desc &desc) {
  tpool_object_wait *wait = nullptr;
  EXPECT_EQ(tpool_object_wait_start(pool, &desc, &wait), TPOOL_OK);
  return wait;
}

// ---- what fires a wait ------------------------------------------------------

TEST(ObjectWait, ASignalRunsTheJobWithSignalled) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  test_object event;
  tpool_object_wait *wait = start_wait(pool.get(), wait_desc_for(&probe, event.object()));
  std::this_thread::sleep_for(10ms);
  EXPECT_EQ(probe.runs.load(), 0);
  event.signal();
  ASSERT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(probe.done.load(), 1);
  EXPECT_EQ(tpool_object_wait_release(wait), TPOOL_OK);
}

TEST(ObjectWait, AnObjectSignalledBeforeTheStartFiresAtOnce) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  test_object event;
  event.signal();
  const tpool_object_wait_desc desc = wait_desc_for(&probe, event.object());
  ASSERT_EQ(tpool_object_wait_start(pool.get(), &desc, nullptr), TPOOL_OK);
  ASSERT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
}

TEST(ObjectWait, TheTimeoutRunsTheJobWithTimedOutNoEarlierThanItPassed) {
  trigger_probe probe, other_probe;
  pool_fixture pool(small_config(2));
  test_object event, other;
  const steady::time_point before = steady::now();
  tpool_object_wait *wait = start_wait(pool.get(), wait_desc_for(&probe, event.object(), 60));
  // Another wait on the same waiter fires early, so the waiter looks at the
  // first one's deadline before it passed too.
  tpool_object_wait *early = start_wait(pool.get(), wait_desc_for(&other_probe, other.object()));
  std::this_thread::sleep_for(40ms);
  other.signal();
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_TIMED_OUT);
  EXPECT_GE(us_between(before, probe.start_times().at(0)), 60 * 1000);
  EXPECT_EQ(other_probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  tpool_object_wait_release(wait);
  tpool_object_wait_release(early);
}

TEST(ObjectWait, AZeroTimeoutOnObjectsAlreadySignalledFiresSignalledEveryTime) {
  // Many at once, so that some are added while the waiter thread is in the
  // middle of a pass over the others: each must still be looked at.
  constexpr size_t kWaits = 40;
  std::vector<trigger_probe> probes(kWaits);
  pool_fixture pool(small_config(2));
  std::vector<std::unique_ptr<test_object>> events;
  for (size_t i = 0; i < kWaits; ++i) {
    events.push_back(std::make_unique<test_object>(/*manual_reset=*/true));
    events.back()->signal();
  }
  for (size_t i = 0; i < kWaits; ++i) {
    const tpool_object_wait_desc desc = wait_desc_for(&probes[i], events[i]->object(), 0);
    ASSERT_EQ(tpool_object_wait_start(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  for (size_t i = 0; i < kWaits; ++i) {
    ASSERT_TRUE(eventually([&] { return probes[i].retires.load() == 1; })) << i;
    EXPECT_EQ(probes[i].runs.load(), 1) << i;
    EXPECT_EQ(probes[i].last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED) << i;
  }
}

TEST(ObjectWait, AZeroTimeoutOnAnObjectNotSignalledFiresTimedOut) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  test_object event;
  const tpool_object_wait_desc desc = wait_desc_for(&probe, event.object(), 0);
  ASSERT_EQ(tpool_object_wait_start(pool.get(), &desc, nullptr), TPOOL_OK);
  ASSERT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_TIMED_OUT);
}

TEST(ObjectWait, ItsInstanceRunsAtTheWaitPriority) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  test_object event;
  event.signal();
  tpool_object_wait *wait = start_wait(
      pool.get(), wait_desc_for(&probe, event.object(), TPOOL_INFINITE, TPOOL_PRIORITY_HIGH));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.seen_priority.load(), TPOOL_PRIORITY_HIGH);
  tpool_object_wait_release(wait);
}

TEST(ObjectWait, TwoWaitsOnOneObjectUseTwoWaiterThreadsAndBothFire) {
  pool_fixture pool(small_config(2));
  test_object event(true);
  trigger_probe first, second;
  const size_t before = test_support::thread_count();
  tpool_object_wait *a = start_wait(pool.get(), wait_desc_for(&first, event.object()));
  tpool_object_wait *b = start_wait(pool.get(), wait_desc_for(&second, event.object()));
  EXPECT_EQ(test_support::thread_count(), before + 2);
  event.signal();
  EXPECT_TRUE(eventually([&] { return first.runs.load() == 1 && second.runs.load() == 1; }));
  tpool_object_wait_release(a);
  tpool_object_wait_release(b);
}

// Cancel, release and retirement: trigger_test.cpp (the same for timers).

// ---- waiter threads ---------------------------------------------------------

class WaiterThreads : public ::testing::TestWithParam<int> {};

// 63 waits per waiter thread: 1..63 waits add one thread, 64 add two, 130 three.
TEST_P(WaiterThreads, AreOnePerSixtyThreeWaits) {
  const int waits = GetParam();
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  std::vector<test_object> objects(static_cast<size_t>(waits));
  const size_t before = test_support::thread_count();
  ASSERT_NE(before, 0u);
  std::vector<tpool_object_wait *> handles;
  for (test_object &object : objects) {
    handles.push_back(start_wait(pool.get(), wait_desc_for(&probe, object.object())));
  }
  EXPECT_EQ(test_support::thread_count(), before + static_cast<size_t>((waits + 62) / 63));
  // Every one of them is waited on: signal all, each fires once.
  for (test_object &object : objects) object.signal();
  EXPECT_TRUE(eventually([&] { return probe.retires.load() == waits; }));
  EXPECT_EQ(probe.runs.load(), waits);
  for (tpool_object_wait *wait : handles) tpool_object_wait_release(wait);
}

INSTANTIATE_TEST_SUITE_P(Counts, WaiterThreads, ::testing::Values(1, 63, 64, 130));

// ---- misuse: the object closed while it is waited on -------------------------

// True if the system says value is an open handle / descriptor now.
bool open_now(intptr_t value) {
#if defined(_WIN32)
  DWORD flags = 0;
  return GetHandleInformation(reinterpret_cast<HANDLE>(value), &flags) != 0;
#else
  return fcntl(static_cast<int>(value), F_GETFD) != -1;
#endif
}

// How one try of the test below ended.
enum class closed_try { fired_invalid, value_reused };

// One try: doomed closes while its waiter waits on it, then another wait
// starts on the same waiter. A wait on that waiter that fires first (ping)
// proves the waiter has ended a pass over doomed and gone on to the next
// one; whether that pass is already waiting when doomed closes or starts
// after it, the pass after it finds the object invalid, so the order of
// the two does not matter.
closed_try close_while_waited(tpool_pool *pool) {
  test_object doomed, other;
  trigger_probe closed_probe, other_probe;
  tpool_object_wait *closed_wait = start_wait(pool, wait_desc_for(&closed_probe, doomed.object()));
  test_object ping;
  trigger_probe ping_probe;
  tpool_object_wait *ping_wait = start_wait(pool, wait_desc_for(&ping_probe, ping.object()));
  ping.signal();
  EXPECT_TRUE(eventually([&] { return ping_probe.runs.load() == 1; }));
  const intptr_t doomed_value = doomed.object();
  doomed.close();
  // `other` was created first, so the new wait cannot reuse the closed value.
  tpool_object_wait *other_wait = start_wait(pool, wait_desc_for(&other_probe, other.object()));
  const bool fired = eventually([&] { return closed_probe.runs.load() == 1; }, 3000);
  closed_try outcome = closed_try::fired_invalid;
  if (fired) {
    EXPECT_EQ(closed_probe.last_result.load(), TPOOL_OBJECT_WAIT_INVALID);
    EXPECT_EQ(other_probe.runs.load(), 0);
  } else {
    // tpool.h: a value reused by a new object before that pass is the new
    // object to tpool. Under Wine, handles created by other threads of the
    // process took the value first in 10 of 300 tries (a closed value is
    // handed out again at once); a value still closed is a tpool bug.
    EXPECT_TRUE(open_now(doomed_value))
        << "the closed value is still closed and the wait never fired";
    outcome = closed_try::value_reused;
    EXPECT_EQ(tpool_object_wait_cancel(closed_wait, 1), TPOOL_OK);
  }
  EXPECT_EQ(tpool_object_wait_cancel(other_wait, 1), TPOOL_OK);
  tpool_object_wait_release(closed_wait);
  tpool_object_wait_release(other_wait);
  tpool_object_wait_release(ping_wait);
  return outcome;
}

// tpool.h: the wait fires with TPOOL_OBJECT_WAIT_INVALID no later than its
// waiter's next pass; starting another wait on the same waiter makes one.
// Tried up to five times, each with new objects, because the promise holds
// only while nobody reuses the closed value; it must hold in one of them.
TEST(ObjectWaitClosed, ClosingTheObjectFiresInvalidAtTheWaitersNextPass) {
  pool_fixture pool(small_config(2));
  int reused = 0;
  for (int attempt = 0; attempt < 5; ++attempt) {
    const closed_try outcome = close_while_waited(pool.get());
    if (::testing::Test::HasFailure()) return;
    if (outcome == closed_try::fired_invalid) return;
    ++reused;
  }
  ADD_FAILURE() << "the closed value was reused before the waiter's next pass in all " << reused
                << " tries";
}

// A value nothing in the process holds: handle values are multiples of four
// and a process never comes near a billion handles; descriptors stop at
// RLIMIT_NOFILE, far below this.
constexpr intptr_t kNeverOpen = intptr_t{0x3FFFFFFC};

TEST(ObjectWaitClosed, StartRejectsAValueThatWasNeverOpen) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  ASSERT_FALSE(open_now(kNeverOpen));
  const tpool_object_wait_desc never = wait_desc_for(&probe, kNeverOpen);
  EXPECT_EQ(tpool_object_wait_start(pool.get(), &never, nullptr), TPOOL_E_INVALID_ARGUMENT);
  const tpool_object_wait_desc none = wait_desc_for(&probe, -1);
  EXPECT_EQ(tpool_object_wait_start(pool.get(), &none, nullptr), TPOOL_E_INVALID_ARGUMENT);
#if defined(_WIN32)
  // A null HANDLE is never a handle; on POSIX 0 is standard input, a
  // descriptor like any other.
  const tpool_object_wait_desc null_handle = wait_desc_for(&probe, 0);
  EXPECT_EQ(tpool_object_wait_start(pool.get(), &null_handle, nullptr), TPOOL_E_INVALID_ARGUMENT);
#endif
  EXPECT_EQ(probe.retires.load(), 0);
}

// A value closed just before the call. Any thread of the process (Wine's own
// included) may be handed the same value between the close and the call, and
// then the start is right to accept it: such a try proves nothing and is
// repeated, and its wait is cancelled, which retires it (so each try counts
// retirements from its own start). A try counts only when the value was
// closed before and after.
TEST(ObjectWaitClosed, StartRejectsAnObjectClosedJustBefore) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  int conclusive = 0;
  for (int attempt = 0; attempt < 50 && conclusive < 5; ++attempt) {
    test_object object;
    const intptr_t closed = object.object();
    object.close();
    if (open_now(closed)) continue;
    const int retires_before = probe.retires.load();
    const tpool_object_wait_desc desc = wait_desc_for(&probe, closed);
    tpool_object_wait *wait = nullptr;
    const tpool_status status = tpool_object_wait_start(pool.get(), &desc, &wait);
    const bool reused = open_now(closed);
    if (status == TPOOL_OK) {
      // Accepted: only right if the value was someone else's by then.
      EXPECT_TRUE(reused) << "a closed value was accepted";
      EXPECT_EQ(tpool_object_wait_cancel(wait, 1), TPOOL_OK);
      EXPECT_EQ(tpool_object_wait_release(wait), TPOOL_OK);
      // cancel with wait == 1 returns after on_retire did, once.
      EXPECT_EQ(probe.retires.load(), retires_before + 1);
      continue;
    }
    EXPECT_EQ(status, TPOOL_E_INVALID_ARGUMENT);
    EXPECT_EQ(probe.retires.load(), retires_before) << "a refused start retired something";
    if (!reused) ++conclusive;
  }
  EXPECT_EQ(conclusive, 5) << "the closed value was handed out again on almost every try";
}

// ---- shutdown ---------------------------------------------------------------

TEST(ObjectWaitShutdown, RetiresPendingWaitsWithoutRunningThem) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  test_object first, second;
  tpool_object_wait *kept = start_wait(pool.get(), wait_desc_for(&probe, first.object()));
  const tpool_object_wait_desc desc = wait_desc_for(&probe, second.object());
  ASSERT_EQ(tpool_object_wait_start(pool.get(), &desc, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.retires.load(), 2);
  EXPECT_EQ(probe.runs.load(), 0);
  trigger_probe late;
  const tpool_object_wait_desc late_desc = wait_desc_for(&late, second.object());
  EXPECT_EQ(tpool_object_wait_start(pool.get(), &late_desc, nullptr), TPOOL_E_SHUT_DOWN);
  tpool_destroy(pool.release());
  EXPECT_EQ(tpool_object_wait_cancel(kept, 1), TPOOL_OK);
  EXPECT_EQ(tpool_object_wait_release(kept), TPOOL_OK);
}

// ---- exactly once under concurrency -----------------------------------------

// Objects signalled, waits timing out and cancelled from several threads at
// once: every wait retires once, fires at most once, and its instance (if
// any) has one outcome.
TEST(ObjectWaitStress, EveryWaitRetiresOnceAndFiresAtMostOnce) {
  const int count = test_support::kSlowEnvironment ? 150 : 400;
  std::vector<test_object> objects(static_cast<size_t>(count));
  std::vector<trigger_probe> probes(static_cast<size_t>(count));
  pool_fixture pool(small_config(2, 4));
  std::vector<tpool_object_wait *> waits(static_cast<size_t>(count), nullptr);
  for (int i = 0; i < count; ++i) {
    const uint32_t timeout = i % 5 == 0 ? static_cast<uint32_t>(i % 7) : TPOOL_INFINITE;
    waits[static_cast<size_t>(i)] = start_wait(
        pool.get(), wait_desc_for(&probes[static_cast<size_t>(i)],
                                  objects[static_cast<size_t>(i)].object(), timeout, i % 3));
  }
  std::thread signaller([&] {
    for (int i = 0; i < count; i += 2) objects[static_cast<size_t>(i)].signal();
  });
  std::thread canceller([&] {
    for (int i = 1; i < count; i += 3) {
      const tpool_status status = tpool_object_wait_cancel(waits[static_cast<size_t>(i)], i % 2);
      EXPECT_TRUE(status == TPOOL_OK || status == TPOOL_E_JOB_RUNNING ||
                  status == TPOOL_E_JOB_FINISHED)
          << tpool_status_string(status);
    }
  });
  signaller.join();
  canceller.join();
  for (tpool_object_wait *wait : waits) EXPECT_EQ(tpool_object_wait_release(wait), TPOOL_OK);
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  for (size_t i = 0; i < probes.size(); ++i) {
    SCOPED_TRACE("wait " + std::to_string(i));
    EXPECT_EQ(probes[i].retires.load(), 1);
    EXPECT_LE(probes[i].completions.load(), 1);
    EXPECT_EQ(probes[i].runs.load(), probes[i].done.load());
    EXPECT_EQ(probes[i].done.load() + probes[i].cancelled.load(), probes[i].completions.load());
  }
}

// ---- the objects of each system -----------------------------------------------

#if defined(_WIN32)

TEST(ObjectWaitWindows, ASemaphoreReleaseFiresAndTakesOneCount) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  HANDLE semaphore = CreateSemaphoreW(nullptr, 0, 10, nullptr);
  ASSERT_NE(semaphore, nullptr);
  tpool_object_wait *wait =
      start_wait(pool.get(), wait_desc_for(&probe, reinterpret_cast<intptr_t>(semaphore)));
  ReleaseSemaphore(semaphore, 2, nullptr);
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  // The wait took one of the two counts.
  EXPECT_EQ(WaitForSingleObject(semaphore, 0), WAIT_OBJECT_0);
  EXPECT_EQ(WaitForSingleObject(semaphore, 0), static_cast<DWORD>(WAIT_TIMEOUT));
  tpool_object_wait_release(wait);
  CloseHandle(semaphore);
}

// Exits once the event its parameter names is set (or the patience ran out).
DWORD WINAPI exit_when_told(void *told) {
  WaitForSingleObject(static_cast<HANDLE>(told), kPatienceMs);
  return 0;
}

TEST(ObjectWaitWindows, AThreadThatExitsFires) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  HANDLE told = CreateEventW(nullptr, TRUE, FALSE, nullptr);
  ASSERT_NE(told, nullptr);
  HANDLE thread = CreateThread(nullptr, 0, &exit_when_told, told, 0, nullptr);
  ASSERT_NE(thread, nullptr);
  tpool_object_wait *wait =
      start_wait(pool.get(), wait_desc_for(&probe, reinterpret_cast<intptr_t>(thread)));
  // The thread exits only now, after the wait began.
  SetEvent(told);
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  tpool_object_wait_release(wait);
  CloseHandle(thread);
  CloseHandle(told);
}

TEST(ObjectWaitWindows, AProcessThatExitsFires) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  wchar_t command[] = L"cmd.exe /c exit 0";
  STARTUPINFOW startup{};
  startup.cb = sizeof(startup);
  PROCESS_INFORMATION process{};
  ASSERT_TRUE(CreateProcessW(nullptr, command, nullptr, nullptr, FALSE, CREATE_NO_WINDOW, nullptr,
                             nullptr, &startup, &process));
  CloseHandle(process.hThread);
  tpool_object_wait *wait =
      start_wait(pool.get(), wait_desc_for(&probe, reinterpret_cast<intptr_t>(process.hProcess)));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  tpool_object_wait_release(wait);
  CloseHandle(process.hProcess);
}

TEST(ObjectWaitWindows, AWaitableTimerFiresNoEarlierThanItsDueTime) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  HANDLE timer = CreateWaitableTimerW(nullptr, TRUE, nullptr);
  ASSERT_NE(timer, nullptr);
  LARGE_INTEGER due;
  due.QuadPart = -30 * 10000LL;  // 30 ms from now, in 100 ns units
  const steady::time_point before = steady::now();
  ASSERT_TRUE(SetWaitableTimer(timer, &due, 0, nullptr, nullptr, FALSE));
  tpool_object_wait *wait =
      start_wait(pool.get(), wait_desc_for(&probe, reinterpret_cast<intptr_t>(timer)));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  // Windows may end a timer wait up to one clock tick early; allow 16 ms.
  EXPECT_GE(us_between(before, probe.start_times().at(0)), (30 - 16) * 1000);
  tpool_object_wait_release(wait);
  CloseHandle(timer);
}

DWORD WINAPI take_mutex_and_exit(void *mutex) {
  WaitForSingleObject(static_cast<HANDLE>(mutex), INFINITE);
  return 0;  // without ReleaseMutex: the mutex is abandoned
}

TEST(ObjectWaitWindows, AnAbandonedMutexFiresWithAbandoned) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  HANDLE mutex = CreateMutexW(nullptr, FALSE, nullptr);
  ASSERT_NE(mutex, nullptr);
  HANDLE owner = CreateThread(nullptr, 0, &take_mutex_and_exit, mutex, 0, nullptr);
  ASSERT_NE(owner, nullptr);
  WaitForSingleObject(owner, INFINITE);
  CloseHandle(owner);
  tpool_object_wait *wait =
      start_wait(pool.get(), wait_desc_for(&probe, reinterpret_cast<intptr_t>(mutex)));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_ABANDONED);
  tpool_object_wait_release(wait);
  // The waiter thread owns the mutex now; closing the handle is still fine.
  CloseHandle(mutex);
}

#else

TEST(ObjectWaitPosix, APipeWithDataFiresAndNothingIsRead) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  tpool_object_wait *wait = start_wait(pool.get(), wait_desc_for(&probe, fds[0]));
  ASSERT_EQ(write(fds[1], "x", 1), 1);
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  char byte = 0;
  EXPECT_EQ(read(fds[0], &byte, 1), 1);
  EXPECT_EQ(byte, 'x');
  tpool_object_wait_release(wait);
  close(fds[0]);
  close(fds[1]);
}

TEST(ObjectWaitPosix, APipeWhoseWriterClosedFires) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  tpool_object_wait *wait = start_wait(pool.get(), wait_desc_for(&probe, fds[0]));
  close(fds[1]);
  ASSERT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  EXPECT_EQ(probe.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  tpool_object_wait_release(wait);
  close(fds[0]);
}

#endif

}  // namespace
