// tpool under injected faults. A scripted workload (create, single submits,
// a batch submit, growth under blocking jobs, cancellations, timers and
// waits on OS objects, wait_idle, shutdown, destroy) runs once with counting
// only; then, for every injection
// point it reached (thread start, allocation and address wait in tpool.dll,
// the same three in prioq.dll underneath) and every arrival N at that point,
// it runs again with the Nth arrival failing. Each run must:
//  - get a clear status from the call that met the fault (OK, or the fault's
//    own status: OUT_OF_MEMORY, THREAD_START), never anything else;
//  - end with every job accepted before or after the fault having exactly
//    one outcome, and no rejected job running; every timer and wait
//    accepted retired exactly once, each instance it fired with one outcome
//    (a firing whose job record could not be had is retried, not lost);
//  - leave the pool usable (a probe job runs) until it is shut down;
//  - leak nothing (LeakSanitizer checks at exit in linux-asan).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "job_ledger.h"
#include "os_event.h"
#include "prioq_testing.h"
#include "slow_environment.h"
#include "test_support.h"
#include "tpool/tpool.h"
#include "tpool_testing.h"
#include "trigger_ledger.h"

namespace {

using reliability::job_entry;
using reliability::job_kind;
using reliability::job_ledger;
using reliability::trigger_entry;
using reliability::trigger_ledger;

// At most this many arrivals are swept per point (evenly spread when a point
// is reached more often), to bound the run time.
constexpr uint64_t kMaxArrivalsPerPoint = test_support::kSlowEnvironment ? 12 : 60;

// The two DLLs each have their own seam; one interface over both.
struct seam {
  const char *dll;
  tpool_status (*arm)(int32_t, uint64_t);
  uint64_t (*arrivals)(int32_t);
  uint64_t (*injected)(int32_t);
};
tpool_status TPOOL_CALL arm_prioq(int32_t point, uint64_t nth) {
  return prioq_testing_fault_arm(point, nth) == PRIOQ_OK ? TPOOL_OK : TPOOL_E_INVALID_ARGUMENT;
}
const seam kSeams[] = {
    {"tpool", tpool_testing_fault_arm, tpool_testing_fault_arrivals, tpool_testing_fault_injected},
    {"prioq", arm_prioq, prioq_testing_fault_arrivals, prioq_testing_fault_injected},
};
const char *const kPointNames[] = {"thread_start", "allocation", "wait"};

void reset_all() {
  tpool_testing_fault_reset();
  prioq_testing_fault_reset();
}

struct log_capture {
  std::mutex lock;
  size_t warnings = 0;
  std::string last;
  static void TPOOL_CALL sink(void *user, tpool_log_level level, const char *message) {
    auto &self = *static_cast<log_capture *>(user);
    std::lock_guard<std::mutex> guard(self.lock);
    if (level >= TPOOL_LOG_WARN) {
      ++self.warnings;
      self.last = message;
    }
  }
};

bool is_one_of(tpool_status status, std::initializer_list<tpool_status> allowed) {
  return std::find(allowed.begin(), allowed.end(), status) != allowed.end();
}

// Runs the scripted workload; records every unexpected status as a test
// failure. Every job goes through `ledger`.
void run_workload(job_ledger &ledger, bool cancel_mode) {
  log_capture log;
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = 2;
  config.max_workers = 4;
  config.idle_timeout_ms = 5;
  config.log_fn = log_capture::sink;
  config.log_user = &log;
  tpool_pool *pool = nullptr;
  const tpool_status created = tpool_create(&config, &pool);
  ASSERT_TRUE(is_one_of(created, {TPOOL_OK, TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START}))
      << "tpool_create: " << tpool_status_string(created);
  if (created != TPOOL_OK) {
    EXPECT_EQ(pool, nullptr) << "out-parameter written on failure";
    return;
  }

  std::vector<tpool_job *> handles;
  auto submit_one = [&](job_kind kind, int32_t priority, bool keep) {
    job_entry &entry = ledger.add(kind);
    const tpool_job_desc desc = job_ledger::describe(entry, priority);
    tpool_job *handle = nullptr;
    const tpool_status status = tpool_submit_ex(pool, &desc, keep ? &handle : nullptr);
    EXPECT_TRUE(is_one_of(status, {TPOOL_OK, TPOOL_E_OUT_OF_MEMORY}))
        << "tpool_submit_ex: " << tpool_status_string(status);
    entry.accepted = status == TPOOL_OK;
    if (entry.accepted && keep) handles.push_back(handle);
  };

  for (int i = 0; i < 200; ++i) submit_one(job_kind::quick, i % 3, i % 16 == 0);

  std::vector<tpool_job_desc> descs;
  std::vector<job_entry *> batch;
  // 400 jobs per priority: more than prioq's first ring holds, so the batch
  // makes every level of the queue grow (the prioq.allocation arrivals).
  for (int i = 0; i < 1200; ++i) {
    job_entry &entry = ledger.add(i % 10 == 0 ? job_kind::fails : job_kind::quick);
    batch.push_back(&entry);
    descs.push_back(job_ledger::describe(entry, (i * 7) % 3));
  }
  const tpool_status batch_status = tpool_submit_batch(pool, descs.data(), descs.size(), nullptr);
  EXPECT_TRUE(is_one_of(batch_status, {TPOOL_OK, TPOOL_E_OUT_OF_MEMORY}))
      << "tpool_submit_batch: " << tpool_status_string(batch_status);
  for (job_entry *entry : batch) entry->accepted = batch_status == TPOOL_OK;

  // Growth: slow jobs keep both workers busy while more wait.
  for (int i = 0; i < 8; ++i) submit_one(job_kind::slow, TPOOL_PRIORITY_HIGH, false);
  for (int i = 0; i < 30; ++i) submit_one(job_kind::cooperative, i % 3, i % 5 == 0);
  for (size_t i = 0; i < handles.size(); i += 3) {
    const tpool_status status = tpool_job_cancel(handles[i]);
    EXPECT_TRUE(is_one_of(status, {TPOOL_OK, TPOOL_E_JOB_RUNNING, TPOOL_E_JOB_FINISHED}))
        << "tpool_job_cancel: " << tpool_status_string(status);
  }

  // Timers and waits: their objects and heap, the timer thread, waiter
  // threads, and the job record each firing takes.
  trigger_ledger triggers;
  std::vector<tpool_timer *> timers;
  std::vector<tpool_object_wait *> waits;
  const auto start_timer = [&](int32_t mode, uint32_t delay_ms, uint32_t period_ms) {
    trigger_entry &entry = triggers.add(mode == TPOOL_TIMER_ONCE);
    const tpool_timer_desc desc =
        trigger_ledger::timer_desc(entry, mode, delay_ms, period_ms, mode % 3);
    tpool_timer *timer = nullptr;
    const tpool_status status = tpool_timer_start(pool, &desc, &timer);
    EXPECT_TRUE(is_one_of(status, {TPOOL_OK, TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START}))
        << "tpool_timer_start: " << tpool_status_string(status);
    entry.accepted = status == TPOOL_OK;
    if (entry.accepted) timers.push_back(timer);
    return entry.accepted ? &entry : nullptr;
  };
  test_support::os_event signalled, silent;
  const auto start_wait = [&](intptr_t object, uint32_t timeout_ms) {
    trigger_entry &entry = triggers.add(true);
    const tpool_object_wait_desc desc = trigger_ledger::wait_desc(entry, object, timeout_ms, 0);
    tpool_object_wait *wait = nullptr;
    const tpool_status status = tpool_object_wait_start(pool, &desc, &wait);
    EXPECT_TRUE(is_one_of(status, {TPOOL_OK, TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START}))
        << "tpool_object_wait_start: " << tpool_status_string(status);
    entry.accepted = status == TPOOL_OK;
    if (entry.accepted) waits.push_back(wait);
    return entry.accepted ? &entry : nullptr;
  };
  const trigger_entry *once = start_timer(TPOOL_TIMER_ONCE, 0, 0);
  start_timer(TPOOL_TIMER_FIXED_RATE, 0, 1);
  start_timer(TPOOL_TIMER_FIXED_DELAY, 1, 1);
  const trigger_entry *fired_wait = start_wait(signalled.object(), TPOOL_INFINITE);
  EXPECT_TRUE(signalled.signal());
  const trigger_entry *timed_out = start_wait(silent.object(), 1);
  start_wait(silent.object(), TPOOL_INFINITE);  // still pending at shutdown
  // What must fire does, even when a fault hit its first firing.
  for (const trigger_entry *entry : {once, fired_wait, timed_out}) {
    if (entry == nullptr) continue;
    test_support::eventually([&] { return entry->completions.load() != 0; });
    EXPECT_EQ(entry->completions.load(), 1) << "a timer or wait that was due never fired";
  }
  if (timers.size() > 1) {
    EXPECT_TRUE(is_one_of(tpool_timer_cancel(timers[1], 1), {TPOOL_OK}));
  }

  EXPECT_EQ(tpool_wait_idle(pool, TPOOL_INFINITE), TPOOL_OK);
  EXPECT_EQ(ledger.verify(), "") << "after wait_idle";
  EXPECT_EQ(triggers.verify(false), "") << "after wait_idle";

  // The pool is still usable: a probe job runs to DONE (allocation of its
  // record may itself be the armed fault; then it is simply refused).
  job_entry &probe = ledger.add(job_kind::quick);
  const tpool_job_desc probe_desc = job_ledger::describe(probe, TPOOL_PRIORITY_LOW);
  tpool_job *probe_handle = nullptr;
  const tpool_status probe_status = tpool_submit_ex(pool, &probe_desc, &probe_handle);
  EXPECT_TRUE(is_one_of(probe_status, {TPOOL_OK, TPOOL_E_OUT_OF_MEMORY}));
  if (probe_status == TPOOL_OK) {
    probe.accepted = true;
    tpool_job_state state = TPOOL_JOB_QUEUED;
    EXPECT_EQ(tpool_job_wait(probe_handle, TPOOL_INFINITE, &state), TPOOL_OK);
    EXPECT_EQ(state, TPOOL_JOB_DONE);
    handles.push_back(probe_handle);
  }

  // Queue some more, then shut down while they may still be queued.
  for (int i = 0; i < 20; ++i) submit_one(job_kind::quick, i % 3, false);
  EXPECT_EQ(tpool_shutdown(pool, cancel_mode ? TPOOL_SHUTDOWN_CANCEL : TPOOL_SHUTDOWN_DRAIN,
                           TPOOL_INFINITE),
            TPOOL_OK);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
  for (tpool_job *handle : handles) EXPECT_EQ(tpool_job_release(handle), TPOOL_OK);
  EXPECT_EQ(ledger.verify(), "") << "after destroy";
  // Timer and wait handles outlive the pool too.
  for (tpool_timer *timer : timers) EXPECT_EQ(tpool_timer_release(timer), TPOOL_OK);
  for (tpool_object_wait *wait : waits) EXPECT_EQ(tpool_object_wait_release(wait), TPOOL_OK);
  EXPECT_EQ(triggers.verify(true), "") << "after destroy";
}

// Which arrivals to sweep at a point reached `arrivals` times: all of them,
// or an even spread including the first and the last.
std::vector<uint64_t> arrivals_to_sweep(uint64_t arrivals) {
  std::vector<uint64_t> picks;
  if (arrivals <= kMaxArrivalsPerPoint) {
    for (uint64_t n = 1; n <= arrivals; ++n) picks.push_back(n);
    return picks;
  }
  for (uint64_t k = 0; k < kMaxArrivalsPerPoint; ++k) {
    picks.push_back(1 + k * (arrivals - 1) / (kMaxArrivalsPerPoint - 1));
  }
  return picks;
}

// (DLL, point) pairs to sweep. prioq.dll starts no threads, so it has no
// thread_start point.
struct sweep_target {
  int dll;  // index into kSeams
  int point;
};
const sweep_target kTargets[] = {{0, TPOOL_TESTING_FAULT_THREAD_START},
                                 {0, TPOOL_TESTING_FAULT_ALLOCATION},
                                 {0, TPOOL_TESTING_FAULT_WAIT},
                                 {1, PRIOQ_TESTING_FAULT_ALLOCATION},
                                 {1, PRIOQ_TESTING_FAULT_WAIT}};

class TpoolFaultSweep : public ::testing::TestWithParam<sweep_target> {};

TEST_P(TpoolFaultSweep, EveryReachedFaultGivesAClearStatusAndEveryAcceptedJobOneOutcome) {
  const seam &dll = kSeams[GetParam().dll];
  const int point = GetParam().point;
  SCOPED_TRACE(std::string(dll.dll) + "." + kPointNames[point]);

  reset_all();
  {
    job_ledger ledger;
    run_workload(ledger, false);
  }
  const uint64_t counted = dll.arrivals(point);
  if (counted == 0 && point == TPOOL_TESTING_FAULT_WAIT) {
    // prioq's waits are reached only when its lock is contended long enough
    // to sleep, which this workload may not cause.
    GTEST_SKIP() << "the workload never reached this point in its counting run";
  }
  uint64_t injected_total = 0;
  uint64_t jobs_validated = 0;
  for (const uint64_t nth : arrivals_to_sweep(counted)) {
    SCOPED_TRACE("arrival " + std::to_string(nth) + " of " + std::to_string(counted));
    reset_all();
    ASSERT_EQ(dll.arm(point, nth), TPOOL_OK);
    job_ledger ledger;
    run_workload(ledger, nth % 2 == 0);
    // Arrival counts depend on timing (how full the queue gets, when workers
    // park or grow), so arrival N may not come in this run: count the faults
    // that did.
    injected_total += dll.injected(point);
    jobs_validated += ledger.count().accepted;
    reset_all();
    if (HasFailure()) break;
  }
  if (point != TPOOL_TESTING_FAULT_WAIT) {
    // Creating a pool always starts threads and allocates in both DLLs.
    EXPECT_GE(injected_total, 1u) << "the sweep never injected a fault";
  }
  std::printf(
      "[ sweep    ] %s.%s: %llu arrivals counted, %llu faults injected, %llu jobs validated\n",
      dll.dll, kPointNames[point], static_cast<unsigned long long>(counted),
      static_cast<unsigned long long>(injected_total),
      static_cast<unsigned long long>(jobs_validated));
}

INSTANTIATE_TEST_SUITE_P(AllPoints, TpoolFaultSweep, ::testing::ValuesIn(kTargets),
                         [](const ::testing::TestParamInfo<sweep_target> &param) {
                           return std::string(kSeams[param.param.dll].dll) + "_" +
                                  kPointNames[param.param.point];
                         });

TEST(TpoolFaultSweepCoverage, TheWorkloadReachesEveryDeterministicPoint) {
  reset_all();
  job_ledger ledger;
  run_workload(ledger, false);
  // Two workers, the timer thread and a waiter thread at least.
  EXPECT_GE(tpool_testing_fault_arrivals(TPOOL_TESTING_FAULT_THREAD_START), 4u);
  EXPECT_GE(tpool_testing_fault_arrivals(TPOOL_TESTING_FAULT_ALLOCATION), 1u);
  EXPECT_GE(prioq_testing_fault_arrivals(PRIOQ_TESTING_FAULT_ALLOCATION), 1u);
}

// ---- growth when threads cannot start --------------------------------------

// The job that holds the only worker (tests/support/gate.h).
using tpool_test::gate;

tpool_stats stats_of(tpool_pool *pool) {
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  EXPECT_EQ(tpool_get_stats(pool, &stats), TPOOL_OK);
  return stats;
}

// Each round blocks the only worker, then submits one job: the pool must try
// to grow, and the thread start fails. The job must still run on the one
// worker, and the failure must be logged once over all rounds.
TEST(TpoolGrowthFault, FailedGrowthKeepsRunningOnExistingWorkersAndLogsOnce) {
  reset_all();
  log_capture log;
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = 1;
  config.max_workers = 2;
  config.log_fn = log_capture::sink;
  config.log_user = &log;
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  job_ledger ledger;
  constexpr uint64_t kRounds = 4;
  for (uint64_t round = 0; round < kRounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    // Submit the blocker only to an idle worker, so that it causes no growth.
    ASSERT_TRUE(test_support::eventually([&] { return stats_of(pool).workers_idle == 1; }));
    gate blocker;
    ASSERT_EQ(tpool_submit(pool, &gate::job, &blocker, TPOOL_PRIORITY_HIGH, nullptr), TPOOL_OK);
    ASSERT_TRUE(blocker.wait_inside(1));
    ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
    job_entry &entry = ledger.add(job_kind::quick);
    const tpool_job_desc desc = job_ledger::describe(entry, static_cast<int32_t>(round % 3));
    entry.accepted = tpool_submit_ex(pool, &desc, nullptr) == TPOOL_OK;
    ASSERT_TRUE(entry.accepted);
    EXPECT_EQ(tpool_testing_fault_injected(TPOOL_TESTING_FAULT_THREAD_START), round + 1)
        << "the submit did not try to grow the pool";
    tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 0);
    blocker.open();
    ASSERT_EQ(tpool_wait_idle(pool, test_support::kPatienceMs), TPOOL_OK);
  }
  EXPECT_EQ(ledger.verify(), "");
  EXPECT_EQ(stats_of(pool).workers_grown, 0u);
  {
    std::lock_guard<std::mutex> guard(log.lock);
    EXPECT_EQ(log.warnings, 1u) << "last: " << log.last;
  }
  EXPECT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, TPOOL_INFINITE), TPOOL_OK);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
  reset_all();
}

// A pool configuration with exactly `workers` workers (no growth).
tpool_config fixed_workers(uint32_t workers) {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = workers;
  config.max_workers = workers;
  return config;
}

TEST(TpoolGrowthFault, CreateJoinsStartedWorkersAndReportsThreadStartWhenOneFails) {
  reset_all();
  const tpool_config config = fixed_workers(3);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 3), TPOOL_OK);
  tpool_pool *pool = nullptr;
  EXPECT_EQ(tpool_create(&config, &pool), TPOOL_E_THREAD_START);
  EXPECT_EQ(pool, nullptr);
  reset_all();
}

// ---- record recycling --------------------------------------------------------

std::atomic<uint64_t> g_recycle_runs{0};
void TPOOL_CALL count_run(void *, tpool_job_info *) {
  g_recycle_runs.fetch_add(1);
}

// Submit-and-wait cycles must reach a steady state in which no job record is
// allocated: every record comes back (through a worker's magazine or the
// return stack) and is taken again. Each slab of records passes the
// allocation point once, so the arrivals bound the records ever carved.
// However the rounds interleave, records in flight never exceed one round's
// jobs plus what the two workers' magazines hold (128 each): the pool may
// carve that many and no more. If records stopped coming back, every round
// would carve new slabs (45 rounds of 700 jobs: hundreds of slabs).
TEST(TpoolRecordRecycling, SteadySubmitAndWaitCyclesStopAllocatingRecords) {
  reset_all();
  const tpool_config config = fixed_workers(2);
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  constexpr size_t kBatch = 500;
  std::vector<tpool_job_desc> descs(kBatch);
  for (size_t i = 0; i < kBatch; ++i) {
    tpool_job_desc_init(&descs[i]);
    descs[i].fn = count_run;
    descs[i].priority = static_cast<int32_t>(i % 3);
  }
  g_recycle_runs = 0;
  // One round: a batch, single submits with and without handles, then idle.
  auto round = [&] {
    ASSERT_EQ(tpool_submit_batch(pool, descs.data(), kBatch, nullptr), TPOOL_OK);
    for (int i = 0; i < 200; ++i) {
      tpool_job *handle = nullptr;
      ASSERT_EQ(tpool_submit(pool, count_run, nullptr, i % 3, i % 2 == 0 ? &handle : nullptr),
                TPOOL_OK);
      if (handle != nullptr) {
        ASSERT_EQ(tpool_job_release(handle), TPOOL_OK);
      }
    }
    ASSERT_EQ(tpool_wait_idle(pool, TPOOL_INFINITE), TPOOL_OK);
  };
  for (int warm = 0; warm < 5; ++warm) round();
  const uint64_t warm_arrivals = tpool_testing_fault_arrivals(TPOOL_TESTING_FAULT_ALLOCATION);
  EXPECT_GE(warm_arrivals, 1u) << "warm-up carved no slab: the seam is not counting";
  constexpr int kRounds = 40;
  for (int steady = 0; steady < kRounds; ++steady) round();
  constexpr uint64_t kRecordsPerSlab = 128;
  constexpr uint64_t kMostInFlight = kBatch + 200 + 2 * 128;
  constexpr uint64_t kCreateArrivals = 2;  // the allocator and the worker table
  EXPECT_LE(tpool_testing_fault_arrivals(TPOOL_TESTING_FAULT_ALLOCATION),
            kCreateArrivals + (kMostInFlight + kRecordsPerSlab - 1) / kRecordsPerSlab)
      << "more records were carved than can ever be in flight: some do not come back";
  EXPECT_EQ(g_recycle_runs.load(), (5u + kRounds) * (kBatch + 200));
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
}

// ---- timers and waits when a firing finds no job record -------------------

// A fresh pool has carved no job record yet: an instance's submit is the
// first to need a slab. Armed on the next allocation, the first firing
// fails; it must be retried (and logged), not lost or duplicated.
TEST(TpoolTriggerFault, ATimerFiringWithoutAJobRecordIsRetriedAndLogged) {
  reset_all();
  log_capture log;
  tpool_config config = fixed_workers(1);
  config.log_fn = log_capture::sink;
  config.log_user = &log;
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  trigger_ledger triggers;
  trigger_entry &entry = triggers.add(true);
  const tpool_timer_desc desc =
      trigger_ledger::timer_desc(entry, TPOOL_TIMER_ONCE, 30, 0, TPOOL_PRIORITY_HIGH);
  ASSERT_EQ(tpool_timer_start(pool, &desc, nullptr), TPOOL_OK);
  entry.accepted = true;
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  test_support::eventually([&] { return entry.retires.load() != 0; });
  EXPECT_EQ(tpool_testing_fault_injected(TPOOL_TESTING_FAULT_ALLOCATION), 1u);
  EXPECT_EQ(entry.runs.load(), 1);
  EXPECT_EQ(entry.done.load(), 1);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
  EXPECT_EQ(triggers.verify(true), "");
  std::lock_guard<std::mutex> guard(log.lock);
  EXPECT_EQ(log.warnings, 1u);
  EXPECT_NE(log.last.find("retrying"), std::string::npos) << log.last;
  reset_all();
}

TEST(TpoolTriggerFault, AWaitFiringWithoutAJobRecordIsRetriedAndLogged) {
  reset_all();
  log_capture log;
  tpool_config config = fixed_workers(1);
  config.log_fn = log_capture::sink;
  config.log_user = &log;
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  test_support::os_event event;
  trigger_ledger triggers;
  trigger_entry &entry = triggers.add(true);
  const tpool_object_wait_desc desc =
      trigger_ledger::wait_desc(entry, event.object(), TPOOL_INFINITE, TPOOL_PRIORITY_LOW);
  ASSERT_EQ(tpool_object_wait_start(pool, &desc, nullptr), TPOOL_OK);
  entry.accepted = true;
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  ASSERT_TRUE(event.signal());
  test_support::eventually([&] { return entry.retires.load() != 0; });
  EXPECT_EQ(tpool_testing_fault_injected(TPOOL_TESTING_FAULT_ALLOCATION), 1u);
  EXPECT_EQ(entry.runs.load(), 1);
  EXPECT_EQ(entry.last_result.load(), TPOOL_OBJECT_WAIT_SIGNALLED);
  EXPECT_EQ(tpool_destroy(pool), TPOOL_OK);
  EXPECT_EQ(triggers.verify(true), "");
  std::lock_guard<std::mutex> guard(log.lock);
  EXPECT_EQ(log.warnings, 1u);
  EXPECT_NE(log.last.find("retrying"), std::string::npos) << log.last;
  reset_all();
}

}  // namespace
