// The tpool fuzzer's session (tpool_fuzz.cpp has what it checks): one
// pool driven from one host thread by the decoded input. Its steps live one
// file per object of the API beside this header; the members are the
// session's knowledge of what it did, which those checks compare with what
// the DLL answers.
#ifndef TPOOL_TESTS_FUZZ_TPOOL_SESSION_H
#define TPOOL_TESTS_FUZZ_TPOOL_SESSION_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "fuzz_input.h"
#include "job_ledger.h"
#include "os_event.h"
#include "tpool/tpool.h"
#include "trigger_ledger.h"

namespace tpool_fuzz {

using reliability::job_entry;
using reliability::job_kind;
using reliability::job_ledger;
using reliability::trigger_entry;
using reliability::trigger_ledger;

inline bool valid_priority(int32_t priority) {
  return priority >= 0 && priority < TPOOL_PRIORITY_COUNT;
}
inline bool is_final(tpool_job_state state) {
  return state == TPOOL_JOB_DONE || state == TPOOL_JOB_FAILED || state == TPOOL_JOB_CANCELLED;
}

struct tracked_handle {
  tpool_job *job;
  job_entry *entry;
  bool seen_final;
};

// A timer or wait handle and what the session knows of it.
struct tracked_trigger {
  tpool_timer *timer;  // one of timer and wait is set
  tpool_object_wait *wait;
  trigger_entry *entry;
  int32_t mode;
  bool cancelled;      // a cancel of it returned before the pool's shutdown began
  int runs_at_cancel;  // runs when a cancel returned with nothing running
};

constexpr size_t kMaxTriggers = 24;
constexpr size_t kEvents = 3;

struct tracked_group {
  tpool_group *group;
  std::vector<job_entry *> entries;  // accepted into the group
};

class session {
 public:
  explicit session(fuzz::input &in) : in_(in) {}

  void run();

 private:
  // ---- session (session.cpp) ----
  void step();
  int32_t decode_priority();
  job_kind decode_kind();
  // Which statuses a submit may return now, given its arguments were valid.
  void expect_submit_status(tpool_status status);
  void accept(job_entry &entry);
  void arm_allocation_fault();
  void finish();
  void release_groups();
  void release_all();

  // ---- pools (pools.cpp) ----
  void cancel_all();
  void check_stats();
  void wait_idle();
  void shutdown();
  void set_log_level();
  void worker_stats();

  // ---- jobs (jobs.cpp) ----
  void submit_one();
  // tpool_submit (no completion callback): not in the ledger; the handle
  // alone tracks it.
  void submit_plain();
  void submit_batch();
  tracked_handle *pick_handle();
  void cancel_handle();
  void wait_handle();
  void status_of_handle();
  void release_handle();

  // ---- groups (groups.cpp) ----
  tracked_group *pick_group();
  void create_group();
  void submit_into_group();
  void wait_or_cancel_group();
  void count_or_release_group();
  void check_group_counts(const tracked_group &g);

  // ---- parallel loops (parallel_loops.cpp) ----
  void parallel_loop();

  // ---- timers and object waits: what they share (triggers.cpp) ----
  // A status a trigger start may return when its desc was valid.
  void expect_start_status(tpool_status status);
  tracked_trigger *pick_trigger();
  void cancel_trigger();
  void release_trigger();
  // No instance started after a cancel that returned with nothing running.
  void check_cancelled_stay_quiet(const std::vector<tracked_trigger> &list);

  // ---- timers (timers.cpp) ----
  void start_timer();
  void set_timer();
  void query_timer();

  // ---- object waits (object_waits.cpp) ----
  void start_wait();
  void signal_event();

  fuzz::input &in_;
  job_ledger ledger_;
  reliability::job_entry scratch_;  // shared context of plain submits (body only)
  tpool_pool *pool_ = nullptr;
  std::vector<tracked_handle> handles_;
  std::vector<tpool_job *> plain_handles_;
  std::vector<tracked_group> groups_;
  uint64_t loop_jobs_at_[TPOOL_PRIORITY_COUNT] = {};
  uint64_t accepted_at_[TPOOL_PRIORITY_COUNT] = {};
  uint64_t plain_jobs_ = 0;
  trigger_ledger trigger_ledger_;
  std::vector<tracked_trigger> triggers_;
  std::vector<tracked_trigger> released_;
  std::vector<std::pair<trigger_entry *, int32_t>> trigger_priorities_;
  test_support::os_event events_[kEvents];
  bool shutting_down_ = false;
  bool fault_armed_ = false;
};

}  // namespace tpool_fuzz

#endif  // TPOOL_TESTS_FUZZ_TPOOL_SESSION_H
