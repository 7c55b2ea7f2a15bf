// A ledger of timers and waits for the reliability tests and the tpool
// fuzzer, like job_ledger.h for jobs: one entry per started timer or wait,
// counting every call of its callbacks, so that "every accepted timer or
// wait retires exactly once and every instance it fired has exactly one
// outcome" is checked one by one.
//
// Entries live in a deque (stable addresses: they are the contexts).
// Adding entries is single-threaded; the callbacks may run on any thread.
#ifndef TPOOL_TESTS_SUPPORT_TRIGGER_LEDGER_H
#define TPOOL_TESTS_SUPPORT_TRIGGER_LEDGER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

#include "patience.h"
#include "tpool/tpool.h"

namespace reliability {

struct trigger_entry {
  bool accepted = false;     // tpool_timer_start / tpool_object_wait_start returned TPOOL_OK
  bool single_shot = false;  // a wait, or a ONCE timer never re-armed: at most one instance
  std::atomic<int> runs{0};
  std::atomic<int> completions{0};
  std::atomic<int> done{0};
  std::atomic<int> failed{0};
  std::atomic<int> cancelled{0};
  std::atomic<int> retires{0};
  std::atomic<int> retired_with_completions{-1};  // completions seen by on_retire
  std::atomic<int> last_result{-1};
};

extern "C" inline void TPOOL_CALL trigger_ledger_run(void *context, tpool_job_info *) {
  static_cast<trigger_entry *>(context)->runs.fetch_add(1, std::memory_order_relaxed);
}

extern "C" inline void TPOOL_CALL trigger_ledger_run_wait(void *context, tpool_job_info *info,
                                                          tpool_object_wait_result result) {
  static_cast<trigger_entry *>(context)->last_result.store(result, std::memory_order_relaxed);
  trigger_ledger_run(context, info);
}

extern "C" inline void TPOOL_CALL trigger_ledger_completed(void *context, tpool_job_state outcome) {
  trigger_entry &entry = *static_cast<trigger_entry *>(context);
  if (outcome == TPOOL_JOB_DONE) entry.done.fetch_add(1, std::memory_order_relaxed);
  if (outcome == TPOOL_JOB_FAILED) entry.failed.fetch_add(1, std::memory_order_relaxed);
  if (outcome == TPOOL_JOB_CANCELLED) entry.cancelled.fetch_add(1, std::memory_order_relaxed);
  entry.completions.fetch_add(1, std::memory_order_acq_rel);
}

extern "C" inline void TPOOL_CALL trigger_ledger_retired(void *context) {
  trigger_entry &entry = *static_cast<trigger_entry *>(context);
  entry.retired_with_completions.store(entry.completions.load(std::memory_order_acquire));
  entry.retires.fetch_add(1, std::memory_order_acq_rel);
}

class trigger_ledger {
 public:
  trigger_entry &add(bool single_shot) {
    entries_.emplace_back();
    entries_.back().single_shot = single_shot;
    return entries_.back();
  }
  size_t size() const { return entries_.size(); }
  trigger_entry &operator[](size_t index) { return entries_[index]; }

  static tpool_timer_desc timer_desc(trigger_entry &entry, int32_t mode, uint32_t delay_ms,
                                     uint32_t period_ms, int32_t priority) {
    tpool_timer_desc desc;
    tpool_timer_desc_init(&desc);
    desc.fn = &trigger_ledger_run;
    desc.context = &entry;
    desc.on_complete = &trigger_ledger_completed;
    desc.on_retire = &trigger_ledger_retired;
    desc.mode = mode;
    desc.delay_ms = delay_ms;
    desc.period_ms = period_ms;
    desc.priority = priority;
    return desc;
  }
  static tpool_object_wait_desc wait_desc(trigger_entry &entry, intptr_t object,
                                          uint32_t timeout_ms, int32_t priority) {
    tpool_object_wait_desc desc;
    tpool_object_wait_desc_init(&desc);
    desc.fn = &trigger_ledger_run_wait;
    desc.context = &entry;
    desc.on_complete = &trigger_ledger_completed;
    desc.on_retire = &trigger_ledger_retired;
    desc.object = object;
    desc.timeout_ms = timeout_ms;
    desc.priority = priority;
    return desc;
  }

  // "" if every entry is consistent, else the first problem. With final
  // (after tpool_shutdown returned), every accepted entry must have retired.
  std::string verify(bool final) const {
    for (size_t i = 0; i < entries_.size(); ++i) {
      const trigger_entry &e = entries_[i];
      const std::string which = "trigger " + std::to_string(i) + ": ";
      const int runs = e.runs.load();
      const int completions = e.completions.load();
      const int retires = e.retires.load();
      if (!e.accepted) {
        if (runs + completions + retires != 0) return which + "refused but called back";
        continue;
      }
      if (retires > 1) return which + "retired " + std::to_string(retires) + " times";
      if (final && retires != 1) return which + "never retired";
      if (!outcomes_add_up(e)) return which + "outcomes do not add up to its completions";
      if (retires == 1 && runs != e.done.load() + e.failed.load()) {
        return which + "ran " + std::to_string(runs) + " times, DONE or FAILED " +
               std::to_string(e.done.load() + e.failed.load());
      }
      if (e.single_shot && completions > 1) return which + "single shot fired twice";
      if (retires == 1 && e.retired_with_completions.load() != completions) {
        return which + "an instance completed after on_retire";
      }
    }
    return "";
  }

 private:
  // Whether e's outcomes add up to its completions. A trigger that may still
  // fire (a periodic timer before shutdown) can be inside
  // trigger_ledger_completed, between counting the outcome and counting the
  // completion, so a single look may catch them one apart. The counts are
  // compared once completions read the same before and after the outcomes;
  // a real mismatch does not go away, so it is reported once the patience
  // bound (patience.h) has passed.
  static bool outcomes_add_up(const trigger_entry &e) {
    return test_support::eventually(
        [&e] {
          const int before = e.completions.load(std::memory_order_acquire);
          const int outcomes = e.done.load() + e.failed.load() + e.cancelled.load();
          const int after = e.completions.load(std::memory_order_acquire);
          return before == after && outcomes == before;
        },
        test_support::kPatienceMs, /*spin=*/true);
  }

  std::deque<trigger_entry> entries_;
};

}  // namespace reliability

#endif  // TPOOL_TESTS_SUPPORT_TRIGGER_LEDGER_H
