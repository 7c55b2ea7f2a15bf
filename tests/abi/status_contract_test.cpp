// The header contracts, checked from both sides:
//  - each status an exported function's comment lists after "Returns:" is
//    produced here, by a scenario of that function (one test per DLL, so
//    that its coverage check sees every scenario in one process);
//  - no test anywhere sees a status a function does not list: in
//    fault-injection builds every DLL audits its own returns, and
//    tests/support/status_audit.cpp fails any test program that saw one.
//  - in fault-injection builds, every status produced here was seen by the
//    DLL's API wrapper (abi::guarded records each status it returns), so
//    every exported function that returns a status runs inside it.
// The lists come from src/*/testing/*_statuses.inc, generated from the
// headers by tools/gen_api_docs.py (and checked fresh by a ctest).
// TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START and their prioq counterpart
// need the fault-injection seam; other builds report them as not covered
// here (the suites of linux-debug, linux-asan and linux-tsan cover them).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "os_event.h"
#include "prioq/prioq.h"
#include "tpool/tpool.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "prioq_testing.h"
#include "tpool_testing.h"
#endif

namespace {

constexpr uint32_t kPatienceMs = 20000;

uint32_t bit(int32_t status) {
  return status >= 0 && status < 32 ? uint32_t{1} << status : 0;
}

#define STATUS(name) bit(name)
#define DOCUMENTED(function, mask) {#function, mask},
const std::map<std::string, uint32_t> kTpoolDocumented = {
#include "tpool_statuses.inc"
};
const std::map<std::string, uint32_t> kPrioqDocumented = {
#include "prioq_statuses.inc"
};
#undef DOCUMENTED
#undef STATUS

// Records which (function, status) pairs the scenarios produced.
class contract {
 public:
  explicit contract(const std::map<std::string, uint32_t> &documented) : documented_(documented) {}

  void expect(const char *function, int32_t actual, int32_t expected) {
    EXPECT_EQ(actual, expected) << function;
    if (actual == expected) produced_[function] |= bit(actual);
  }

  // Every documented pair was produced; needs_faults lists the statuses only
  // fault injection can produce.
  void check_coverage(const char *(*name_of)(int32_t), std::vector<int32_t> needs_faults) {
#if defined(TPOOL_FAULT_INJECTION)
    needs_faults.clear();
#endif
    for (const auto &[function, documented] : documented_) {
      for (int32_t status = 0; status < 32; ++status) {
        if ((documented & bit(status)) == 0) continue;
        bool fault_only = false;
        for (int32_t skipped : needs_faults) fault_only = fault_only || skipped == status;
        if (fault_only) continue;
        EXPECT_NE(produced_[function] & bit(status), 0u)
            << function << " documents " << name_of(status) << " but no scenario produced it";
      }
    }
    for (const auto &[function, produced] : produced_) {
      EXPECT_EQ(documented_.count(function), 1u) << function << " is not an exported function";
    }
  }

  // Every produced status went through the DLL's API wrapper, which records
  // each status it returns (seen: the DLL's *_testing_statuses_seen).
  template <typename Seen>
  void check_wrapped(Seen seen) {
    for (const auto &[function, produced] : produced_) {
      EXPECT_EQ(seen(function.c_str()) & produced, produced)
          << function << " returned statuses its API wrapper did not record: its body does not "
          << "run inside abi::guarded";
    }
  }

 private:
  const std::map<std::string, uint32_t> &documented_;
  std::map<std::string, uint32_t> produced_;
};

const char *tpool_name(int32_t status) {
  return tpool_status_string(static_cast<tpool_status>(status));
}
const char *prioq_name(int32_t status) {
  return prioq_status_string(static_cast<prioq_status>(status));
}

// A job that holds its worker until released.
struct holder {
  std::atomic<bool> inside{false};
  std::atomic<bool> release{false};
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    holder *self = static_cast<holder *>(context);
    self->inside.store(true);
    while (!self->release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  bool wait_inside() {
    for (uint32_t waited = 0; waited < kPatienceMs; ++waited) {
      if (inside.load()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  }
};

// Runs call(pool) inside a job of pool and returns its status.
struct from_a_job {
  tpool_status (*call)(tpool_pool *pool, tpool_job *self);
  tpool_pool *pool = nullptr;
  tpool_job *self = nullptr;
  std::atomic<bool> handle_ready{false};
  std::atomic<int32_t> result{-1};
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    from_a_job *job = static_cast<from_a_job *>(context);
    while (!job->handle_ready.load()) std::this_thread::yield();
    job->result.store(job->call(job->pool, job->self));
  }
};

int32_t status_inside_a_job(tpool_pool *pool, tpool_status (*call)(tpool_pool *, tpool_job *)) {
  from_a_job job;
  job.call = call;
  job.pool = pool;
  if (tpool_submit(pool, &from_a_job::run, &job, TPOOL_PRIORITY_HIGH, &job.self) != TPOOL_OK) {
    return -1;
  }
  job.handle_ready.store(true);
  tpool_job_wait(job.self, kPatienceMs, nullptr);
  tpool_job_release(job.self);
  return job.result.load();
}

tpool_config one_worker() {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = config.max_workers = 1;
  return config;
}

void TPOOL_CALL noop(void *, tpool_job_info *) {}

struct info_probe {
  int32_t set_failed_ok = -1, set_failed_null = -1, get_ok = -1, get_null = -1;
  static void TPOOL_CALL run(void *context, tpool_job_info *info) {
    info_probe *probe = static_cast<info_probe *>(context);
    probe->get_ok = tpool_job_info_get(info, nullptr, nullptr, nullptr);
    probe->get_null = tpool_job_info_get(nullptr, nullptr, nullptr, nullptr);
    probe->set_failed_ok = tpool_job_info_set_failed(info);
    probe->set_failed_null = tpool_job_info_set_failed(nullptr);
  }
};

// ---- timers and waits ---------------------------------------------------------

// A timer's or wait's fn that holds its worker until released, and records
// what calls on its own handle return from inside.
struct trigger_holder {
  std::atomic<bool> inside{false};
  std::atomic<bool> release{false};
  std::atomic<tpool_timer *> timer{nullptr};
  std::atomic<tpool_wait *> wait{nullptr};
  std::atomic<int32_t> own_cancel_with_wait{-1};
  bool calls_itself = false;  // set before the start: wait for the handle
  void hold() {
    for (uint32_t waited = 0;
         calls_itself && timer.load() == nullptr && wait.load() == nullptr && waited < kPatienceMs;
         ++waited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (timer.load() != nullptr) own_cancel_with_wait.store(tpool_timer_cancel(timer.load(), 1));
    if (wait.load() != nullptr) own_cancel_with_wait.store(tpool_wait_cancel(wait.load(), 1));
    inside.store(true);
    for (uint32_t waited = 0; !release.load() && waited < kPatienceMs; ++waited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    static_cast<trigger_holder *>(context)->hold();
  }
  static void TPOOL_CALL run_wait(void *context, tpool_job_info *, tpool_wait_result) {
    static_cast<trigger_holder *>(context)->hold();
  }
  bool wait_inside() {
    for (uint32_t waited = 0; waited < kPatienceMs; ++waited) {
      if (inside.load()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return false;
  }
};

void TPOOL_CALL timer_noop(void *, tpool_job_info *) {}
void TPOOL_CALL wait_noop(void *, tpool_job_info *, tpool_wait_result) {}

void timer_scenarios(contract &c) {
  tpool_timer_desc desc;
  c.expect("tpool_timer_desc_init_sized", tpool_timer_desc_init_sized(&desc, sizeof desc),
           TPOOL_OK);
  c.expect("tpool_timer_desc_init_sized", tpool_timer_desc_init_sized(nullptr, sizeof desc),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_desc_init_sized", tpool_timer_desc_init_sized(&desc, 6),
           TPOOL_E_BAD_STRUCT_SIZE);

  tpool_config config = one_worker();
  config.min_workers = config.max_workers = 2;
  tpool_pool *pool = nullptr;
#if defined(TPOOL_FAULT_INJECTION)
  // The pool's first timer starts its timer thread.
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  tpool_timer_desc_init(&desc);
  desc.fn = &timer_noop;
  desc.delay_ms = 60000;
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, nullptr), TPOOL_E_THREAD_START);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, nullptr), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
#endif
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);

  tpool_timer_desc_init(&desc);
  desc.fn = &timer_noop;
  desc.delay_ms = 60000;
  tpool_timer *timer = nullptr;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(nullptr, &desc, nullptr), TPOOL_E_NULL_POINTER);
  tpool_timer_desc bad = desc;
  bad.fn = nullptr;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_NULL_POINTER);
  bad = desc;
  bad.struct_size = 3;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_BAD_STRUCT_SIZE);
  bad = desc;
  bad.priority = 3;
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_BAD_PRIORITY);
  bad = desc;
  bad.mode = TPOOL_TIMER_FIXED_RATE;  // with period 0
  c.expect("tpool_timer_start", tpool_timer_start(pool, &bad, nullptr), TPOOL_E_INVALID_ARGUMENT);

  c.expect("tpool_timer_set", tpool_timer_set(timer, 60000, 0), TPOOL_OK);
  c.expect("tpool_timer_set", tpool_timer_set(nullptr, 0, 0), TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 7), TPOOL_E_INVALID_ARGUMENT);
  tpool_timer_state state = TPOOL_TIMER_IDLE;
  uint64_t fired = 0, skipped = 0;
  c.expect("tpool_timer_query", tpool_timer_query(timer, &state, &fired, &skipped), TPOOL_OK);
  EXPECT_EQ(state, TPOOL_TIMER_ARMED);
  c.expect("tpool_timer_query", tpool_timer_query(nullptr, &state, nullptr, nullptr),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 2), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(nullptr, 0), TPOOL_E_NULL_POINTER);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 1), TPOOL_OK);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 0), TPOOL_E_CANCELLED);
  c.expect("tpool_timer_release", tpool_timer_release(timer), TPOOL_OK);
  c.expect("tpool_timer_release", tpool_timer_release(nullptr), TPOOL_E_NULL_POINTER);

  // A running instance: cancel from outside without waiting, from inside
  // with waiting; a handle released while it runs is detected.
  trigger_holder held;
  held.calls_itself = true;
  desc.fn = &trigger_holder::run;
  desc.context = &held;
  desc.delay_ms = 0;
  desc.mode = TPOOL_TIMER_FIXED_RATE;
  desc.period_ms = 60000;
  ASSERT_EQ(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  held.timer.store(timer);
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_timer_cancel", held.own_cancel_with_wait.load(), TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 0), TPOOL_E_JOB_RUNNING);
  held.timer.store(nullptr);
  c.expect("tpool_timer_release", tpool_timer_release(timer), TPOOL_OK);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 1), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_timer_cancel", tpool_timer_cancel(timer, 0), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_timer_query", tpool_timer_query(timer, nullptr, nullptr, nullptr),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_timer_release", tpool_timer_release(timer), TPOOL_E_INVALID_HANDLE);
  held.release.store(true);
  ASSERT_EQ(tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);

  desc.fn = &timer_noop;
  desc.mode = TPOOL_TIMER_ONCE;
  desc.period_ms = 0;
  desc.delay_ms = 60000;
  ASSERT_EQ(tpool_timer_start(pool, &desc, &timer), TPOOL_OK);
  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_timer_start", tpool_timer_start(pool, &desc, nullptr), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_timer_set", tpool_timer_set(timer, 0, 0), TPOOL_E_SHUT_DOWN);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
  ASSERT_EQ(tpool_timer_release(timer), TPOOL_OK);
}

void wait_scenarios(contract &c) {
  tpool_wait_desc desc;
  c.expect("tpool_wait_desc_init_sized", tpool_wait_desc_init_sized(&desc, sizeof desc), TPOOL_OK);
  c.expect("tpool_wait_desc_init_sized", tpool_wait_desc_init_sized(nullptr, sizeof desc),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_wait_desc_init_sized", tpool_wait_desc_init_sized(&desc, 9),
           TPOOL_E_BAD_STRUCT_SIZE);

  test_support::os_event event;
  tpool_config config = one_worker();
  config.min_workers = config.max_workers = 2;
  tpool_pool *pool = nullptr;
  tpool_wait_desc_init(&desc);
  desc.fn = &wait_noop;
  desc.object = event.object();
#if defined(TPOOL_FAULT_INJECTION)
  // The pool's first wait starts a waiter thread.
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
  c.expect("tpool_wait_start", tpool_wait_start(pool, &desc, nullptr), TPOOL_E_THREAD_START);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_wait_start", tpool_wait_start(pool, &desc, nullptr), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
#endif
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);

  tpool_wait *wait = nullptr;
  c.expect("tpool_wait_start", tpool_wait_start(pool, &desc, &wait), TPOOL_OK);
  c.expect("tpool_wait_start", tpool_wait_start(nullptr, &desc, nullptr), TPOOL_E_NULL_POINTER);
  tpool_wait_desc bad = desc;
  bad.fn = nullptr;
  c.expect("tpool_wait_start", tpool_wait_start(pool, &bad, nullptr), TPOOL_E_NULL_POINTER);
  bad = desc;
  bad.struct_size = 5;
  c.expect("tpool_wait_start", tpool_wait_start(pool, &bad, nullptr), TPOOL_E_BAD_STRUCT_SIZE);
  bad = desc;
  bad.priority = -2;
  c.expect("tpool_wait_start", tpool_wait_start(pool, &bad, nullptr), TPOOL_E_BAD_PRIORITY);
  bad = desc;
  bad.object = -1;
  c.expect("tpool_wait_start", tpool_wait_start(pool, &bad, nullptr), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_wait_cancel", tpool_wait_cancel(wait, 5), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_wait_cancel", tpool_wait_cancel(nullptr, 0), TPOOL_E_NULL_POINTER);
  c.expect("tpool_wait_cancel", tpool_wait_cancel(wait, 0), TPOOL_OK);
  c.expect("tpool_wait_release", tpool_wait_release(wait), TPOOL_OK);
  c.expect("tpool_wait_release", tpool_wait_release(nullptr), TPOOL_E_NULL_POINTER);

  // A running instance, as for timers; then one that has finished.
  trigger_holder held;
  held.calls_itself = true;
  desc.fn = &trigger_holder::run_wait;
  desc.context = &held;
  desc.timeout_ms = 0;  // fires at once, timed out
  ASSERT_EQ(tpool_wait_start(pool, &desc, &wait), TPOOL_OK);
  held.wait.store(wait);
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_wait_cancel", held.own_cancel_with_wait.load(), TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_wait_cancel", tpool_wait_cancel(wait, 0), TPOOL_E_JOB_RUNNING);
  held.release.store(true);
  c.expect("tpool_wait_cancel", tpool_wait_cancel(wait, 1), TPOOL_E_JOB_FINISHED);
  c.expect("tpool_wait_release", tpool_wait_release(wait), TPOOL_OK);

  trigger_holder released_while_running;
  desc.context = &released_while_running;
  ASSERT_EQ(tpool_wait_start(pool, &desc, &wait), TPOOL_OK);
  ASSERT_TRUE(released_while_running.wait_inside());
  ASSERT_EQ(tpool_wait_release(wait), TPOOL_OK);
  c.expect("tpool_wait_cancel", tpool_wait_cancel(wait, 0), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_wait_release", tpool_wait_release(wait), TPOOL_E_INVALID_HANDLE);
  released_while_running.release.store(true);
  ASSERT_EQ(tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);

  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  desc.fn = &wait_noop;
  c.expect("tpool_wait_start", tpool_wait_start(pool, &desc, nullptr), TPOOL_E_SHUT_DOWN);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

// A loop body that fails on the chunk holding index 3.
int32_t TPOOL_CALL fail_at_three(void *, uint64_t begin, uint64_t end) {
  return begin <= 3 && 3 < end ? 1 : 0;
}
int32_t TPOOL_CALL range_noop(void *, uint64_t, uint64_t) {
  return 0;
}

// Job groups and parallel loops (their own pool, shut down at the end).
void exercise_groups_and_loops(contract &c) {
  tpool_config config = one_worker();
  tpool_pool *pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  tpool_pool *other_pool = nullptr;
  ASSERT_EQ(tpool_create(&config, &other_pool), TPOOL_OK);

  tpool_group *group = nullptr;
  c.expect("tpool_group_create", tpool_group_create(pool, nullptr), TPOOL_E_NULL_POINTER);
#if defined(TPOOL_FAULT_INJECTION)
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_group_create", tpool_group_create(pool, &group), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
#endif
  c.expect("tpool_group_create", tpool_group_create(pool, &group), TPOOL_OK);
  tpool_group *foreign = nullptr;
  ASSERT_EQ(tpool_group_create(other_pool, &foreign), TPOOL_OK);

  holder held;
  c.expect("tpool_group_submit", tpool_group_submit(group, &holder::run, &held, 0), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside());
  c.expect("tpool_group_submit", tpool_group_submit(nullptr, &noop, nullptr, 0),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_group_submit", tpool_group_submit(group, nullptr, nullptr, 0),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 7),
           TPOOL_E_BAD_PRIORITY);
#if defined(TPOOL_FAULT_INJECTION)
  // The group's first job carved the pool's first slab of records; the
  // group's entry array (16 entries) fills up after 15 more.
  for (int i = 0; i < 15; ++i) ASSERT_EQ(tpool_group_submit(group, &noop, nullptr, 2), TPOOL_OK);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 2),
           TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
#endif
  tpool_job_desc desc;
  tpool_job_desc_init(&desc);
  desc.fn = &noop;
  desc.group = foreign;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &desc, nullptr), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &desc, 1, nullptr),
           TPOOL_E_INVALID_ARGUMENT);
  ASSERT_EQ(tpool_submit(pool, &noop, nullptr, 2, nullptr), TPOOL_OK);

  c.expect("tpool_group_wait", tpool_group_wait(group, 0), TPOOL_E_TIMEOUT);
  c.expect("tpool_group_wait", tpool_group_wait(nullptr, 0), TPOOL_E_NULL_POINTER);
  tpool_group_counts counts{};
  counts.struct_size = sizeof counts;
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, &counts), TPOOL_OK);
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, nullptr), TPOOL_E_NULL_POINTER);
  counts.struct_size = 4;
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, &counts),
           TPOOL_E_BAD_STRUCT_SIZE);
  size_t cancelled = 0;
  c.expect("tpool_group_cancel", tpool_group_cancel(group, &cancelled), TPOOL_OK);
  c.expect("tpool_group_cancel", tpool_group_cancel(nullptr, &cancelled), TPOOL_E_NULL_POINTER);
  held.release.store(true);
  c.expect("tpool_group_wait", tpool_group_wait(group, kPatienceMs), TPOOL_OK);

  // From inside a job of the group itself: the wait could never end.
  struct self_waiter {
    tpool_group *group = nullptr;
    std::atomic<int32_t> result{-1};
    static void TPOOL_CALL run(void *context, tpool_job_info *) {
      self_waiter *self = static_cast<self_waiter *>(context);
      self->result.store(tpool_group_wait(self->group, 0));
    }
  } waiter;
  waiter.group = group;
  ASSERT_EQ(tpool_group_submit(group, &self_waiter::run, &waiter, 0), TPOOL_OK);
  ASSERT_EQ(tpool_group_wait(group, kPatienceMs), TPOOL_OK);
  c.expect("tpool_group_wait", waiter.result.load(), TPOOL_E_WOULD_DEADLOCK);

  // ---- parallel loops ----
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 100, 0, &range_noop, nullptr, 1),
           TPOOL_OK);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, &fail_at_three, nullptr, 1),
           TPOOL_E_FAILED);
  c.expect("tpool_parallel_for", tpool_parallel_for(nullptr, 0, 10, 1, &range_noop, nullptr, 1),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, nullptr, nullptr, 1),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 10, 0, 1, &range_noop, nullptr, 1),
           TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, &range_noop, nullptr, 3),
           TPOOL_E_BAD_PRIORITY);
#if defined(TPOOL_FAULT_INJECTION)
  // A loop with helpers allocates a group first (two workers: one helper).
  tpool_config two = one_worker();
  two.min_workers = two.max_workers = 2;
  tpool_pool *pair = nullptr;
  ASSERT_EQ(tpool_create(&two, &pair), TPOOL_OK);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_parallel_for", tpool_parallel_for(pair, 0, 10, 1, &range_noop, nullptr, 1),
           TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  ASSERT_EQ(tpool_destroy(pair), TPOOL_OK);
#endif

  ASSERT_EQ(tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 0), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_parallel_for", tpool_parallel_for(pool, 0, 10, 1, &range_noop, nullptr, 1),
           TPOOL_E_SHUT_DOWN);

  c.expect("tpool_group_release", tpool_group_release(group), TPOOL_OK);
  c.expect("tpool_group_release", tpool_group_release(nullptr), TPOOL_E_NULL_POINTER);
  // A released group whose storage nothing reused yet (the pool's allocator
  // keeps it): detected.
  c.expect("tpool_group_submit", tpool_group_submit(group, &noop, nullptr, 0),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_wait", tpool_group_wait(group, 0), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_cancel", tpool_group_cancel(group, nullptr), TPOOL_E_INVALID_HANDLE);
  counts.struct_size = sizeof counts;
  c.expect("tpool_group_get_counts", tpool_group_get_counts(group, &counts),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_release", tpool_group_release(group), TPOOL_E_INVALID_HANDLE);
  desc.group = group;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &desc, nullptr), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &desc, 1, nullptr),
           TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_group_release", tpool_group_release(foreign), TPOOL_OK);
  ASSERT_EQ(tpool_destroy(other_pool), TPOOL_OK);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);
}

TEST(StatusContract, EveryTpoolStatusTheHeaderListsIsProducedByItsFunction) {
  contract c(kTpoolDocumented);
  tpool_config config;
  tpool_job_desc desc;

  c.expect("tpool_config_init_sized", tpool_config_init_sized(&config, sizeof config), TPOOL_OK);
  c.expect("tpool_config_init_sized", tpool_config_init_sized(nullptr, sizeof config),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_config_init_sized", tpool_config_init_sized(&config, 3), TPOOL_E_BAD_STRUCT_SIZE);
  c.expect("tpool_config_init", (tpool_config_init)(&config), TPOOL_OK);
  c.expect("tpool_config_init", (tpool_config_init)(nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_desc_init_sized", tpool_job_desc_init_sized(&desc, sizeof desc), TPOOL_OK);
  c.expect("tpool_job_desc_init_sized", tpool_job_desc_init_sized(nullptr, sizeof desc),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_desc_init_sized", tpool_job_desc_init_sized(&desc, 5),
           TPOOL_E_BAD_STRUCT_SIZE);
  c.expect("tpool_job_desc_init", (tpool_job_desc_init)(&desc), TPOOL_OK);
  c.expect("tpool_job_desc_init", (tpool_job_desc_init)(nullptr), TPOOL_E_NULL_POINTER);

  // ---- create ----
  tpool_pool *pool = nullptr;
  config = one_worker();
  c.expect("tpool_create", tpool_create(&config, nullptr), TPOOL_E_NULL_POINTER);
  config.struct_size = 12;
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_BAD_STRUCT_SIZE);
  config = one_worker();
  config.min_workers = 0;
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_BAD_WORKER_COUNT);
  config = one_worker();
  config.log_level = -3;
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_INVALID_ARGUMENT);
#if defined(TPOOL_FAULT_INJECTION)
  config = one_worker();
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_OUT_OF_MEMORY);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_THREAD_START, 1), TPOOL_OK);
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_E_THREAD_START);
  tpool_testing_fault_reset();
#endif
  config = one_worker();
  c.expect("tpool_create", tpool_create(&config, &pool), TPOOL_OK);
  ASSERT_NE(pool, nullptr);

  // ---- submitting ----
  tpool_job_desc good;
  tpool_job_desc_init(&good);
  good.fn = &noop;
#if defined(TPOOL_FAULT_INJECTION)
  // Only a job with a handle needs a record, and the pool has none yet: the
  // first such submit carves a slab.
  tpool_job *never = nullptr;
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 0, &never), TPOOL_E_OUT_OF_MEMORY);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &good, &never), TPOOL_E_OUT_OF_MEMORY);
  ASSERT_EQ(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1), TPOOL_OK);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &good, 1, &never), TPOOL_E_OUT_OF_MEMORY);
  tpool_testing_fault_reset();
  EXPECT_EQ(never, nullptr);
#endif
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 0, nullptr), TPOOL_OK);
  c.expect("tpool_submit", tpool_submit(nullptr, &noop, nullptr, 0, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 3, nullptr), TPOOL_E_BAD_PRIORITY);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &good, nullptr), TPOOL_OK);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, nullptr, nullptr), TPOOL_E_NULL_POINTER);
  tpool_job_desc bad = good;
  bad.struct_size = 2;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &bad, nullptr), TPOOL_E_BAD_STRUCT_SIZE);
  bad = good;
  bad.priority = -1;
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &bad, nullptr), TPOOL_E_BAD_PRIORITY);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &good, 1, nullptr), TPOOL_OK);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, nullptr, 1, nullptr),
           TPOOL_E_NULL_POINTER);
  bad = good;
  bad.struct_size = 2;
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &bad, 1, nullptr),
           TPOOL_E_BAD_STRUCT_SIZE);
  bad = good;
  bad.priority = 9;
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &bad, 1, nullptr), TPOOL_E_BAD_PRIORITY);
  size_t cancelled = 0;
  c.expect("tpool_cancel_all", tpool_cancel_all(pool, &cancelled), TPOOL_OK);
  c.expect("tpool_cancel_all", tpool_cancel_all(nullptr, &cancelled), TPOOL_E_NULL_POINTER);
  c.expect("tpool_wait_idle", tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);
  c.expect("tpool_wait_idle", tpool_wait_idle(nullptr, 0), TPOOL_E_NULL_POINTER);

  // ---- handles ----
  holder held;
  tpool_job *running = nullptr;
  ASSERT_EQ(tpool_submit(pool, &holder::run, &held, 0, &running), TPOOL_OK);
  ASSERT_TRUE(held.wait_inside());
  tpool_job *queued = nullptr;
  ASSERT_EQ(tpool_submit(pool, &noop, nullptr, 2, &queued), TPOOL_OK);
  tpool_job_state state = TPOOL_JOB_QUEUED;
  c.expect("tpool_wait_idle", tpool_wait_idle(pool, 0), TPOOL_E_TIMEOUT);
  c.expect("tpool_job_wait", tpool_job_wait(running, 0, &state), TPOOL_E_TIMEOUT);
  c.expect("tpool_job_wait", tpool_job_wait(nullptr, 0, &state), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_cancel", tpool_job_cancel(running), TPOOL_E_JOB_RUNNING);
  c.expect("tpool_job_cancel", tpool_job_cancel(queued), TPOOL_OK);
  c.expect("tpool_job_cancel", tpool_job_cancel(queued), TPOOL_E_JOB_FINISHED);
  c.expect("tpool_job_cancel", tpool_job_cancel(nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_shutdown", tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, 0), TPOOL_E_TIMEOUT);
  c.expect("tpool_submit", tpool_submit(pool, &noop, nullptr, 0, nullptr), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_submit_ex", tpool_submit_ex(pool, &good, nullptr), TPOOL_E_SHUT_DOWN);
  c.expect("tpool_submit_batch", tpool_submit_batch(pool, &good, 1, nullptr), TPOOL_E_SHUT_DOWN);
  held.release.store(true);
  c.expect("tpool_job_wait", tpool_job_wait(running, kPatienceMs, &state), TPOOL_OK);
  uint64_t id = 0;
  c.expect("tpool_job_status", tpool_job_status(running, &state), TPOOL_OK);
  c.expect("tpool_job_status", tpool_job_status(running, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_id", tpool_job_id(running, &id), TPOOL_OK);
  c.expect("tpool_job_id", tpool_job_id(running, nullptr), TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_release", tpool_job_release(running), TPOOL_OK);
  c.expect("tpool_job_release", tpool_job_release(nullptr), TPOOL_E_NULL_POINTER);
  // A released handle whose record nothing reused yet: detected.
  c.expect("tpool_job_status", tpool_job_status(running, &state), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_wait", tpool_job_wait(running, 0, &state), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_cancel", tpool_job_cancel(running), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_id", tpool_job_id(running, &id), TPOOL_E_INVALID_HANDLE);
  c.expect("tpool_job_release", tpool_job_release(running), TPOOL_E_INVALID_HANDLE);
  tpool_job_release(queued);

  c.expect("tpool_shutdown", tpool_shutdown(pool, TPOOL_SHUTDOWN_DRAIN, kPatienceMs), TPOOL_OK);
  c.expect("tpool_shutdown", tpool_shutdown(nullptr, TPOOL_SHUTDOWN_DRAIN, 0),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_shutdown", tpool_shutdown(pool, static_cast<tpool_shutdown_mode>(-1), 0),
           TPOOL_E_INVALID_ARGUMENT);

  // ---- diagnostics ----
  tpool_stats stats{};
  stats.struct_size = sizeof stats;
  c.expect("tpool_get_stats", tpool_get_stats(pool, &stats), TPOOL_OK);
  c.expect("tpool_get_stats", tpool_get_stats(pool, nullptr), TPOOL_E_NULL_POINTER);
  stats.struct_size = 8;
  c.expect("tpool_get_stats", tpool_get_stats(pool, &stats), TPOOL_E_BAD_STRUCT_SIZE);
  tpool_worker_stats worker{};
  worker.struct_size = sizeof worker;
  size_t count = 0;
  c.expect("tpool_get_worker_stats", tpool_get_worker_stats(pool, &worker, 1, &count), TPOOL_OK);
  c.expect("tpool_get_worker_stats", tpool_get_worker_stats(pool, &worker, 1, nullptr),
           TPOOL_E_NULL_POINTER);
  worker.struct_size = 4;
  c.expect("tpool_get_worker_stats", tpool_get_worker_stats(pool, &worker, 1, &count),
           TPOOL_E_BAD_STRUCT_SIZE);
  c.expect("tpool_set_log_level", tpool_set_log_level(pool, TPOOL_LOG_ERROR), TPOOL_OK);
  c.expect("tpool_set_log_level", tpool_set_log_level(nullptr, TPOOL_LOG_ERROR),
           TPOOL_E_NULL_POINTER);
  c.expect("tpool_set_log_level", tpool_set_log_level(pool, 17), TPOOL_E_INVALID_ARGUMENT);
  c.expect("tpool_destroy", tpool_destroy(pool), TPOOL_OK);
  c.expect("tpool_destroy", tpool_destroy(nullptr), TPOOL_E_NULL_POINTER);

  // ---- from inside a job of the same pool ----
  config = one_worker();
  ASSERT_EQ(tpool_create(&config, &pool), TPOOL_OK);
  c.expect(
      "tpool_wait_idle",
      status_inside_a_job(pool, [](tpool_pool *p, tpool_job *) { return tpool_wait_idle(p, 0); }),
      TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_shutdown",
           status_inside_a_job(pool,
                               [](tpool_pool *p, tpool_job *) {
                                 return tpool_shutdown(p, TPOOL_SHUTDOWN_DRAIN, 0);
                               }),
           TPOOL_E_WOULD_DEADLOCK);
  c.expect("tpool_destroy",
           status_inside_a_job(pool, [](tpool_pool *p, tpool_job *) { return tpool_destroy(p); }),
           TPOOL_E_WOULD_DEADLOCK);
  c.expect(
      "tpool_job_wait",
      status_inside_a_job(
          pool, [](tpool_pool *, tpool_job *self) { return tpool_job_wait(self, 0, nullptr); }),
      TPOOL_E_WOULD_DEADLOCK);
  info_probe probe;
  ASSERT_EQ(tpool_submit(pool, &info_probe::run, &probe, 0, nullptr), TPOOL_OK);
  ASSERT_EQ(tpool_wait_idle(pool, kPatienceMs), TPOOL_OK);
  c.expect("tpool_job_info_get", probe.get_ok, TPOOL_OK);
  c.expect("tpool_job_info_get", probe.get_null, TPOOL_E_NULL_POINTER);
  c.expect("tpool_job_info_set_failed", probe.set_failed_ok, TPOOL_OK);
  c.expect("tpool_job_info_set_failed", probe.set_failed_null, TPOOL_E_NULL_POINTER);
  ASSERT_EQ(tpool_destroy(pool), TPOOL_OK);

  exercise_groups_and_loops(c);
  timer_scenarios(c);
  wait_scenarios(c);

  c.check_coverage(&tpool_name, {TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START});
#if defined(TPOOL_FAULT_INJECTION)
  c.check_wrapped(&tpool_testing_statuses_seen);
#endif
}

TEST(StatusContract, EveryPrioqStatusTheHeaderListsIsProducedByItsFunction) {
  contract c(kPrioqDocumented);
  prioq_config config;
  c.expect("prioq_config_init_sized", prioq_config_init_sized(&config, sizeof config), PRIOQ_OK);
  c.expect("prioq_config_init_sized", prioq_config_init_sized(nullptr, sizeof config),
           PRIOQ_E_NULL_POINTER);
  c.expect("prioq_config_init_sized", prioq_config_init_sized(&config, 7), PRIOQ_E_BAD_STRUCT_SIZE);
  c.expect("prioq_config_init", (prioq_config_init)(&config), PRIOQ_OK);
  c.expect("prioq_config_init", (prioq_config_init)(nullptr), PRIOQ_E_NULL_POINTER);

  prioq_queue *queue = nullptr;
  c.expect("prioq_create", prioq_create(nullptr, nullptr), PRIOQ_E_NULL_POINTER);
  config.struct_size = 6;
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_BAD_STRUCT_SIZE);
  prioq_config_init(&config);
  config.reserved_ = 1;
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
#if defined(TPOOL_FAULT_INJECTION)
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  c.expect("prioq_create", prioq_create(nullptr, &queue), PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
#endif
  prioq_config_init(&config);
  config.capacity = 1000;
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_OK);

  int value = 0;
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_OK);
  c.expect("prioq_push", prioq_push(nullptr, &value, 0), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push", prioq_push(queue, &value, 3), PRIOQ_E_BAD_PRIORITY);
  prioq_item items[2] = {{&value, 1}, {&value, 2}};
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 2), PRIOQ_OK);
  c.expect("prioq_push_batch", prioq_push_batch(queue, nullptr, 2), PRIOQ_E_NULL_POINTER);
  prioq_item bad_items[1] = {{&value, -4}};
  c.expect("prioq_push_batch", prioq_push_batch(queue, bad_items, 1), PRIOQ_E_BAD_PRIORITY);
  size_t size = 0;
  c.expect("prioq_size", prioq_size(queue, PRIOQ_PRIORITY_ALL, &size), PRIOQ_OK);
  c.expect("prioq_size", prioq_size(queue, 0, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_size", prioq_size(queue, 5, &size), PRIOQ_E_BAD_PRIORITY);

  // Full: fill the rest of the capacity, in LOW, which also makes it grow.
  std::vector<prioq_item> fill(1000 - 3, prioq_item{&value, 2});
#if defined(TPOOL_FAULT_INJECTION)
  // A batch this large is past any first ring: it must grow one.
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  c.expect("prioq_push_batch", prioq_push_batch(queue, fill.data(), fill.size()),
           PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
  // Single HIGH pushes with the fault armed: the first one that must grow
  // the HIGH storage fails, whatever its size.
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  size_t pushed_high = 0;
  prioq_status single = PRIOQ_OK;
  while (pushed_high < 990 && (single = prioq_push(queue, &value, 0)) == PRIOQ_OK) ++pushed_high;
  c.expect("prioq_push", single, PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
  void *drained = nullptr;
  for (size_t i = 0; i < pushed_high; ++i)
    ASSERT_EQ(prioq_try_pop(queue, &drained, nullptr), PRIOQ_OK);
#endif
  ASSERT_EQ(prioq_push_batch(queue, fill.data(), fill.size()), PRIOQ_OK);
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_E_FULL);
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 1), PRIOQ_E_FULL);

  void *item = nullptr;
  int32_t priority = 0;
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, &priority), PRIOQ_OK);
  c.expect("prioq_try_pop", prioq_try_pop(queue, nullptr, &priority), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop", prioq_pop(queue, 0, &item, &priority), PRIOQ_OK);
  c.expect("prioq_pop", prioq_pop(nullptr, 0, &item, &priority), PRIOQ_E_NULL_POINTER);
  prioq_item out[4];
  size_t popped = 0;
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 4, 0, &popped), PRIOQ_OK);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, nullptr, 4, 0, &popped), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 0, 0, &popped), PRIOQ_E_INVALID_ARGUMENT);
  while (prioq_try_pop(queue, &item, nullptr) == PRIOQ_OK) {
  }
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, nullptr), PRIOQ_E_EMPTY);
  c.expect("prioq_pop", prioq_pop(queue, 0, &item, nullptr), PRIOQ_E_TIMEOUT);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 4, 1, &popped), PRIOQ_E_TIMEOUT);

  int32_t closed = 0;
  c.expect("prioq_is_closed", prioq_is_closed(queue, &closed), PRIOQ_OK);
  c.expect("prioq_is_closed", prioq_is_closed(queue, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_close", prioq_close(queue), PRIOQ_OK);
  c.expect("prioq_close", prioq_close(nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_E_CLOSED);
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 2), PRIOQ_E_CLOSED);
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, nullptr), PRIOQ_E_CLOSED);
  c.expect("prioq_pop", prioq_pop(queue, PRIOQ_INFINITE, &item, nullptr), PRIOQ_E_CLOSED);
  c.expect("prioq_pop_batch", prioq_pop_batch(queue, out, 4, PRIOQ_INFINITE, &popped),
           PRIOQ_E_CLOSED);
  c.expect("prioq_destroy", prioq_destroy(queue), PRIOQ_OK);
  c.expect("prioq_destroy", prioq_destroy(nullptr), PRIOQ_E_NULL_POINTER);

  // ---- items of their own size (copied in and out) ----
  struct wide {
    uint64_t words[3];
  };
  prioq_config_init(&config);
  config.item_size = 12;  // not a multiple of the pointer size on x64; 12 % 4 == 0 on x86
  if (sizeof(void *) == 8) {
    c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  }
  config.item_size = PRIOQ_MAX_ITEM_SIZE + static_cast<uint32_t>(sizeof(void *));
  c.expect("prioq_create", prioq_create(&config, &queue), PRIOQ_E_INVALID_ARGUMENT);
  config.item_size = sizeof(wide);
  config.capacity = 2;
  ASSERT_EQ(prioq_create(&config, &queue), PRIOQ_OK);
  uint32_t item_size = 0;
  c.expect("prioq_item_size", prioq_item_size(queue, &item_size), PRIOQ_OK);
  EXPECT_EQ(item_size, sizeof(wide));
  c.expect("prioq_item_size", prioq_item_size(nullptr, &item_size), PRIOQ_E_NULL_POINTER);
  const wide in{{1, 2, 3}};
  wide out_wide{};
  c.expect("prioq_push", prioq_push(queue, &value, 0), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_push_batch", prioq_push_batch(queue, items, 1), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_try_pop", prioq_try_pop(queue, &item, nullptr), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_pop", prioq_pop(queue, 0, &item, nullptr), PRIOQ_E_INVALID_ARGUMENT);
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, &out_wide, nullptr), PRIOQ_E_EMPTY);
  c.expect("prioq_pop_item", prioq_pop_item(queue, 0, &out_wide, nullptr), PRIOQ_E_TIMEOUT);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 1), PRIOQ_OK);
  c.expect("prioq_push_item", prioq_push_item(nullptr, &in, 1), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 7), PRIOQ_E_BAD_PRIORITY);
  const wide pair[2] = {{{4, 5, 6}}, {{7, 8, 9}}};
  const int32_t pair_priorities[2] = {0, 2};
  const int32_t bad_priorities[2] = {0, 3};
  c.expect("prioq_push_items", prioq_push_items(queue, pair, pair_priorities, 2), PRIOQ_E_FULL);
  c.expect("prioq_push_items", prioq_push_items(queue, pair, bad_priorities, 2),
           PRIOQ_E_BAD_PRIORITY);
  c.expect("prioq_push_items", prioq_push_items(queue, nullptr, pair_priorities, 1),
           PRIOQ_E_NULL_POINTER);
  c.expect("prioq_push_items", prioq_push_items(queue, pair, pair_priorities, 1), PRIOQ_OK);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 1), PRIOQ_E_FULL);
  wide out_many[2] = {};
  int32_t out_priorities[2] = {-1, -1};
  size_t popped_count = 0;
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, out_priorities, 1, 0, &popped_count),
           PRIOQ_OK);
  EXPECT_EQ(popped_count, 1u);
  EXPECT_EQ(out_many[0].words[0], 4u);
  ASSERT_EQ(prioq_push_items(queue, pair, pair_priorities, 1), PRIOQ_OK);
  c.expect("prioq_pop_items", prioq_pop_items(queue, nullptr, nullptr, 1, 0, &popped_count),
           PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, nullptr, 0, 0, &popped_count),
           PRIOQ_E_INVALID_ARGUMENT);
  int32_t popped_priority = -1;
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, &out_wide, &popped_priority), PRIOQ_OK);
  EXPECT_EQ(out_wide.words[0], 4u);
  c.expect("prioq_pop_item", prioq_pop_item(queue, 0, &out_wide, &popped_priority), PRIOQ_OK);
  EXPECT_EQ(out_wide.words[2], 3u);
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, nullptr, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_item", prioq_pop_item(nullptr, 0, &out_wide, nullptr), PRIOQ_E_NULL_POINTER);
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, nullptr, 2, 1, &popped_count),
           PRIOQ_E_TIMEOUT);
  ASSERT_EQ(prioq_close(queue), PRIOQ_OK);
  c.expect("prioq_pop_items", prioq_pop_items(queue, out_many, nullptr, 2, 0, &popped_count),
           PRIOQ_E_CLOSED);
  c.expect("prioq_push_item", prioq_push_item(queue, &in, 1), PRIOQ_E_CLOSED);
  c.expect("prioq_push_items", prioq_push_items(queue, pair, pair_priorities, 1), PRIOQ_E_CLOSED);
  c.expect("prioq_try_pop_item", prioq_try_pop_item(queue, &out_wide, nullptr), PRIOQ_E_CLOSED);
  c.expect("prioq_pop_item", prioq_pop_item(queue, PRIOQ_INFINITE, &out_wide, nullptr),
           PRIOQ_E_CLOSED);
  ASSERT_EQ(prioq_destroy(queue), PRIOQ_OK);
#if defined(TPOOL_FAULT_INJECTION)
  config.capacity = 0;
  ASSERT_EQ(prioq_create(&config, &queue), PRIOQ_OK);
  std::vector<wide> many(300, in);
  std::vector<int32_t> many_priorities(300, 0);
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  c.expect("prioq_push_items", prioq_push_items(queue, many.data(), many_priorities.data(), 300),
           PRIOQ_E_OUT_OF_MEMORY);
  // Single pushes with the fault armed: the first one that must allocate fails.
  ASSERT_EQ(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1), PRIOQ_OK);
  prioq_status single_item = PRIOQ_OK;
  for (int i = 0; i < 100000 && single_item == PRIOQ_OK; ++i) {
    single_item = prioq_push_item(queue, &in, 0);
  }
  c.expect("prioq_push_item", single_item, PRIOQ_E_OUT_OF_MEMORY);
  prioq_testing_fault_reset();
  ASSERT_EQ(prioq_destroy(queue), PRIOQ_OK);
#endif

  c.check_coverage(&prioq_name, {PRIOQ_E_OUT_OF_MEMORY});
#if defined(TPOOL_FAULT_INJECTION)
  c.check_wrapped(&prioq_testing_statuses_seen);
#endif
}

}  // namespace
