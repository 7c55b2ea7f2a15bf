// libFuzzer target for tpool.dll: decodes the input into a sequence of API
// calls made from one host thread against a small pool (create with a random
// shape; submit, submit_ex and batch at valid and invalid priorities; cancel,
// wait with 0-2 ms timeouts, status and release of handles; cancel_all;
// stats; wait_idle and shutdown in both modes with small timeouts; job
// groups (create, submit into, wait, cancel, count, release) and parallel
// loops; timers of every mode (valid and invalid descs) with set, query,
// cancel with and without waiting, and release; waits on a few OS events
// that the input signals, with timeouts, cancel and release; and, in
// fault-injection builds, allocation failures in tpool.dll and prioq.dll).
//
// Invariants:
//  - every status is one the contract allows for that call in that state;
//  - a handle's state never leaves a final state, and agrees with its outcome;
//  - stats.submitted counts at least the jobs accepted so far, per priority
//    (all submits come from this thread; loop helpers and the instances of
//    timers and waits come on top), and every snapshot keeps the per-level
//    relations tpool.h promises (done + failed <= started, started +
//    cancelled <= submitted, queued is the difference, max wait <= total);
//  - after wait_idle returns OK every accepted job has its single outcome;
//  - a group's counts add up (done + failed + cancelled + pending ==
//    submitted, submitted == the jobs accepted into it), and after its wait
//    returns OK every job accepted into it has its single outcome;
//  - a parallel loop runs every index exactly once;
//  - a timer or wait never starts an instance after a cancel of it
//    returned, has at most one instance in flight, and a cancelled timer
//    reports CANCELLED;
//  - at the end every accepted job has exactly one outcome, no rejected job
//    ran, every accepted timer and wait retired exactly once with one
//    outcome per instance, and the counters add up: submitted ==
//    done + failed + cancelled, and equals the accepted jobs plus the loop
//    helpers plus the instances fired (exactly when a session used no loop:
//    a loop adopts every unexplained submission, instances included).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_input.h"
#include "job_ledger.h"
#include "os_event.h"
#include "tpool/tpool.h"
#include "trigger_ledger.h"
// TPOOL_FUZZ_FAULTS: the DLLs carry their test-only fault exports (CMake).
#if defined(TPOOL_FUZZ_FAULTS)
#include "prioq_testing.h"
#include "tpool_testing.h"
#endif

namespace {

using reliability::job_entry;
using reliability::job_kind;
using reliability::job_ledger;
using reliability::trigger_entry;
using reliability::trigger_ledger;

bool valid_priority(int32_t priority) {
  return priority >= 0 && priority < TPOOL_PRIORITY_COUNT;
}
bool is_final(tpool_job_state state) {
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

int32_t TPOOL_CALL count_indices(void *context, uint64_t begin, uint64_t end) {
  auto *hits = static_cast<std::vector<std::atomic<int>> *>(context);
  for (uint64_t i = begin; i < end; ++i)
    (*hits)[static_cast<size_t>(i)].fetch_add(1, std::memory_order_relaxed);
  return 0;
}

class session {
 public:
  explicit session(fuzz::input &in) : in_(in) {}

  void run() {
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

 private:
  void step() {
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

  int32_t decode_priority() {
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
  job_kind decode_kind() {
    const uint32_t roll = in_.below(8);
    return roll == 0 ? job_kind::fails : roll == 1 ? job_kind::cooperative : job_kind::quick;
  }

  // Which statuses a submit may return now, given its arguments were valid.
  void expect_submit_status(tpool_status status) {
    if (shutting_down_) {
      FUZZ_CHECK(status == TPOOL_E_SHUT_DOWN);
    } else if (status == TPOOL_E_OUT_OF_MEMORY) {
      FUZZ_CHECK(fault_armed_);  // only an injected fault may cause it
      fault_armed_ = false;
    } else {
      FUZZ_CHECK(status == TPOOL_OK);
    }
  }

  void accept(job_entry &entry) {
    entry.accepted = true;
    ++accepted_at_[entry.priority];
  }

  void submit_one() {
    job_entry &entry = ledger_.add(decode_kind());
    const int32_t priority = decode_priority();
    const tpool_job_desc desc = job_ledger::describe(entry, priority);
    const bool keep = in_.below(2) == 0;
    tpool_job *job = nullptr;
    const tpool_status status = tpool_submit_ex(pool_, &desc, keep ? &job : nullptr);
    if (!valid_priority(priority)) {
      FUZZ_CHECK(status == TPOOL_E_BAD_PRIORITY);
      return;
    }
    expect_submit_status(status);
    if (status != TPOOL_OK) return;
    accept(entry);
    if (keep) handles_.push_back({job, &entry, false});
  }

  // tpool_submit (no completion callback): not in the ledger; the handle
  // alone tracks it.
  void submit_plain() {
    const int32_t priority = decode_priority();
    tpool_job *job = nullptr;
    const tpool_status status =
        tpool_submit(pool_, reliability::ledger_job_body, &scratch_, priority, &job);
    if (!valid_priority(priority)) {
      FUZZ_CHECK(status == TPOOL_E_BAD_PRIORITY);
      return;
    }
    expect_submit_status(status);
    if (status != TPOOL_OK) return;
    ++accepted_at_[priority];
    ++plain_jobs_;
    plain_handles_.push_back(job);
  }

  void submit_batch() {
    const size_t count = in_.below(17);
    std::vector<tpool_job_desc> descs;
    std::vector<job_entry *> entries;
    bool all_valid = true;
    for (size_t i = 0; i < count; ++i) {
      job_entry &entry = ledger_.add(decode_kind());
      const int32_t priority =
          in_.below(12) == 0 ? decode_priority() : static_cast<int32_t>(in_.below(3));
      all_valid = all_valid && valid_priority(priority);
      descs.push_back(job_ledger::describe(entry, priority));
      entries.push_back(&entry);
    }
    const bool keep = in_.below(2) == 0;
    std::vector<tpool_job *> out(count, nullptr);
    const tpool_status status =
        tpool_submit_batch(pool_, descs.data(), count, keep && count > 0 ? out.data() : nullptr);
    if (!all_valid) {
      FUZZ_CHECK(status == TPOOL_E_BAD_PRIORITY);
      return;
    }
    if (count == 0) {
      FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_SHUT_DOWN ||
                 status == TPOOL_E_INVALID_ARGUMENT);
      return;
    }
    expect_submit_status(status);
    if (status != TPOOL_OK) return;
    for (size_t i = 0; i < count; ++i) {
      accept(*entries[i]);
      if (keep) handles_.push_back({out[i], entries[i], false});
    }
  }

  tracked_handle *pick_handle() {
    if (handles_.empty()) return nullptr;
    return &handles_[in_.byte() % handles_.size()];
  }

  void cancel_handle() {
    tracked_handle *h = pick_handle();
    if (h == nullptr) return;
    const tpool_status status = tpool_job_cancel(h->job);
    FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_JOB_RUNNING ||
               status == TPOOL_E_JOB_FINISHED);
    if (status == TPOOL_OK) {
      // Cancelled here: the completion already ran, on this thread.
      FUZZ_CHECK(h->entry->completions.load() == 1);
      FUZZ_CHECK(h->entry->outcome.load() == TPOOL_JOB_CANCELLED);
      FUZZ_CHECK(h->entry->runs.load() == 0);
    }
    if (status == TPOOL_E_JOB_FINISHED) h->seen_final = true;
  }

  void wait_handle() {
    tracked_handle *h = pick_handle();
    if (h == nullptr) return;
    tpool_job_state state = TPOOL_JOB_QUEUED;
    const tpool_status status = tpool_job_wait(h->job, in_.below(3), &state);
    FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_TIMEOUT);
    if (status == TPOOL_OK) {
      FUZZ_CHECK(is_final(state));
      FUZZ_CHECK(h->entry->completions.load() == 1);  // the callback returned first
      FUZZ_CHECK(h->entry->outcome.load() == static_cast<int>(state));
      h->seen_final = true;
    } else {
      FUZZ_CHECK(!h->seen_final);
    }
  }

  void status_of_handle() {
    tracked_handle *h = pick_handle();
    if (h == nullptr) return;
    tpool_job_state state = static_cast<tpool_job_state>(-1);
    FUZZ_CHECK(tpool_job_get_state(h->job, &state) == TPOOL_OK);
    FUZZ_CHECK(state >= TPOOL_JOB_QUEUED && state <= TPOOL_JOB_FAILED);
    if (h->seen_final) FUZZ_CHECK(is_final(state));
    uint64_t id = 0;
    FUZZ_CHECK(tpool_job_get_id(h->job, &id) == TPOOL_OK);
    FUZZ_CHECK(id != 0);
  }

  void release_handle() {
    if (handles_.empty()) return;
    const size_t index = in_.byte() % handles_.size();
    FUZZ_CHECK(tpool_job_release(handles_[index].job) == TPOOL_OK);
    handles_[index] = handles_.back();
    handles_.pop_back();
  }

  void cancel_all() {
    size_t cancelled = 0;
    FUZZ_CHECK(tpool_cancel_all(pool_, &cancelled) == TPOOL_OK);
    uint64_t accepted = 0;
    for (uint64_t n : accepted_at_) accepted += n;
    for (uint64_t n : loop_jobs_at_) accepted += n;
    // Queued timer and wait instances are jobs too; each cancelled one has
    // completed (here, on this thread) by now.
    uint64_t instances = 0;
    for (const auto &fired : trigger_priorities_) {
      instances += static_cast<uint64_t>(fired.first->completions.load());
    }
    FUZZ_CHECK(cancelled <= accepted + instances);
  }

  void check_stats() {
    tpool_stats stats{};
    stats.struct_size = sizeof(stats);
    FUZZ_CHECK(tpool_get_stats(pool_, &stats) == TPOOL_OK);
    for (int p = 0; p < TPOOL_PRIORITY_COUNT; ++p) {
      const tpool_priority_stats &s = stats.priority[p];
      // Timer and wait instances come on top of the session's own submits.
      FUZZ_CHECK(s.submitted >= accepted_at_[p] + loop_jobs_at_[p]);
      // The per-level relations tpool.h promises in every snapshot, even
      // while jobs run (pool_stats.cpp and worker_slot.h keep them true).
      FUZZ_CHECK(s.done + s.failed <= s.started);
      FUZZ_CHECK(s.started + s.cancelled <= s.submitted);
      FUZZ_CHECK(s.queued == s.submitted - s.started - s.cancelled);
      FUZZ_CHECK(s.queue_wait_ns_max <= s.queue_wait_ns_total);
      FUZZ_CHECK(s.started != 0 || s.queue_wait_ns_total == 0);
    }
    FUZZ_CHECK(stats.workers_live <= stats.workers_max);
    FUZZ_CHECK(stats.workers_peak <= stats.workers_max);
  }

  void wait_idle() {
    const tpool_status status = tpool_wait_idle(pool_, in_.below(3));
    FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_TIMEOUT);
    if (status == TPOOL_OK) {
      for (size_t i = 0; i < ledger_.size(); ++i) {
        if (ledger_[i].accepted) FUZZ_CHECK(ledger_[i].completions.load() == 1);
      }
    }
  }

  void shutdown() {
    const tpool_shutdown_mode mode =
        in_.below(2) == 0 ? TPOOL_SHUTDOWN_DRAIN : TPOOL_SHUTDOWN_CANCEL;
    const tpool_status status = tpool_shutdown(pool_, mode, in_.below(3));
    FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_TIMEOUT);
    shutting_down_ = true;
  }

  void set_log_level() {
    const int32_t level = static_cast<int32_t>(in_.below(8));
    const tpool_status status = tpool_set_log_level(pool_, static_cast<tpool_log_level>(level));
    FUZZ_CHECK(status == (level <= TPOOL_LOG_OFF ? TPOOL_OK : TPOOL_E_INVALID_ARGUMENT));
  }

  void worker_stats() {
    tpool_worker_stats workers[8];
    workers[0].struct_size = sizeof(tpool_worker_stats);
    size_t count = 99;
    FUZZ_CHECK(tpool_get_worker_stats(pool_, workers, 8, &count) == TPOOL_OK);
    FUZZ_CHECK(count <= 8);
  }

  void arm_allocation_fault() {
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

  tracked_group *pick_group() {
    if (groups_.empty()) return nullptr;
    return &groups_[in_.byte() % groups_.size()];
  }

  void create_group() {
    if (groups_.size() >= 4) return;
    tpool_group *group = nullptr;
    const tpool_status status = tpool_group_create(pool_, &group);
    if (status == TPOOL_E_OUT_OF_MEMORY) {
      FUZZ_CHECK(fault_armed_);
      fault_armed_ = false;
      return;
    }
    FUZZ_CHECK(status == TPOOL_OK);
    groups_.push_back({group, {}});
  }

  void submit_into_group() {
    tracked_group *g = pick_group();
    if (g == nullptr) return;
    job_entry &entry = ledger_.add(decode_kind());
    const int32_t priority = decode_priority();
    tpool_job_desc desc = job_ledger::describe(entry, priority);
    desc.group = g->group;
    const tpool_status status = tpool_submit_ex(pool_, &desc, nullptr);
    if (!valid_priority(priority)) {
      FUZZ_CHECK(status == TPOOL_E_BAD_PRIORITY);
      return;
    }
    expect_submit_status(status);
    if (status != TPOOL_OK) return;
    accept(entry);
    g->entries.push_back(&entry);
  }

  void wait_or_cancel_group() {
    tracked_group *g = pick_group();
    if (g == nullptr) return;
    if (in_.below(2) == 0) {
      const tpool_status status = tpool_group_wait(g->group, in_.below(3));
      FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_TIMEOUT);
      if (status == TPOOL_OK) {
        for (job_entry *entry : g->entries) FUZZ_CHECK(entry->completions.load() == 1);
      }
      return;
    }
    size_t cancelled = 0;
    FUZZ_CHECK(tpool_group_cancel(g->group, &cancelled) == TPOOL_OK);
    FUZZ_CHECK(cancelled <= g->entries.size());
  }

  void count_or_release_group() {
    tracked_group *g = pick_group();
    if (g == nullptr) return;
    check_group_counts(*g);
    if (in_.below(3) == 0) {
      FUZZ_CHECK(tpool_group_release(g->group) == TPOOL_OK);
      *g = groups_.back();
      groups_.pop_back();
    }
  }

  void check_group_counts(const tracked_group &g) {
    tpool_group_counts counts{};
    counts.struct_size = sizeof(counts);
    FUZZ_CHECK(tpool_group_get_counts(g.group, &counts) == TPOOL_OK);
    FUZZ_CHECK(counts.submitted == g.entries.size());
    FUZZ_CHECK(counts.done + counts.failed + counts.cancelled + counts.pending == counts.submitted);
  }

  void parallel_loop() {
    const uint64_t length = in_.below(200);
    const uint64_t grain = in_.below(4) == 0 ? 0 : in_.below(20);
    std::vector<std::atomic<int>> hits(static_cast<size_t>(length));
    const int32_t priority = static_cast<int32_t>(in_.below(3));
    const tpool_status status =
        tpool_parallel_for(pool_, 0, length, grain, &count_indices, &hits, priority);
    if (status == TPOOL_E_OUT_OF_MEMORY) {
      FUZZ_CHECK(fault_armed_);
      fault_armed_ = false;
      for (const std::atomic<int> &hit : hits) FUZZ_CHECK(hit.load() == 0);
      return;
    }
    if (shutting_down_ && length != 0) {
      FUZZ_CHECK(status == TPOOL_E_SHUT_DOWN);
      for (const std::atomic<int> &hit : hits) FUZZ_CHECK(hit.load() == 0);
      return;
    }
    FUZZ_CHECK(status == TPOOL_OK);
    for (const std::atomic<int> &hit : hits) FUZZ_CHECK(hit.load() == 1);
    // The loop's helper jobs are jobs of the pool too: adopt them into the
    // expected submissions (every other submit comes from this thread).
    tpool_stats stats{};
    stats.struct_size = sizeof(stats);
    FUZZ_CHECK(tpool_get_stats(pool_, &stats) == TPOOL_OK);
    const uint64_t expected = accepted_at_[priority] + loop_jobs_at_[priority];
    FUZZ_CHECK(stats.priority[priority].submitted >= expected);
    loop_jobs_at_[priority] += stats.priority[priority].submitted - expected;
  }

  // ---- timers and waits ----------------------------------------------------

  // A status a trigger start may return when its desc was valid.
  void expect_start_status(tpool_status status) {
    if (shutting_down_) {
      FUZZ_CHECK(status == TPOOL_E_SHUT_DOWN);
    } else if (status == TPOOL_E_OUT_OF_MEMORY) {
      FUZZ_CHECK(fault_armed_);
      fault_armed_ = false;
    } else {
      FUZZ_CHECK(status == TPOOL_OK);
    }
  }

  void start_timer() {
    if (triggers_.size() >= kMaxTriggers) return;
    int32_t mode = static_cast<int32_t>(in_.below(3));
    uint32_t period = mode == TPOOL_TIMER_ONCE ? 0 : 1 + in_.below(2);
    const int32_t priority = decode_priority();
    bool valid = valid_priority(priority);
    const uint32_t misuse = in_.below(8);
    if (misuse == 0) {
      mode = 3 + static_cast<int32_t>(in_.below(4));  // no such mode
      valid = false;
    } else if (misuse == 1) {
      period = mode == TPOOL_TIMER_ONCE ? 1 : 0;  // the wrong period for the mode
      valid = false;
    }
    const bool keep = in_.below(4) != 0;
    trigger_entry &entry = trigger_ledger_.add(mode == TPOOL_TIMER_ONCE);
    const tpool_timer_desc desc =
        trigger_ledger::timer_desc(entry, mode, in_.below(3), period, priority);
    tpool_timer *timer = nullptr;
    const tpool_status status = tpool_timer_start(pool_, &desc, keep ? &timer : nullptr);
    if (!valid) {
      FUZZ_CHECK(status ==
                 (valid_priority(priority) ? TPOOL_E_INVALID_ARGUMENT : TPOOL_E_BAD_PRIORITY));
      return;
    }
    expect_start_status(status);
    if (status != TPOOL_OK) return;
    entry.accepted = true;
    trigger_priorities_.push_back({&entry, priority});
    if (keep) triggers_.push_back({timer, nullptr, &entry, mode, false, -1});
  }

  void start_wait() {
    if (triggers_.size() >= kMaxTriggers) return;
    const bool bad_object = in_.below(10) == 0;
    const intptr_t object = bad_object ? -1 : events_[in_.below(kEvents)].object();
    const int32_t priority = decode_priority();
    const uint32_t timeout = in_.below(3) == 0 ? in_.below(3) : TPOOL_INFINITE;
    const bool keep = in_.below(4) != 0;
    trigger_entry &entry = trigger_ledger_.add(true);
    const tpool_object_wait_desc desc = trigger_ledger::wait_desc(entry, object, timeout, priority);
    tpool_object_wait *wait = nullptr;
    const tpool_status status = tpool_object_wait_start(pool_, &desc, keep ? &wait : nullptr);
    if (!valid_priority(priority)) {
      FUZZ_CHECK(status == TPOOL_E_BAD_PRIORITY);
      return;
    }
    if (bad_object) {
      FUZZ_CHECK(status == TPOOL_E_INVALID_ARGUMENT);
      return;
    }
    expect_start_status(status);
    if (status != TPOOL_OK) return;
    entry.accepted = true;
    trigger_priorities_.push_back({&entry, priority});
    if (keep) triggers_.push_back({nullptr, wait, &entry, TPOOL_TIMER_ONCE, false, -1});
  }

  void signal_event() {
    FUZZ_CHECK(events_[in_.below(kEvents)].signal());
  }

  tracked_trigger *pick_trigger() {
    if (triggers_.empty()) return nullptr;
    return &triggers_[in_.byte() % triggers_.size()];
  }

  void cancel_trigger() {
    tracked_trigger *t = pick_trigger();
    if (t == nullptr) return;
    const int32_t wait = static_cast<int32_t>(in_.below(2));
    const tpool_status status = t->timer != nullptr ? tpool_timer_cancel(t->timer, wait)
                                                    : tpool_object_wait_cancel(t->wait, wait);
    if (t->timer != nullptr) {
      FUZZ_CHECK(status == TPOOL_OK || (wait == 0 && status == TPOOL_E_JOB_RUNNING));
    } else {
      FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_JOB_FINISHED ||
                 (wait == 0 && status == TPOOL_E_JOB_RUNNING));
    }
    // After shutdown the timer stays SHUT_DOWN: a cancel changes no final state.
    if (!shutting_down_) t->cancelled = true;
    // Nothing runs now and nothing starts again: runs stays where it is.
    if (status != TPOOL_E_JOB_RUNNING) t->runs_at_cancel = t->entry->runs.load();
    if (wait == 1) {
      // Nothing in flight any more, and on_retire has returned (tpool.h).
      FUZZ_CHECK(t->entry->retires.load() == 1);
      FUZZ_CHECK(t->entry->completions.load() == t->entry->retired_with_completions.load());
    }
  }

  void set_timer() {
    tracked_trigger *t = pick_trigger();
    if (t == nullptr || t->timer == nullptr) return;
    const bool right_period = in_.below(6) != 0;
    uint32_t period = t->mode == TPOOL_TIMER_ONCE ? 0 : 1 + in_.below(2);
    if (!right_period) period = t->mode == TPOOL_TIMER_ONCE ? 1 : 0;
    const tpool_status status = tpool_timer_set(t->timer, in_.below(3), period);
    if (!right_period) {
      FUZZ_CHECK(status == TPOOL_E_INVALID_ARGUMENT);
    } else if (t->cancelled) {
      FUZZ_CHECK(status == TPOOL_E_CANCELLED);
    } else if (shutting_down_) {
      FUZZ_CHECK(status == TPOOL_E_SHUT_DOWN);
    } else {
      FUZZ_CHECK(status == TPOOL_OK);
      if (t->mode == TPOOL_TIMER_ONCE) t->entry->single_shot = false;  // may fire again
    }
  }

  void query_timer() {
    tracked_trigger *t = pick_trigger();
    if (t == nullptr || t->timer == nullptr) return;
    // Read before the query: every instance counted here was fired (and
    // counted in fired) before it ended.
    const uint64_t ended = static_cast<uint64_t>(t->entry->completions.load());
    tpool_timer_state state = static_cast<tpool_timer_state>(-1);
    uint64_t fired = 0;
    uint64_t skipped = 0;
    FUZZ_CHECK(tpool_timer_get_state(t->timer, &state, &fired, &skipped) == TPOOL_OK);
    if (t->cancelled) {
      FUZZ_CHECK(state == TPOOL_TIMER_CANCELLED);
    } else if (shutting_down_) {
      FUZZ_CHECK(state == TPOOL_TIMER_SHUT_DOWN);
    } else {
      FUZZ_CHECK(state == TPOOL_TIMER_ARMED || state == TPOOL_TIMER_IDLE);
    }
    FUZZ_CHECK(ended <= fired);
    FUZZ_CHECK(skipped == 0 || t->mode == TPOOL_TIMER_FIXED_RATE);
  }

  void release_trigger() {
    if (triggers_.empty()) return;
    const size_t index = in_.byte() % triggers_.size();
    tracked_trigger &t = triggers_[index];
    const tpool_status status =
        t.timer != nullptr ? tpool_timer_release(t.timer) : tpool_object_wait_release(t.wait);
    FUZZ_CHECK(status == TPOOL_OK);
    released_.push_back(t);
    triggers_[index] = triggers_.back();
    triggers_.pop_back();
  }

  // No instance started after a cancel that returned with nothing running.
  void check_cancelled_stay_quiet(const std::vector<tracked_trigger> &list) {
    for (const tracked_trigger &t : list) {
      if (t.runs_at_cancel >= 0) FUZZ_CHECK(t.entry->runs.load() == t.runs_at_cancel);
      FUZZ_CHECK(t.entry->retires.load() <= 1);
    }
  }

  void finish() {
    const tpool_shutdown_mode mode =
        in_.below(2) == 0 ? TPOOL_SHUTDOWN_DRAIN : TPOOL_SHUTDOWN_CANCEL;
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

  void release_groups() {
    for (tracked_group &g : groups_) FUZZ_CHECK(tpool_group_release(g.group) == TPOOL_OK);
    groups_.clear();
  }

  void release_all() {
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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#if defined(TPOOL_FUZZ_FAULTS)
  tpool_testing_fault_reset();
  prioq_testing_fault_reset();
#endif
  fuzz::input in(data, size);
  session(in).run();
  return 0;
}
