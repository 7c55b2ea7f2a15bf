// What timer and object-wait steps share: start statuses, cancel, release, and
// that a cancelled trigger stays quiet.
#include "session.h"

namespace tpool_fuzz {

// A status a trigger start may return when its desc was valid.
void session::expect_start_status(tpool_status status) {
  if (shutting_down_) {
    FUZZ_CHECK(status == TPOOL_E_SHUT_DOWN);
  } else if (status == TPOOL_E_OUT_OF_MEMORY) {
    FUZZ_CHECK(fault_armed_);
    fault_armed_ = false;
  } else {
    FUZZ_CHECK(status == TPOOL_OK);
  }
}

tracked_trigger *session::pick_trigger() {
  if (triggers_.empty()) return nullptr;
  return &triggers_[in_.byte() % triggers_.size()];
}

void session::cancel_trigger() {
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

void session::release_trigger() {
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
void session::check_cancelled_stay_quiet(const std::vector<tracked_trigger> &list) {
  for (const tracked_trigger &t : list) {
    if (t.runs_at_cancel >= 0) FUZZ_CHECK(t.entry->runs.load() == t.runs_at_cancel);
    FUZZ_CHECK(t.entry->retires.load() <= 1);
  }
}

}  // namespace tpool_fuzz
