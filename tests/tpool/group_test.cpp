// Job groups (tpool.h, "job groups"): waiting for, counting and cancelling
// a set of jobs without a handle per job; waits from inside jobs that help
// instead of deadlocking; exactly once per group across cancel and shutdown.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "test_support.h"

namespace {

using tpool_test::gate;
using tpool_test::kPatienceMs;
using tpool_test::pool_fixture;
using tpool_test::small_config;

// Owns a group; releases it at scope exit.
class group_handle {
 public:
  explicit group_handle(tpool_pool *pool) { status_ = tpool_group_create(pool, &group_); }
  ~group_handle() {
    if (group_ != nullptr) tpool_group_release(group_);
  }
  group_handle(const group_handle &) = delete;
  group_handle &operator=(const group_handle &) = delete;
  tpool_group *get() const { return group_; }
  tpool_status create_status() const { return status_; }

 private:
  tpool_group *group_ = nullptr;
  tpool_status status_ = TPOOL_E_INTERNAL;
};

tpool_group_counts counts_of(const tpool_group *group) {
  tpool_group_counts counts{};
  counts.struct_size = sizeof(counts);
  EXPECT_EQ(tpool_group_get_counts(group, &counts), TPOOL_OK);
  return counts;
}

// One counter per job: how often it ran and how often it completed.
struct tally {
  explicit tally(size_t jobs) : runs(jobs), completions(jobs) {}
  std::vector<std::atomic<int>> runs;
  std::vector<std::atomic<int>> completions;
  std::vector<std::atomic<int>> outcomes = std::vector<std::atomic<int>>(runs.size());
};
struct tallied_job {
  tally *owner;
  size_t index;
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    auto *job = static_cast<tallied_job *>(context);
    job->owner->runs[job->index].fetch_add(1);
  }
  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) {
    auto *job = static_cast<tallied_job *>(context);
    job->owner->outcomes[job->index].store(outcome);
    job->owner->completions[job->index].fetch_add(1);
  }
};

tpool_job_desc group_desc(tpool_group *group, tpool_job_fn fn, void *context, int32_t priority,
                          tpool_completion_fn on_complete = nullptr) {
  tpool_job_desc desc = tpool_test::desc_for(fn, context, priority, on_complete);
  desc.group = group;
  return desc;
}

TEST(GroupWait, ReturnsOnlyOnceEveryJobAcceptedIntoTheGroupHasItsOutcome) {
  pool_fixture pool(small_config(2));
  group_handle group(pool.get());
  ASSERT_EQ(group.create_status(), TPOOL_OK);
  constexpr size_t kJobs = 500;
  tally seen(kJobs);
  std::vector<tallied_job> jobs(kJobs);
  for (size_t i = 0; i < kJobs; ++i) {
    jobs[i] = {&seen, i};
    const tpool_job_desc desc = group_desc(group.get(), &tallied_job::run, &jobs[i],
                                           static_cast<int32_t>(i % 3), &tallied_job::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  for (size_t i = 0; i < kJobs; ++i) {
    EXPECT_EQ(seen.runs[i].load(), 1) << i;
    EXPECT_EQ(seen.completions[i].load(), 1) << i;
  }
  const tpool_group_counts counts = counts_of(group.get());
  EXPECT_EQ(counts.submitted, kJobs);
  EXPECT_EQ(counts.done, kJobs);
  EXPECT_EQ(counts.pending, 0u);
}

TEST(GroupWait, TimesOutWhileAJobOfTheGroupIsStillRunning) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  gate held;
  ASSERT_EQ(tpool_group_submit(group.get(), &gate::job, &held, TPOOL_PRIORITY_HIGH), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside(1));
  EXPECT_EQ(tpool_group_wait(group.get(), 20), TPOOL_E_TIMEOUT);
  EXPECT_EQ(counts_of(group.get()).pending, 1u);
  held.open();
  EXPECT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
}

// A job that queues children into a group on its own 1-worker pool (so
// only its wait can run them) and waits once with the given timeout.
struct timed_helper {
  tpool_group *group = nullptr;
  uint32_t timeout_ms = 0;
  uint32_t child_ms = 0;
  static constexpr int kChildren = 20;
  std::atomic<int> children_run{0};
  tpool_status status = TPOOL_E_INTERNAL;
  // Read when the wait returned: once the parent ends, its worker is free
  // and runs the rest, so a later read would race with them.
  int children_run_by_the_wait = -1;
  static void TPOOL_CALL child(void *context, tpool_job_info *) {
    auto *self = static_cast<timed_helper *>(context);
    std::this_thread::sleep_for(std::chrono::milliseconds(self->child_ms));
    self->children_run.fetch_add(1);
  }
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    auto *self = static_cast<timed_helper *>(context);
    for (int i = 0; i < kChildren; ++i) {
      if (tpool_group_submit(self->group, &child, self, TPOOL_PRIORITY_MEDIUM) != TPOOL_OK) return;
    }
    self->status = tpool_group_wait(self->group, self->timeout_ms);
    self->children_run_by_the_wait = self->children_run.load();
  }
};

TEST(GroupWait, FromAWorkerAZeroTimeoutOnlyLooksAndRunsNothing) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  timed_helper helper;
  helper.group = group.get();
  helper.timeout_ms = 0;
  tpool_job *parent = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &timed_helper::run, &helper, TPOOL_PRIORITY_HIGH, &parent),
            TPOOL_OK);
  ASSERT_EQ(tpool_job_wait(parent, kPatienceMs, nullptr), TPOOL_OK);
  tpool_job_release(parent);
  EXPECT_EQ(helper.status, TPOOL_E_TIMEOUT);
  EXPECT_EQ(helper.children_run_by_the_wait, 0);
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(helper.children_run.load(), timed_helper::kChildren);
}

TEST(GroupWait, FromAWorkerTheTimeoutBoundsTheHelpingToJobsStartedBeforeIt) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  timed_helper helper;
  helper.group = group.get();
  helper.timeout_ms = 20;
  helper.child_ms = 5;
  tpool_job *parent = nullptr;
  ASSERT_EQ(tpool_submit(pool.get(), &timed_helper::run, &helper, TPOOL_PRIORITY_HIGH, &parent),
            TPOOL_OK);
  ASSERT_EQ(tpool_job_wait(parent, kPatienceMs, nullptr), TPOOL_OK);
  tpool_job_release(parent);
  // 20 children of at least 5 ms each cannot all start within 20 ms: the
  // wait stopped taking them at its deadline.
  EXPECT_EQ(helper.status, TPOOL_E_TIMEOUT);
  EXPECT_LT(helper.children_run_by_the_wait, timed_helper::kChildren);
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(helper.children_run.load(), timed_helper::kChildren);
}

TEST(GroupWait, OnAnEmptyGroupReturnsAtOnce) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  EXPECT_EQ(tpool_group_wait(group.get(), 0), TPOOL_OK);
}

// A job that forks children into its own group and waits for them.
struct fork_join {
  tpool_pool *pool = nullptr;
  int children = 0;
  std::atomic<int> children_ran{0};
  std::atomic<int> wait_status{-1};
  static void TPOOL_CALL child(void *context, tpool_job_info *) {
    static_cast<fork_join *>(context)->children_ran.fetch_add(1);
  }
  static void TPOOL_CALL parent(void *context, tpool_job_info *) {
    auto *self = static_cast<fork_join *>(context);
    tpool_group *group = nullptr;
    if (tpool_group_create(self->pool, &group) != TPOOL_OK) return;
    for (int i = 0; i < self->children; ++i) {
      tpool_group_submit(group, &fork_join::child, self, TPOOL_PRIORITY_LOW);
    }
    self->wait_status.store(tpool_group_wait(group, kPatienceMs));
    tpool_group_release(group);
  }
};

TEST(GroupWait, FromInsideAJobRunsTheGroupsQueuedJobsSoForkJoinWorksOnOneWorker) {
  pool_fixture pool(small_config(1));
  fork_join job;
  job.pool = pool.get();
  job.children = 100;
  ASSERT_EQ(tpool_submit(pool.get(), &fork_join::parent, &job, TPOOL_PRIORITY_HIGH, nullptr),
            TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(job.wait_status.load(), TPOOL_OK);
  EXPECT_EQ(job.children_ran.load(), 100);
}

// Recursive fork-join: each level forks two halves into a group of its own.
struct split {
  tpool_pool *pool;
  uint64_t begin, end;
  std::atomic<uint64_t> *sum;
  std::atomic<int> *failures;
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    auto *self = static_cast<split *>(context);
    if (self->end - self->begin <= 8) {
      uint64_t local = 0;
      for (uint64_t i = self->begin; i < self->end; ++i) local += i;
      self->sum->fetch_add(local);
      return;
    }
    const uint64_t middle = self->begin + (self->end - self->begin) / 2;
    split halves[2] = {{self->pool, self->begin, middle, self->sum, self->failures},
                       {self->pool, middle, self->end, self->sum, self->failures}};
    tpool_group *group = nullptr;
    if (tpool_group_create(self->pool, &group) != TPOOL_OK) {
      self->failures->fetch_add(1);
      return;
    }
    for (split &half : halves) {
      if (tpool_group_submit(group, &split::run, &half, TPOOL_PRIORITY_MEDIUM) != TPOOL_OK) {
        self->failures->fetch_add(1);
      }
    }
    if (tpool_group_wait(group, kPatienceMs) != TPOOL_OK) self->failures->fetch_add(1);
    tpool_group_release(group);
  }
};

TEST(GroupWait, RecursiveForkJoinCompletesWithOneAndWithTwoWorkers) {
  for (uint32_t workers : {1u, 2u}) {
    pool_fixture pool(small_config(workers));
    std::atomic<uint64_t> sum{0};
    std::atomic<int> failures{0};
    split root{pool.get(), 0, 4096, &sum, &failures};
    ASSERT_EQ(tpool_submit(pool.get(), &split::run, &root, TPOOL_PRIORITY_MEDIUM, nullptr),
              TPOOL_OK);
    ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
    EXPECT_EQ(failures.load(), 0) << workers;
    EXPECT_EQ(sum.load(), 4096u * 4095u / 2) << workers;
  }
}

struct self_wait {
  tpool_group *group = nullptr;
  std::atomic<int> status{-1};
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    auto *self = static_cast<self_wait *>(context);
    self->status.store(tpool_group_wait(self->group, kPatienceMs));
  }
};

TEST(GroupWait, FromAJobOfTheSameGroupReturnsWouldDeadlockAtOnce) {
  pool_fixture pool(small_config(2));
  group_handle group(pool.get());
  self_wait job;
  job.group = group.get();
  ASSERT_EQ(tpool_group_submit(group.get(), &self_wait::run, &job, TPOOL_PRIORITY_HIGH), TPOOL_OK);
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(job.status.load(), TPOOL_E_WOULD_DEADLOCK);
}

TEST(GroupWait, FromAChildRunByItsParentsWaitOnTheParentsGroupReturnsWouldDeadlock) {
  // The parent (in group A) waits on group B and, helping, runs B's child on
  // its own thread; the child waiting on A would wait for its own caller.
  pool_fixture pool(small_config(1));
  group_handle outer(pool.get());
  struct nested {
    tpool_pool *pool;
    tpool_group *outer;
    std::atomic<int> child_status{-1};
    std::atomic<int> parent_status{-1};
    static void TPOOL_CALL child(void *context, tpool_job_info *) {
      auto *self = static_cast<nested *>(context);
      self->child_status.store(tpool_group_wait(self->outer, kPatienceMs));
    }
    static void TPOOL_CALL parent(void *context, tpool_job_info *) {
      auto *self = static_cast<nested *>(context);
      tpool_group *inner = nullptr;
      tpool_group_create(self->pool, &inner);
      tpool_group_submit(inner, &nested::child, self, TPOOL_PRIORITY_HIGH);
      self->parent_status.store(tpool_group_wait(inner, kPatienceMs));
      tpool_group_release(inner);
    }
  } job{pool.get(), outer.get()};
  ASSERT_EQ(tpool_group_submit(outer.get(), &nested::parent, &job, TPOOL_PRIORITY_HIGH), TPOOL_OK);
  ASSERT_EQ(tpool_group_wait(outer.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(job.parent_status.load(), TPOOL_OK);
  EXPECT_EQ(job.child_status.load(), TPOOL_E_WOULD_DEADLOCK);
}

TEST(GroupCancel, CancelsEveryQueuedJobOnceAndRaisesTheFlagOfTheRunningOne) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  struct flag_watcher {
    gate entered;
    std::atomic<bool> saw_cancel{false};
    static void TPOOL_CALL run(void *context, tpool_job_info *info) {
      auto *self = static_cast<flag_watcher *>(context);
      self->entered.pass();
      for (uint32_t waited = 0; waited < kPatienceMs; ++waited) {
        if (tpool_job_info_cancel_requested(info) != 0) {
          self->saw_cancel.store(true);
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
  } running;
  ASSERT_EQ(tpool_group_submit(group.get(), &flag_watcher::run, &running, TPOOL_PRIORITY_HIGH),
            TPOOL_OK);
  running.entered.open();  // pass() returns at once; the job then polls the flag
  ASSERT_TRUE(running.entered.wait_inside(1));
  constexpr size_t kQueued = 40;
  tally seen(kQueued);
  std::vector<tallied_job> jobs(kQueued);
  for (size_t i = 0; i < kQueued; ++i) {
    jobs[i] = {&seen, i};
    const tpool_job_desc desc = group_desc(group.get(), &tallied_job::run, &jobs[i],
                                           TPOOL_PRIORITY_LOW, &tallied_job::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  size_t cancelled = 0;
  ASSERT_EQ(tpool_group_cancel(group.get(), &cancelled), TPOOL_OK);
  EXPECT_EQ(cancelled, kQueued);
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  EXPECT_TRUE(running.saw_cancel.load());
  for (size_t i = 0; i < kQueued; ++i) {
    EXPECT_EQ(seen.runs[i].load(), 0) << i;
    EXPECT_EQ(seen.completions[i].load(), 1) << i;
    EXPECT_EQ(seen.outcomes[i].load(), TPOOL_JOB_CANCELLED) << i;
  }
  const tpool_group_counts counts = counts_of(group.get());
  EXPECT_EQ(counts.cancelled, kQueued);
  EXPECT_EQ(counts.done, 1u);
}

TEST(GroupCancel, LeavesJobsOutsideTheGroupAlone) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  gate held;
  ASSERT_EQ(tpool_submit(pool.get(), &gate::job, &held, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside(1));
  std::atomic<int> outside_runs{0};
  auto count = [](void *context, tpool_job_info *) {
    static_cast<std::atomic<int> *>(context)->fetch_add(1);
  };
  for (int i = 0; i < 10; ++i) {
    ASSERT_EQ(tpool_submit(pool.get(), count, &outside_runs, TPOOL_PRIORITY_LOW, nullptr),
              TPOOL_OK);
    ASSERT_EQ(tpool_group_submit(group.get(), &tpool_test::noop_job, nullptr, TPOOL_PRIORITY_LOW),
              TPOOL_OK);
  }
  size_t cancelled = 0;
  ASSERT_EQ(tpool_group_cancel(group.get(), &cancelled), TPOOL_OK);
  EXPECT_EQ(cancelled, 10u);
  held.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(outside_runs.load(), 10);
}

TEST(GroupCounts, AlwaysAddUpToSubmittedWhileJobsRunAndGetCancelled) {
  pool_fixture pool(small_config(2));
  group_handle group(pool.get());
  std::atomic<bool> stop{false};
  std::atomic<int> bad_snapshots{0};
  std::thread reader([&] {
    const test_support::patience_deadline patience;
    while (!stop.load() && !patience.passed()) {
      const tpool_group_counts counts = counts_of(group.get());
      if (counts.done + counts.failed + counts.cancelled + counts.pending != counts.submitted) {
        bad_snapshots.fetch_add(1);
      }
    }
  });
  const int rounds = 20000 / tpool_test::kStressDivisor;
  for (int i = 0; i < rounds; ++i) {
    ASSERT_EQ(tpool_group_submit(group.get(), &tpool_test::noop_job, nullptr, i % 3), TPOOL_OK);
    if (i % 97 == 0) tpool_group_cancel(group.get(), nullptr);
  }
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  stop.store(true);
  reader.join();
  EXPECT_EQ(bad_snapshots.load(), 0);
  const tpool_group_counts counts = counts_of(group.get());
  EXPECT_EQ(counts.submitted, static_cast<uint64_t>(rounds));
  EXPECT_EQ(counts.done + counts.cancelled, static_cast<uint64_t>(rounds));
}

TEST(GroupSubmit, ABatchIntoSeveralGroupsAndNoneCountsEachGroupSeparately) {
  pool_fixture pool(small_config(2));
  group_handle first(pool.get());
  group_handle second(pool.get());
  std::vector<tpool_job_desc> descs;
  for (int i = 0; i < 30; ++i) {
    tpool_group *group = i % 3 == 0 ? first.get() : (i % 3 == 1 ? second.get() : nullptr);
    descs.push_back(group_desc(group, &tpool_test::noop_job, nullptr, i % 3));
  }
  ASSERT_EQ(tpool_submit_batch(pool.get(), descs.data(), descs.size(), nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_group_wait(first.get(), kPatienceMs), TPOOL_OK);
  ASSERT_EQ(tpool_group_wait(second.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(counts_of(first.get()).submitted, 10u);
  EXPECT_EQ(counts_of(second.get()).submitted, 10u);
  EXPECT_EQ(counts_of(first.get()).done, 10u);
}

TEST(GroupSubmit, AJobWithAHandleInAGroupIsWaitableBothWays) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  const tpool_job_desc desc =
      group_desc(group.get(), &tpool_test::noop_job, nullptr, TPOOL_PRIORITY_MEDIUM);
  tpool_job *job = nullptr;
  ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, &job), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  ASSERT_EQ(tpool_job_wait(job, kPatienceMs, &state), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_JOB_DONE);
  EXPECT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  EXPECT_EQ(tpool_job_release(job), TPOOL_OK);
}

TEST(GroupSubmit, AGroupOfAnotherPoolIsRefusedAndNothingIsCounted) {
  pool_fixture pool(small_config(1));
  pool_fixture other(small_config(1));
  group_handle group(other.get());
  const tpool_job_desc desc = group_desc(group.get(), &tpool_test::noop_job, nullptr, 0);
  EXPECT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_E_INVALID_ARGUMENT);
  EXPECT_EQ(counts_of(group.get()).submitted, 0u);
}

TEST(GroupShutdown, CancelShutdownEndsEveryGroupJobExactlyOnceAndTheWaitReturns) {
  pool_fixture pool(small_config(1));
  group_handle group(pool.get());
  gate held;
  ASSERT_EQ(tpool_group_submit(group.get(), &gate::job, &held, TPOOL_PRIORITY_HIGH), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside(1));
  constexpr size_t kQueued = 100;
  tally seen(kQueued);
  std::vector<tallied_job> jobs(kQueued);
  for (size_t i = 0; i < kQueued; ++i) {
    jobs[i] = {&seen, i};
    const tpool_job_desc desc = group_desc(group.get(), &tallied_job::run, &jobs[i],
                                           static_cast<int32_t>(i % 3), &tallied_job::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  std::thread shutter(
      [&] { EXPECT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_CANCEL, kPatienceMs), TPOOL_OK); });
  ASSERT_TRUE(tpool_test::eventually([&] { return counts_of(group.get()).cancelled == kQueued; }));
  held.open();
  shutter.join();
  EXPECT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  for (size_t i = 0; i < kQueued; ++i) {
    EXPECT_EQ(seen.completions[i].load(), 1) << i;
    EXPECT_EQ(seen.runs[i].load(), 0) << i;
  }
  EXPECT_EQ(tpool_group_submit(group.get(), &tpool_test::noop_job, nullptr, 0), TPOOL_E_SHUT_DOWN);
}

TEST(GroupShutdown, DrainShutdownRunsEveryGroupJob) {
  pool_fixture pool(small_config(2));
  group_handle group(pool.get());
  constexpr size_t kJobs = 300;
  tally seen(kJobs);
  std::vector<tallied_job> jobs(kJobs);
  for (size_t i = 0; i < kJobs; ++i) {
    jobs[i] = {&seen, i};
    const tpool_job_desc desc =
        group_desc(group.get(), &tallied_job::run, &jobs[i], static_cast<int32_t>(i % 3));
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  ASSERT_EQ(tpool_shutdown(pool.get(), TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  EXPECT_EQ(tpool_group_wait(group.get(), 0), TPOOL_OK);
  for (size_t i = 0; i < kJobs; ++i) EXPECT_EQ(seen.runs[i].load(), 1) << i;
}

TEST(GroupRelease, JobsRunToTheirOutcomesAfterTheHandleIsReleased) {
  pool_fixture pool(small_config(1));
  tpool_group *group = nullptr;
  ASSERT_EQ(tpool_group_create(pool.get(), &group), TPOOL_OK);
  gate held;
  ASSERT_EQ(tpool_group_submit(group, &gate::job, &held, TPOOL_PRIORITY_HIGH), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside(1));
  constexpr size_t kJobs = 50;
  tally seen(kJobs);
  std::vector<tallied_job> jobs(kJobs);
  for (size_t i = 0; i < kJobs; ++i) {
    jobs[i] = {&seen, i};
    const tpool_job_desc desc =
        group_desc(group, &tallied_job::run, &jobs[i], TPOOL_PRIORITY_LOW, &tallied_job::complete);
    ASSERT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
  }
  ASSERT_EQ(tpool_group_release(group), TPOOL_OK);
  held.open();
  ASSERT_EQ(tpool_wait_idle(pool.get(), kPatienceMs), TPOOL_OK);
  for (size_t i = 0; i < kJobs; ++i) EXPECT_EQ(seen.completions[i].load(), 1) << i;
}

TEST(GroupRelease, AGroupMayBeReleasedAfterItsPoolIsDestroyed) {
  pool_fixture pool(small_config(1));
  tpool_group *group = nullptr;
  ASSERT_EQ(tpool_group_create(pool.get(), &group), TPOOL_OK);
  for (int i = 0; i < 20; ++i) {
    ASSERT_EQ(tpool_group_submit(group, &tpool_test::noop_job, nullptr, 1), TPOOL_OK);
  }
  ASSERT_EQ(tpool_destroy(pool.release()), TPOOL_OK);
  EXPECT_EQ(tpool_group_wait(group, 0), TPOOL_OK);
  EXPECT_EQ(counts_of(group).done, 20u);
  EXPECT_EQ(tpool_group_release(group), TPOOL_OK);
}

TEST(GroupRelease, AReleasedGroupIsRejectedWhileItsStorageIsNotReused) {
  pool_fixture pool(small_config(1));
  tpool_group *group = nullptr;
  ASSERT_EQ(tpool_group_create(pool.get(), &group), TPOOL_OK);
  ASSERT_EQ(tpool_group_release(group), TPOOL_OK);
  EXPECT_EQ(tpool_group_release(group), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(tpool_group_submit(group, &tpool_test::noop_job, nullptr, 0), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(tpool_group_wait(group, 0), TPOOL_E_INVALID_HANDLE);
  EXPECT_EQ(tpool_group_cancel(group, nullptr), TPOOL_E_INVALID_HANDLE);
  const tpool_job_desc desc = group_desc(group, &tpool_test::noop_job, nullptr, 0);
  EXPECT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_E_INVALID_HANDLE);
  // The storage is recycled: the next group may reuse it, and then the old
  // handle is the new group's (the documented limit of detection).
  tpool_group *next = nullptr;
  ASSERT_EQ(tpool_group_create(pool.get(), &next), TPOOL_OK);
  EXPECT_EQ(tpool_group_release(next), TPOOL_OK);
}

TEST(GroupStress, ProducersCancellersAndWaitersTogetherKeepExactlyOnce) {
  pool_fixture pool(small_config(4));
  group_handle group(pool.get());
  constexpr int kProducers = 4;
  const size_t per_producer = 4000 / static_cast<size_t>(tpool_test::kStressDivisor);
  tally seen(kProducers * per_producer);
  std::vector<tallied_job> jobs(kProducers * per_producer);
  std::atomic<bool> stop{false};
  std::thread canceller([&] {
    const test_support::patience_deadline patience;
    while (!stop.load() && !patience.passed()) {
      tpool_group_cancel(group.get(), nullptr);
      std::this_thread::yield();
    }
  });
  std::vector<std::thread> producers;
  for (int p = 0; p < kProducers; ++p) {
    producers.emplace_back([&, p] {
      for (size_t i = 0; i < per_producer; ++i) {
        const size_t index = static_cast<size_t>(p) * per_producer + i;
        jobs[index] = {&seen, index};
        const tpool_job_desc desc =
            group_desc(group.get(), &tallied_job::run, &jobs[index],
                       static_cast<int32_t>(index % 3), &tallied_job::complete);
        EXPECT_EQ(tpool_submit_ex(pool.get(), &desc, nullptr), TPOOL_OK);
        if (i % 500 == 0) tpool_group_wait(group.get(), 0);
      }
    });
  }
  for (std::thread &producer : producers) producer.join();
  ASSERT_EQ(tpool_group_wait(group.get(), kPatienceMs), TPOOL_OK);
  stop.store(true);
  canceller.join();
  const tpool_group_counts counts = counts_of(group.get());
  EXPECT_EQ(counts.submitted, kProducers * per_producer);
  EXPECT_EQ(counts.done + counts.cancelled, kProducers * per_producer);
  uint64_t ran = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    ASSERT_EQ(seen.completions[i].load(), 1) << i;
    const int outcome = seen.outcomes[i].load();
    ASSERT_TRUE(outcome == TPOOL_JOB_DONE || outcome == TPOOL_JOB_CANCELLED) << i;
    ASSERT_EQ(seen.runs[i].load(), outcome == TPOOL_JOB_DONE ? 1 : 0) << i;
    ran += static_cast<uint64_t>(seen.runs[i].load());
  }
  EXPECT_EQ(ran, counts.done);
}

}  // namespace
