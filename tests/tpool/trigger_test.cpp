// What timers and object waits share (tpool.h, "Timers", "Object waits"):
// cancel, release and retirement behave the same for both kinds, so each
// test here runs once per kind (a typed test), through a small traits
// class per kind: how to start one that fires now or stays pending, and
// what a cancel reports once its instance has ended. What only one kind
// does is in timer_test.cpp and wait_test.cpp.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "gate.h"
#include "os_event.h"
#include "test_support.h"
#include "trigger_probe.h"

namespace {

using namespace tpool_test;

// A timer that fires at once (ONCE, no delay) or is pending (an hour away).
struct timer_kind {
  using handle = tpool_timer;
  static constexpr const char *kName = "Timer";
  // tpool_timer_cancel reports nothing about an instance that ended.
  static constexpr tpool_status kCancelAfterItsInstanceEnded = TPOOL_OK;

  template <typename Context>
  handle *start(tpool_pool *pool, Context *context, bool fire_now) {
    tpool_timer_desc desc;
    tpool_timer_desc_init(&desc);
    desc.fn = &Context::run;
    desc.context = context;
    desc.on_complete = &Context::complete;
    desc.on_retire = &Context::retire;
    desc.delay_ms = fire_now ? 0 : 3600000;
    handle *started = nullptr;
    EXPECT_EQ(tpool_timer_start(pool, &desc, &started), TPOOL_OK);
    return started;
  }
  // What would fire a pending one now: nothing can make an hour pass.
  void try_to_fire() {}
  static tpool_status cancel(handle *h, int32_t wait) { return tpool_timer_cancel(h, wait); }
  static tpool_status release(handle *h) { return tpool_timer_release(h); }
};

// A wait on an event that is signalled (fires at once) or not (pending).
struct object_wait_kind {
  using handle = tpool_object_wait;
  static constexpr const char *kName = "ObjectWait";
  // tpool_object_wait_cancel tells that fn ran.
  static constexpr tpool_status kCancelAfterItsInstanceEnded = TPOOL_E_JOB_FINISHED;

  template <typename Context>
  handle *start(tpool_pool *pool, Context *context, bool fire_now) {
    if (fire_now) {
      EXPECT_TRUE(event.signal());
    }
    tpool_object_wait_desc desc;
    tpool_object_wait_desc_init(&desc);
    desc.fn = &Context::run_wait;
    desc.context = context;
    desc.on_complete = &Context::complete;
    desc.on_retire = &Context::retire;
    desc.object = event.object();
    handle *started = nullptr;
    EXPECT_EQ(tpool_object_wait_start(pool, &desc, &started), TPOOL_OK);
    return started;
  }
  void try_to_fire() { EXPECT_TRUE(event.signal()); }
  static tpool_status cancel(handle *h, int32_t wait) { return tpool_object_wait_cancel(h, wait); }
  static tpool_status release(handle *h) { return tpool_object_wait_release(h); }

  test_support::os_event event;
};

using Kinds = ::testing::Types<timer_kind, object_wait_kind>;
struct KindNames {
  template <typename Kind>
  static std::string GetName(int) {
    return Kind::kName;
  }
};

template <typename Kind>
class TriggerCancel : public ::testing::Test {
 protected:
  Kind kind;
};
TYPED_TEST_SUITE(TriggerCancel, Kinds, KindNames);

template <typename Kind>
class TriggerRelease : public ::testing::Test {
 protected:
  Kind kind;
};
TYPED_TEST_SUITE(TriggerRelease, Kinds, KindNames);

// ---- cancel -----------------------------------------------------------------

TYPED_TEST(TriggerCancel, BeforeItFiresRunsNothingRetiresOnThisThreadAndMayBeRepeated) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  auto *trigger = this->kind.start(pool.get(), &probe, false);
  EXPECT_EQ(TypeParam::cancel(trigger, 0), TPOOL_OK);
  EXPECT_EQ(probe.retires.load(), 1);
  this->kind.try_to_fire();
  // Nothing can announce an instance that must never start: give a wrong
  // one a moment to show, then look.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(probe.runs.load(), 0);
  EXPECT_EQ(probe.completions.load(), 0);
  EXPECT_EQ(TypeParam::cancel(trigger, 1), TPOOL_OK);
  EXPECT_EQ(probe.retires.load(), 1);
  TypeParam::release(trigger);
}

TYPED_TEST(TriggerCancel, AfterItsInstanceEndedReportsWhatTheKindReports) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  auto *trigger = this->kind.start(pool.get(), &probe, true);
  ASSERT_TRUE(eventually([&] { return probe.completions.load() == 1; }));
  // The instance ends when the worker publishes its outcome, just after the
  // completion callback returns; until then a cancel rightly reports it
  // running. Waiting for the pool to be idle waits for that publication.
  ASSERT_EQ(tpool_wait_idle(pool.get(), 10000), TPOOL_OK);
  EXPECT_EQ(TypeParam::cancel(trigger, 0), TypeParam::kCancelAfterItsInstanceEnded);
  // A fired wait retires on the worker after its instance; a timer here.
  EXPECT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
  TypeParam::release(trigger);
}

TYPED_TEST(TriggerCancel, WithoutWaitReportsJobRunningAndRaisesTheInstanceCancelFlag) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  probe.hold.store(true);
  probe.stop_on_cancel.store(true);
  auto *trigger = this->kind.start(pool.get(), &probe, true);
  ASSERT_TRUE(probe.wait_inside());
  EXPECT_EQ(TypeParam::cancel(trigger, 0), TPOOL_E_JOB_RUNNING);
  ASSERT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
  EXPECT_EQ(probe.saw_cancel_flag.load(), 1);
  EXPECT_EQ(probe.done.load(), 1);
  TypeParam::release(trigger);
}

TYPED_TEST(TriggerCancel, WithWaitReturnsOnlyAfterTheRunningInstanceAndItsCompletionEnded) {
  trigger_probe probe;
  pool_fixture pool(small_config(2));
  // The instance holds until it sees its cancel flag, which the cancel
  // raises before it waits: the cancel is in progress while it runs.
  probe.hold.store(true);
  probe.stop_on_cancel.store(true);
  auto *trigger = this->kind.start(pool.get(), &probe, true);
  ASSERT_TRUE(probe.wait_inside());
  EXPECT_EQ(TypeParam::cancel(trigger, 1), TypeParam::kCancelAfterItsInstanceEnded);
  EXPECT_EQ(probe.saw_cancel_flag.load(), 1);
  EXPECT_EQ(probe.completions.load(), 1);
  EXPECT_EQ(probe.retires.load(), 1);
  TypeParam::release(trigger);
}

TYPED_TEST(TriggerCancel, AQueuedInstanceIsCancelledOnTheCancellingThread) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  gate blocker;
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(blocker.wait_inside(1));
  auto *trigger = this->kind.start(pool.get(), &probe, true);
  // Its instance waits behind the blocker, at the trigger's (MEDIUM) priority.
  ASSERT_TRUE(eventually([&] { return stats_of(pool.get()).priority[1].queued == 1; }));
  EXPECT_EQ(TypeParam::cancel(trigger, 0), TPOOL_OK);
  EXPECT_EQ(probe.cancelled.load(), 1);
  EXPECT_EQ(probe.completion_thread, std::this_thread::get_id());
  EXPECT_EQ(probe.retires.load(), 1);
  blocker.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(probe.runs.load(), 0);
  TypeParam::release(trigger);
}

// An instance that cancels its own trigger, with and without waiting.
template <typename Kind>
struct self_canceller {
  std::atomic<typename Kind::handle *> trigger{nullptr};
  test_support::gate published;  // opened once trigger is stored
  std::atomic<int> with_wait{-1};
  std::atomic<int> without_wait{-1};
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    self_canceller *self = static_cast<self_canceller *>(context);
    if (!self->published.pass()) return;
    self->with_wait.store(Kind::cancel(self->trigger.load(), 1));
    self->without_wait.store(Kind::cancel(self->trigger.load(), 0));
  }
  static void TPOOL_CALL run_wait(void *context, tpool_job_info *info, tpool_object_wait_result) {
    run(context, info);
  }
  static void TPOOL_CALL complete(void *, tpool_job_state) {}
  static void TPOOL_CALL retire(void *) {}
};

TYPED_TEST(TriggerCancel, WaitingFromItsOwnInstanceReportsWouldDeadlockAndChangesNothing) {
  pool_fixture pool(small_config(2));
  self_canceller<TypeParam> self;
  auto *trigger = this->kind.start(pool.get(), &self, true);
  self.trigger.store(trigger);
  self.published.open();
  ASSERT_TRUE(eventually([&] { return self.without_wait.load() != -1; }));
  EXPECT_EQ(self.with_wait.load(), TPOOL_E_WOULD_DEADLOCK);
  // The instance still runs: the cancel with wait changed nothing.
  EXPECT_EQ(self.without_wait.load(), TPOOL_E_JOB_RUNNING);
  TypeParam::release(trigger);
}

// An on_retire that runs on the worker that ended the last instance, and
// holds there until let go.
struct held_retire {
  gate run_gate;     // fn stays inside until opened
  gate retire_gate;  // on_retire stays inside until opened
  std::atomic<bool> returned{false};
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    static_cast<held_retire *>(context)->run_gate.pass();
  }
  static void TPOOL_CALL run_wait(void *context, tpool_job_info *info, tpool_object_wait_result) {
    run(context, info);
  }
  static void TPOOL_CALL complete(void *, tpool_job_state) {}
  static void TPOOL_CALL retire(void *context) {
    held_retire *self = static_cast<held_retire *>(context);
    self->retire_gate.pass();
    self->returned.store(true);
  }
};

TYPED_TEST(TriggerCancel, WithWaitReturnsOnlyAfterAnOnRetireRunningOnAWorker) {
  pool_fixture pool(small_config(2));
  held_retire retire;
  auto *trigger = this->kind.start(pool.get(), &retire, true);
  ASSERT_TRUE(retire.run_gate.wait_inside(1));
  // Cancelled while its instance runs: the worker retires it afterwards.
  ASSERT_EQ(TypeParam::cancel(trigger, 0), TPOOL_E_JOB_RUNNING);
  retire.run_gate.open();
  ASSERT_TRUE(retire.retire_gate.wait_inside(1));
  // Whichever comes first, the opening or this cancel's wait, the cancel
  // must not return before on_retire did.
  std::thread opener([&] { retire.retire_gate.open(); });
  EXPECT_EQ(TypeParam::cancel(trigger, 1), TypeParam::kCancelAfterItsInstanceEnded);
  EXPECT_TRUE(retire.returned.load());
  opener.join();
  TypeParam::release(trigger);
}

// ---- release ----------------------------------------------------------------

TYPED_TEST(TriggerRelease, CancelsAPendingTriggerAndRetiresItOnThisThread) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  auto *trigger = this->kind.start(pool.get(), &probe, false);
  EXPECT_EQ(TypeParam::release(trigger), TPOOL_OK);
  EXPECT_EQ(probe.retires.load(), 1);
  this->kind.try_to_fire();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // as in the cancel test above
  EXPECT_EQ(probe.runs.load(), 0);
}

TYPED_TEST(TriggerRelease, AReleasedHandleIsRejectedWhileItsInstanceStillRuns) {
  trigger_probe probe;
  pool_fixture pool(small_config(1));
  probe.hold.store(true);
  auto *trigger = this->kind.start(pool.get(), &probe, true);
  ASSERT_TRUE(probe.wait_inside());
  ASSERT_EQ(TypeParam::release(trigger), TPOOL_OK);
  EXPECT_EQ(TypeParam::release(trigger), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(TypeParam::cancel(trigger, 0), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(probe.retires.load(), 0);
  probe.hold.store(false);
  EXPECT_TRUE(eventually([&] { return probe.retires.load() == 1; }));
}

}  // namespace
