// Timers (tpool.h, "timers"): due times, the three modes, cancel, set,
// release, retirement, shutdown, and one timer thread for many timers.
// Timing checks are one-sided ("not before its due time"); every wait for
// something to happen is bounded only by kPatienceMs.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <vector>

#include "test_support.h"
#include "thread_count.h"
#include "trigger_probe.h"

namespace {

using namespace tpool_test;
using namespace std::chrono_literals;

constexpr int64_t kUsPerMs = 1000;

tpool_timer *start_timer(tpool_pool *pool, const tpool_timer_desc &desc) {
  tpool_timer *timer = nullptr;
  EXPECT_EQ(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  return timer;
}

// ---- one-shot timers --------------------------------------------------------

TEST(TimerOnce, StartsOneInstanceNoEarlierThanItsDelay) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  const steady::time_point before = steady::now();
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 50, 0));
  ASSERT_TRUE(eventually([&] { return probe.completions.load() == 1; }));
  EXPECT_GE(us_between(before, probe.start_times().at(0)), 50 * kUsPerMs);
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(tpool_timer_release(timer), TPOOL_OK);
}

TEST(TimerOnce, ItsInstanceRunsAtTheTimerPriority) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 0, 0, TPOOL_PRIORITY_LOW));
  ASSERT_TRUE(eventually([&] { return probe.completions.load() == 1; }));
  EXPECT_EQ(probe.seen_priority.load(), TPOOL_PRIORITY_LOW);
  tpool_timer_release(timer);
}

TEST(TimerOnce, AFiredTimerWithAHandleIsIdleUntilReleased) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 0, 0));
  ASSERT_TRUE(eventually([&] { return probe.completions.load() == 1; }));
  ASSERT_TRUE(eventually([&] { return timer_state(timer) == TPOOL_TIMER_IDLE; }));
  EXPECT_EQ(probe.retires.load(), 0);
  EXPECT_EQ(timer_fired(timer), 1u);
  EXPECT_EQ(tpool_timer_release(timer), TPOOL_OK);
  EXPECT_EQ(probe.retires.load(), 1);
}

TEST(TimerOnce, WithoutAHandleItFiresOnceAndRetires) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  const tpool_timer_desc desc = timer_desc_for(&probe, TPOOL_TIMER_ONCE, 5, 0);
  ASSERT_EQ(tpool_timer_start(pool.get(), &desc, nullptr), TPOOL_OK);
  ASSERT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(probe.done.load(), 1);
}

TEST(TimerOnce, OnRetireComesAfterTheLastOnComplete) {
  pool_fixture pool(small_config(2));
  struct order {
    std::atomic<int> completions{0};
    std::atomic<int> completions_at_retire{-1};
  } seen;
  tpool_timer_desc desc;
  tpool_timer_desc_init(&desc);
  desc.fn = [](void *, tpool_job_info *) {};
  desc.context = &seen;
  desc.on_complete = [](void *context, tpool_job_state) {
    std::this_thread::sleep_for(5ms);
    static_cast<order *>(context)->completions.fetch_add(1);
  };
  desc.on_retire = [](void *context) {
    order *self = static_cast<order *>(context);
    self->completions_at_retire.store(self->completions.load());
  };
  ASSERT_EQ(tpool_timer_start(pool.get(), &desc, nullptr), TPOOL_OK);
  ASSERT_TRUE(eventually([&] { return seen.completions_at_retire.load() != -1; }));
  EXPECT_EQ(seen.completions_at_retire.load(), 1);
}

// ---- periodic timers --------------------------------------------------------

TEST(TimerFixedRate, EveryInstanceStartsNoEarlierThanItsPlaceOnTheGrid) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  const steady::time_point before = steady::now();
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 20, 10));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() >= 5; }));
  ASSERT_EQ(tpool_timer_cancel(timer, 1), TPOOL_OK);
  const std::vector<steady::time_point> starts = probe.start_times();
  // Instance k is due at delay + j * period for some j >= k (skips only
  // move it later).
  for (size_t k = 0; k < starts.size(); ++k) {
    EXPECT_GE(us_between(before, starts[k]), (20 + 10 * static_cast<int64_t>(k)) * kUsPerMs)
        << "instance " << k;
  }
  tpool_timer_release(timer);
}

TEST(TimerFixedRate, NeverHasTwoInstancesInFlightAndCountsTheDueTimesItSkips) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  probe.hold.store(true);
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 0, 2));
  ASSERT_TRUE(probe.wait_inside());
  // Due times pass while the first instance is held.
  ASSERT_TRUE(eventually([&] { return timer_skipped(timer) >= 3; }));
  probe.hold.store(false);
  ASSERT_TRUE(eventually([&] { return probe.runs.load() >= 3; }));
  ASSERT_EQ(tpool_timer_cancel(timer, 1), TPOOL_OK);
  EXPECT_EQ(probe.most_in_flight.load(), 1);
  tpool_timer_release(timer);
}

TEST(TimerFixedDelay, EachInstanceStartsAPeriodAfterThePreviousOneEnded) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  probe.work_ms.store(20);  // longer than the period: a fixed rate would not wait for the end
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_DELAY, 0, 15));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() >= 4; }));
  ASSERT_EQ(tpool_timer_cancel(timer, 1), TPOOL_OK);
  const std::vector<steady::time_point> starts = probe.start_times();
  const std::vector<steady::time_point> ends = probe.end_times();
  for (size_t k = 1; k < starts.size(); ++k) {
    EXPECT_GE(us_between(ends[k - 1], starts[k]), 15 * kUsPerMs) << "instance " << k;
  }
  tpool_timer_release(timer);
}

// ---- cancel -----------------------------------------------------------------
// What every trigger's cancel, release and retirement do is in
// trigger_test.cpp (the same for object waits).

TEST(TimerCancel, NoInstanceStartsAfterCancelReturns) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 0, 1));
  ASSERT_TRUE(eventually([&] { return probe.runs.load() >= 3; }));
  ASSERT_EQ(tpool_timer_cancel(timer, 1), TPOOL_OK);
  const int runs_at_cancel = probe.runs.load();
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(probe.runs.load(), runs_at_cancel);
  // Each instance had its one outcome by then: DONE if it ran, CANCELLED
  // if cancel found it queued.
  EXPECT_EQ(probe.done.load(), runs_at_cancel);
  EXPECT_EQ(probe.completions.load(), probe.done.load() + probe.cancelled.load());
  EXPECT_EQ(timer_state(timer), TPOOL_TIMER_CANCELLED);
  tpool_timer_release(timer);
}

// ---- set --------------------------------------------------------------------

TEST(TimerSet, BringsAFarDueTimeNear) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 3600000, 0));
  EXPECT_EQ(tpool_timer_set(timer, 0, 0), TPOOL_OK);
  EXPECT_TRUE(eventually([&] { return probe.runs.load() == 1; }));
  tpool_timer_release(timer);
}

TEST(TimerSet, PushesANearDueTimeAway) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 200, 0));
  EXPECT_EQ(tpool_timer_set(timer, 3600000, 0), TPOOL_OK);
  std::this_thread::sleep_for(400ms);
  EXPECT_EQ(probe.runs.load(), 0);
  EXPECT_EQ(timer_state(timer), TPOOL_TIMER_ARMED);
  tpool_timer_release(timer);
}

TEST(TimerSet, RearmsAOneShotThatFired) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 0, 0));
  ASSERT_TRUE(eventually([&] { return timer_state(timer) == TPOOL_TIMER_IDLE; }));
  EXPECT_EQ(tpool_timer_set(timer, 0, 0), TPOOL_OK);
  EXPECT_TRUE(eventually([&] { return probe.runs.load() == 2; }));
  tpool_timer_release(timer);
}

TEST(TimerSet, RearmingAOneShotWhileItsInstanceRunsFiresOnceItEnded) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  probe.hold.store(true);
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 0, 0));
  ASSERT_TRUE(probe.wait_inside());
  EXPECT_EQ(tpool_timer_set(timer, 0, 0), TPOOL_OK);
  std::this_thread::sleep_for(20ms);
  EXPECT_EQ(probe.most_in_flight.load(), 1);
  probe.hold.store(false);
  EXPECT_TRUE(eventually([&] { return probe.runs.load() == 2; }));
  tpool_timer_release(timer);
}

TEST(TimerSet, ChangesThePeriodOfAPeriodicTimer) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 3600000, 3600000));
  EXPECT_EQ(tpool_timer_set(timer, 0, 1), TPOOL_OK);
  EXPECT_TRUE(eventually([&] { return probe.runs.load() >= 3; }));
  tpool_timer_release(timer);
}

TEST(TimerSet, OnACancelledTimerReportsCancelled) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 60000, 0));
  ASSERT_EQ(tpool_timer_cancel(timer, 0), TPOOL_OK);
  EXPECT_EQ(tpool_timer_set(timer, 0, 0), TPOOL_E_CANCELLED);
  tpool_timer_release(timer);
}

TEST(TimerSet, RejectsAPeriodThatBreaksTheTimerMode) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  tpool_timer *once = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 60000, 0));
  tpool_timer *rate =
      start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 60000, 60000));
  EXPECT_EQ(tpool_timer_set(once, 0, 5), TPOOL_E_INVALID_ARGUMENT);
  EXPECT_EQ(tpool_timer_set(rate, 0, 0), TPOOL_E_INVALID_ARGUMENT);
  tpool_timer_release(once);
  tpool_timer_release(rate);
}

// ---- shutdown ---------------------------------------------------------------

TEST(TimerShutdown, DrainRetiresArmedTimersWithoutFiringThem) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  std::vector<tpool_timer *> timers;
  for (int i = 0; i < 5; ++i) {
    timers.push_back(
        start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 60000, 1000)));
  }
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.retires.load(), 5);
  EXPECT_EQ(probe.runs.load(), 0);
  for (tpool_timer *timer : timers) {
    EXPECT_EQ(timer_state(timer), TPOOL_TIMER_SHUT_DOWN);
    EXPECT_EQ(tpool_timer_set(timer, 0, 1), TPOOL_E_SHUT_DOWN);
  }
  tpool_destroy(pool.release());
  // Handles outlive their pool.
  for (tpool_timer *timer : timers) {
    EXPECT_EQ(tpool_timer_cancel(timer, 1), TPOOL_OK);
    EXPECT_EQ(tpool_timer_release(timer), TPOOL_OK);
  }
}

TEST(TimerShutdown, CancelModeCancelsAQueuedInstanceExactlyOnce) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  gate blocker;
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  tpool_timer *timer = start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 0, 0));
  ASSERT_TRUE(eventually([&] { return timer_fired(timer) == 1; }));
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, 0), TPOOL_E_TIMEOUT);
  blocker.open();
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.cancelled.load(), 1);
  EXPECT_EQ(probe.completions.load(), 1);
  EXPECT_EQ(probe.runs.load(), 0);
  EXPECT_EQ(probe.retires.load(), 1);
  tpool_timer_release(timer);
}

TEST(TimerShutdown, DrainRunsAQueuedInstance) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  gate blocker;
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  const tpool_timer_desc desc = timer_desc_for(&probe, TPOOL_TIMER_FIXED_RATE, 0, 1);
  ASSERT_EQ(tpool_timer_start(pool.get(), &desc, nullptr), TPOOL_OK);
  ASSERT_TRUE(eventually([&] { return tpool_test::stats_of(pool.get()).priority[1].queued == 1; }));
  EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_E_TIMEOUT);
  blocker.open();
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 1);
  EXPECT_EQ(probe.done.load(), 1);
  EXPECT_EQ(probe.retires.load(), 1);
}

TEST(TimerShutdown, StartAfterShutdownIsRefused) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  const tpool_timer_desc desc = timer_desc_for(&probe, TPOOL_TIMER_ONCE, 0, 0);
  tpool_timer *timer = nullptr;
  EXPECT_EQ(tpool_timer_start(pool.get(), &desc, &timer), TPOOL_E_SHUT_DOWN);
  EXPECT_EQ(timer, nullptr);
}

// ---- one thread for every timer ---------------------------------------------

TEST(TimerService, AThousandTimersAddOneThreadToThePool) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  const size_t before = test_support::thread_count();
  ASSERT_NE(before, 0u);
  std::vector<tpool_timer *> timers;
  for (int i = 0; i < 1000; ++i) {
    timers.push_back(start_timer(pool.get(), timer_desc_for(&probe, TPOOL_TIMER_ONCE, 60000, 0)));
  }
  EXPECT_EQ(test_support::thread_count(), before + 1);
  for (tpool_timer *timer : timers) tpool_timer_release(timer);
  EXPECT_EQ(probe.retires.load(), 1000);
}

// ---- exactly once under concurrency -----------------------------------------

// Producers start timers of every mode and cancel, re-arm and release them
// at random while they fire; at the end every timer retired exactly once and
// its instances had exactly one outcome each.
TEST(TimerStress, EveryTimerRetiresOnceAndEveryInstanceHasOneOutcome) {
  constexpr int kProducers = 3;
  const int per_producer = test_support::kSlowEnvironment ? 60 : 200;
  std::vector<trigger_probe> probes(static_cast<size_t>(kProducers * per_producer));
  pool_fixture pool(small_config(2, 4));
  std::vector<uint64_t> fired(probes.size(), 0);
  std::vector<std::thread> producers;
  for (int p = 0; p < kProducers; ++p) {
    producers.emplace_back([&, p] {
      std::mt19937 engine(static_cast<uint32_t>(p) + 7);
      auto random = [&engine] { return static_cast<uint32_t>(engine()); };
      for (int i = 0; i < per_producer; ++i) {
        const size_t index = static_cast<size_t>(p * per_producer + i);
        const int32_t mode = static_cast<int32_t>(random() % 3);
        const uint32_t period = mode == TPOOL_TIMER_ONCE ? 0 : 1 + random() % 3;
        tpool_timer_desc desc = timer_desc_for(&probes[index], mode, random() % 4, period,
                                               static_cast<int32_t>(random() % 3));
        tpool_timer *timer = nullptr;
        ASSERT_EQ(tpool_timer_start(pool.get(), &desc, &timer), TPOOL_OK);
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 3000));
        if (random() % 3 == 0) tpool_timer_set(timer, random() % 2, period);
        if (random() % 2 == 0) {
          const tpool_status status = tpool_timer_cancel(timer, static_cast<int32_t>(random() % 2));
          EXPECT_TRUE(status == TPOOL_OK || status == TPOOL_E_JOB_RUNNING);
        }
        // After a cancel with wait nothing of it is in flight: fired is final.
        EXPECT_EQ(tpool_timer_cancel(timer, 1), TPOOL_OK);
        tpool_timer_get_state(timer, nullptr, &fired[index], nullptr);
        EXPECT_EQ(tpool_timer_release(timer), TPOOL_OK);
      }
    });
  }
  for (std::thread &producer : producers) producer.join();
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  for (size_t i = 0; i < probes.size(); ++i) {
    SCOPED_TRACE("timer " + std::to_string(i));
    EXPECT_EQ(probes[i].retires.load(), 1);
    const int completions = probes[i].completions.load();
    EXPECT_EQ(completions, static_cast<int>(fired[i]));
    EXPECT_EQ(probes[i].done.load(), probes[i].runs.load());
    EXPECT_EQ(probes[i].done.load() + probes[i].cancelled.load(), completions);
    EXPECT_LE(probes[i].most_in_flight.load(), 1);
  }
}

}  // namespace
