// Steps on jobs: submits of every kind and what their handles answer.
#include "session.h"

namespace tpool_fuzz {

void session::submit_one() {
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
void session::submit_plain() {
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

void session::submit_batch() {
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

tracked_handle *session::pick_handle() {
  if (handles_.empty()) return nullptr;
  return &handles_[in_.byte() % handles_.size()];
}

void session::cancel_handle() {
  tracked_handle *h = pick_handle();
  if (h == nullptr) return;
  const tpool_status status = tpool_job_cancel(h->job);
  FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_JOB_RUNNING || status == TPOOL_E_JOB_FINISHED);
  if (status == TPOOL_OK) {
    // Cancelled here: the completion already ran, on this thread.
    FUZZ_CHECK(h->entry->completions.load() == 1);
    FUZZ_CHECK(h->entry->outcome.load() == TPOOL_JOB_CANCELLED);
    FUZZ_CHECK(h->entry->runs.load() == 0);
  }
  if (status == TPOOL_E_JOB_FINISHED) h->seen_final = true;
}

void session::wait_handle() {
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

void session::status_of_handle() {
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

void session::release_handle() {
  if (handles_.empty()) return;
  const size_t index = in_.byte() % handles_.size();
  FUZZ_CHECK(tpool_job_release(handles_[index].job) == TPOOL_OK);
  handles_[index] = handles_.back();
  handles_.pop_back();
}

}  // namespace tpool_fuzz
