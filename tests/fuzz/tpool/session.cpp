// The session: decoding the input into steps, the checks every object shares,
// and the end of a session (shutdown, the ledgers' verdicts, the totals).
#include "session.h"

#include <string>
// TPOOL_FUZZ_FAULTS: the DLLs carry their test-only fault exports (CMake).
#if defined(TPOOL_FUZZ_FAULTS)
#include "prioq_testing.h"
#include "tpool_testing.h"
#endif

namespace tpool_fuzz {

void session::run() {
  tpool_config config;
  FUZZ_CHECK(tpool_config_init(&config) == TPOOL_OK);
  config.min_workers = 1 + in_.below(3);
  config.max_workers = config.min_workers + in_.below(3);
  config.idle_timeout_ms = 1 + in_.below(20);
  config.starvation_bound_ms = in_.below(4) == 0 ? 0 : 1 + in_.below(20);
  FUZZ_CHECK(tpool_create(&config, &pool_) == TPOOL_OK);
  while (!in_.done()) step();
  finish();
}

void session::step() {
  switch (in_.below(29)) {
    case 0:
    case 1:
    case 2:
      submit_one();
      break;
    case 3:
      submit_batch();
      break;
    case 4:
      cancel_handle();
      break;
    case 5:
      wait_handle();
      break;
    case 6:
      status_of_handle();
      break;
    case 7:
      release_handle();
      break;
    case 8:
      cancel_all();
      break;
    case 9:
      check_stats();
      break;
    case 10:
      wait_idle();
      break;
    case 11:
      if (in_.below(4) == 0) shutdown();
      break;
    case 12:
      set_log_level();
      break;
    case 13:
      worker_stats();
      break;
    case 14:
      arm_allocation_fault();
      break;
    case 16:
      create_group();
      break;
    case 17:
      submit_into_group();
      break;
    case 18:
      wait_or_cancel_group();
      break;
    case 19:
      count_or_release_group();
      break;
    case 20:
      parallel_loop();
      break;
    case 21:
    case 22:
      start_timer();
      break;
    case 23:
      start_wait();
      break;
    case 24:
      signal_event();
      break;
    case 25:
      cancel_trigger();
      break;
    case 26:
      set_timer();
      break;
    case 27:
      query_timer();
      break;
    case 28:
      release_trigger();
      break;
    default:
      submit_plain();
      break;
  }
}

int32_t session::decode_priority() {
  switch (in_.below(10)) {
    case 7:
      return -1;
    case 8:
      return 3;
    case 9:
      return static_cast<int32_t>(0x80000000u);
    default:
      return static_cast<int32_t>(in_.below(3));
  }
}

job_kind session::decode_kind() {
  const uint32_t roll = in_.below(8);
  return roll == 0 ? job_kind::fails : roll == 1 ? job_kind::cooperative : job_kind::quick;
}

// Which statuses a submit may return now, given its arguments were valid.
void session::expect_submit_status(tpool_status status) {
  if (shutting_down_) {
    FUZZ_CHECK(status == TPOOL_E_SHUT_DOWN);
  } else if (status == TPOOL_E_OUT_OF_MEMORY) {
    FUZZ_CHECK(fault_armed_);  // only an injected fault may cause it
    fault_armed_ = false;
  } else {
    FUZZ_CHECK(status == TPOOL_OK);
  }
}

void session::accept(job_entry &entry) {
  entry.accepted = true;
  ++accepted_at_[entry.priority];
}

void session::arm_allocation_fault() {
#if defined(TPOOL_FUZZ_FAULTS)
  if (fault_armed_) return;
  if (in_.below(2) == 0) {
    FUZZ_CHECK(tpool_testing_fault_arm(TPOOL_TESTING_FAULT_ALLOCATION, 1) == TPOOL_OK);
  } else {
    FUZZ_CHECK(prioq_testing_fault_arm(PRIOQ_TESTING_FAULT_ALLOCATION, 1) == PRIOQ_OK);
  }
  fault_armed_ = true;
#endif
}

void session::finish() {
  const tpool_shutdown_mode mode = in_.below(2) == 0 ? TPOOL_SHUTDOWN_DRAIN : TPOOL_SHUTDOWN_CANCEL;
  FUZZ_CHECK(tpool_shutdown(pool_, mode, TPOOL_INFINITE) == TPOOL_OK);
  for (const tracked_group &g : groups_) {
    FUZZ_CHECK(tpool_group_wait(g.group, 0) == TPOOL_OK);
    check_group_counts(g);
  }
  const std::string problem = ledger_.verify();
  if (!problem.empty()) fuzz::fail(__FILE__, __LINE__, problem.c_str());
  // Shut down: every timer and wait retired; their instances all ended.
  const std::string trigger_problem = trigger_ledger_.verify(true);
  if (!trigger_problem.empty()) fuzz::fail(__FILE__, __LINE__, trigger_problem.c_str());
  check_cancelled_stay_quiet(triggers_);
  check_cancelled_stay_quiet(released_);
  uint64_t instances_at[TPOOL_PRIORITY_COUNT] = {};
  for (const auto &[entry, priority] : trigger_priorities_) {
    instances_at[priority] += static_cast<uint64_t>(entry->completions.load());
  }
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  FUZZ_CHECK(tpool_get_stats(pool_, &stats) == TPOOL_OK);
  const job_ledger::totals totals = ledger_.count();
  uint64_t ended = 0;
  for (int p = 0; p < TPOOL_PRIORITY_COUNT; ++p) {
    const tpool_priority_stats &s = stats.priority[p];
    // A loop adopted every submission it could not explain, instances of
    // timers and waits fired meanwhile included (parallel_loop).
    const uint64_t least = accepted_at_[p] + instances_at[p];
    FUZZ_CHECK(s.submitted >= least);
    FUZZ_CHECK(s.submitted <= least + loop_jobs_at_[p]);
    FUZZ_CHECK(s.submitted == s.done + s.failed + s.cancelled);
    FUZZ_CHECK(s.started == s.done + s.failed);
    FUZZ_CHECK(s.queued == 0);
    ended += s.done + s.failed + s.cancelled;
  }
  uint64_t loop_jobs = 0;
  for (uint64_t n : loop_jobs_at_) loop_jobs += n;
  uint64_t instances = 0;
  for (uint64_t n : instances_at) instances += n;
  FUZZ_CHECK(ended >= totals.accepted + plain_jobs_ + instances);
  FUZZ_CHECK(ended <= totals.accepted + plain_jobs_ + instances + loop_jobs);
  for (tpool_job *job : plain_handles_) {
    tpool_job_state state = TPOOL_JOB_QUEUED;
    FUZZ_CHECK(tpool_job_get_state(job, &state) == TPOOL_OK);
    FUZZ_CHECK(is_final(state));
  }
  const bool release_first = in_.below(2) == 0;
  if (release_first) release_all();
  // Groups, like handles, may be released before or after the pool goes.
  if (in_.below(2) == 0) release_groups();
  FUZZ_CHECK(tpool_destroy(pool_) == TPOOL_OK);
  release_all();  // handles outlive the pool
  release_groups();
#if defined(TPOOL_FUZZ_FAULTS)
  tpool_testing_fault_reset();
  prioq_testing_fault_reset();
#endif
}

void session::release_groups() {
  for (tracked_group &g : groups_) FUZZ_CHECK(tpool_group_release(g.group) == TPOOL_OK);
  groups_.clear();
}

void session::release_all() {
  for (tracked_trigger &t : triggers_) {
    FUZZ_CHECK((t.timer != nullptr ? tpool_timer_release(t.timer)
                                   : tpool_object_wait_release(t.wait)) == TPOOL_OK);
  }
  triggers_.clear();
  for (tracked_handle &h : handles_) FUZZ_CHECK(tpool_job_release(h.job) == TPOOL_OK);
  for (tpool_job *job : plain_handles_) FUZZ_CHECK(tpool_job_release(job) == TPOOL_OK);
  handles_.clear();
  plain_handles_.clear();
}

}  // namespace tpool_fuzz
