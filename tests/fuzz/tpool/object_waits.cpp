// Steps on object waits: start on the session's OS events, and signal them.
#include "session.h"

namespace tpool_fuzz {

void session::start_wait() {
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

void session::signal_event() {
  FUZZ_CHECK(events_[in_.below(kEvents)].signal());
}

}  // namespace tpool_fuzz
