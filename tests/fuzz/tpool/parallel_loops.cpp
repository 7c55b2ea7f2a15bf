// Steps on parallel loops: every index runs exactly once.
#include "session.h"

namespace tpool_fuzz {

namespace {
int32_t TPOOL_CALL count_indices(void *context, uint64_t begin, uint64_t end) {
  auto *hits = static_cast<std::vector<std::atomic<int>> *>(context);
  for (uint64_t i = begin; i < end; ++i)
    (*hits)[static_cast<size_t>(i)].fetch_add(1, std::memory_order_relaxed);
  return 0;
}
}  // namespace

void session::parallel_loop() {
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

}  // namespace tpool_fuzz
