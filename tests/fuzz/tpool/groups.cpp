// Steps on job groups: create, submit into, wait, cancel, count, release.
#include "session.h"

namespace tpool_fuzz {

tracked_group *session::pick_group() {
  if (groups_.empty()) return nullptr;
  return &groups_[in_.byte() % groups_.size()];
}

void session::create_group() {
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

void session::submit_into_group() {
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

void session::wait_or_cancel_group() {
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

void session::count_or_release_group() {
  tracked_group *g = pick_group();
  if (g == nullptr) return;
  check_group_counts(*g);
  if (in_.below(3) == 0) {
    FUZZ_CHECK(tpool_group_release(g->group) == TPOOL_OK);
    *g = groups_.back();
    groups_.pop_back();
  }
}

void session::check_group_counts(const tracked_group &g) {
  tpool_group_counts counts{};
  counts.struct_size = sizeof(counts);
  FUZZ_CHECK(tpool_group_get_counts(g.group, &counts) == TPOOL_OK);
  FUZZ_CHECK(counts.submitted == g.entries.size());
  FUZZ_CHECK(counts.done + counts.failed + counts.cancelled + counts.pending == counts.submitted);
}

}  // namespace tpool_fuzz
