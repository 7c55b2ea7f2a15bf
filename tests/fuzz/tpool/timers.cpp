// Steps on timers: start (valid and invalid descs), set, query.
#include "session.h"

namespace tpool_fuzz {

void session::start_timer() {
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

void session::set_timer() {
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

void session::query_timer() {
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

}  // namespace tpool_fuzz
