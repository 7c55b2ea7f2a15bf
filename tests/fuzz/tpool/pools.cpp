// Steps on the pool: cancel_all, stats, idle waits, shutdown, log level.
#include <string>

#include "session.h"
// TPOOL_FUZZ_FAULTS: the DLLs carry their test-only fault exports (CMake).
#if defined(TPOOL_FUZZ_FAULTS)
#include "prioq_testing.h"
#include "tpool_testing.h"
#endif

namespace tpool_fuzz {

void session::cancel_all() {
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

void session::check_stats() {
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

void session::wait_idle() {
  const tpool_status status = tpool_wait_idle(pool_, in_.below(3));
  FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_TIMEOUT);
  if (status == TPOOL_OK) {
    for (size_t i = 0; i < ledger_.size(); ++i) {
      if (ledger_[i].accepted) FUZZ_CHECK(ledger_[i].completions.load() == 1);
    }
  }
}

void session::shutdown() {
  const tpool_shutdown_mode mode = in_.below(2) == 0 ? TPOOL_SHUTDOWN_DRAIN : TPOOL_SHUTDOWN_CANCEL;
  const tpool_status status = tpool_shutdown(pool_, mode, in_.below(3));
  FUZZ_CHECK(status == TPOOL_OK || status == TPOOL_E_TIMEOUT);
  shutting_down_ = true;
}

void session::set_log_level() {
  const int32_t level = static_cast<int32_t>(in_.below(8));
  const tpool_status status = tpool_set_log_level(pool_, static_cast<tpool_log_level>(level));
  FUZZ_CHECK(status == (level <= TPOOL_LOG_OFF ? TPOOL_OK : TPOOL_E_INVALID_ARGUMENT));
}

void session::worker_stats() {
  tpool_worker_stats workers[8];
  workers[0].struct_size = sizeof(tpool_worker_stats);
  size_t count = 99;
  FUZZ_CHECK(tpool_get_worker_stats(pool_, workers, 8, &count) == TPOOL_OK);
  FUZZ_CHECK(count <= 8);
}

}  // namespace tpool_fuzz
