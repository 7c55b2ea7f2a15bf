// A ledger of submitted jobs for reliability tests, the soak program and the
// tpool fuzzer: one entry per job, counting how often its body ran and how
// often its completion callback fired, so that "every accepted job has
// exactly one outcome" is checked job by job, never as a total.
//
// Entries live in a deque, so their addresses (the job contexts) stay valid
// while more are added. Adding entries is single-threaded; the callbacks that
// update an entry may run on any thread.
#ifndef TPOOL_TESTS_SUPPORT_JOB_LEDGER_H
#define TPOOL_TESTS_SUPPORT_JOB_LEDGER_H

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <thread>

#include "tpool/tpool.h"

namespace reliability {

// What a job body does, chosen per job.
enum class job_kind : int {
  quick = 0,        // computes its checksum
  fails = 1,        // marks itself FAILED
  cooperative = 2,  // stops early (still DONE) when cancellation is requested
  slow = 3,         // sleeps about a millisecond (keeps workers busy: growth), then as quick
};

struct job_entry {
  uint64_t token = 0;
  job_kind kind = job_kind::quick;
  int32_t priority = 0;
  bool accepted = false;  // the submit call returned TPOOL_OK
  std::atomic<int> runs{0};
  std::atomic<int> completions{0};
  std::atomic<int> outcome{-1};
  std::atomic<uint64_t> checksum{0};
};

// A checksum only the job's own body can produce from its token.
inline uint64_t expected_checksum(uint64_t token) {
  uint64_t x = token * 0x9E3779B97F4A7C15ull + 1;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  return x ^ (x >> 29);
}

extern "C" inline void TPOOL_CALL ledger_job_body(void *context, tpool_job_info *info) {
  job_entry &entry = *static_cast<job_entry *>(context);
  entry.runs.fetch_add(1, std::memory_order_relaxed);
  switch (entry.kind) {
    case job_kind::fails:
      tpool_job_info_set_failed(info);
      break;
    case job_kind::cooperative:
      if (tpool_job_info_cancel_requested(info) != 0) break;
      entry.checksum.store(expected_checksum(entry.token), std::memory_order_relaxed);
      break;
    case job_kind::slow:
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      entry.checksum.store(expected_checksum(entry.token), std::memory_order_relaxed);
      break;
    case job_kind::quick:
      entry.checksum.store(expected_checksum(entry.token), std::memory_order_relaxed);
      break;
  }
}

extern "C" inline void TPOOL_CALL ledger_job_completed(void *context, tpool_job_state outcome) {
  job_entry &entry = *static_cast<job_entry *>(context);
  entry.outcome.store(static_cast<int>(outcome), std::memory_order_relaxed);
  entry.completions.fetch_add(1, std::memory_order_acq_rel);
}

class job_ledger {
 public:
  job_entry &add(job_kind kind) {
    job_entry &entry = entries_.emplace_back();
    entry.token = next_token_++;
    entry.kind = kind;
    return entry;
  }

  static tpool_job_desc describe(job_entry &entry, int32_t priority) {
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = priority;
    entry.priority = priority;
    desc.fn = ledger_job_body;
    desc.context = &entry;
    desc.on_complete = ledger_job_completed;
    return desc;
  }

  // Checks every entry once every callback has returned (after wait_idle,
  // shutdown or destroy). Returns an empty string if all is well, else a
  // description of the first broken entry.
  std::string verify() const {
    for (const job_entry &entry : entries_) {
      const int runs = entry.runs.load();
      const int completions = entry.completions.load();
      const int outcome = entry.outcome.load();
      const std::string who = "job " + std::to_string(entry.token) + ": ";
      if (!entry.accepted) {
        if (runs != 0 || completions != 0) return who + "rejected but ran or completed";
        continue;
      }
      if (completions != 1) return who + std::to_string(completions) + " completions";
      if (runs > 1) return who + std::to_string(runs) + " runs";
      if (outcome == TPOOL_JOB_CANCELLED) {
        if (runs != 0) return who + "cancelled after it ran";
        continue;
      }
      if (runs != 1) return who + "finished without running";
      const tpool_job_state want =
          entry.kind == job_kind::fails ? TPOOL_JOB_FAILED : TPOOL_JOB_DONE;
      if (outcome != want) return who + "outcome " + std::to_string(outcome);
      if ((entry.kind == job_kind::quick || entry.kind == job_kind::slow) &&
          entry.checksum.load() != expected_checksum(entry.token)) {
        return who + "wrong checksum";
      }
    }
    return {};
  }

  // Counts of accepted jobs by outcome, for reports.
  struct totals {
    uint64_t accepted = 0, done = 0, failed = 0, cancelled = 0, rejected = 0;
    uint64_t accepted_at[TPOOL_PRIORITY_COUNT] = {};
    uint64_t done_at[TPOOL_PRIORITY_COUNT] = {};
    uint64_t failed_at[TPOOL_PRIORITY_COUNT] = {};
    uint64_t cancelled_at[TPOOL_PRIORITY_COUNT] = {};
    void add(const totals &other) {
      accepted += other.accepted, done += other.done, failed += other.failed;
      cancelled += other.cancelled, rejected += other.rejected;
      for (int p = 0; p < TPOOL_PRIORITY_COUNT; ++p) {
        accepted_at[p] += other.accepted_at[p], done_at[p] += other.done_at[p];
        failed_at[p] += other.failed_at[p], cancelled_at[p] += other.cancelled_at[p];
      }
    }
  };
  totals count() const {
    totals t;
    for (const job_entry &entry : entries_) {
      if (!entry.accepted) {
        ++t.rejected;
        continue;
      }
      const int p = entry.priority;
      ++t.accepted;
      ++t.accepted_at[p];
      switch (entry.outcome.load()) {
        case TPOOL_JOB_DONE:
          ++t.done, ++t.done_at[p];
          break;
        case TPOOL_JOB_FAILED:
          ++t.failed, ++t.failed_at[p];
          break;
        case TPOOL_JOB_CANCELLED:
          ++t.cancelled, ++t.cancelled_at[p];
          break;
        default:
          break;
      }
    }
    return t;
  }

  size_t size() const { return entries_.size(); }
  job_entry &operator[](size_t i) { return entries_[i]; }
  void clear() { entries_.clear(); }

 private:
  std::deque<job_entry> entries_;
  uint64_t next_token_ = 1;
};

}  // namespace reliability

#endif  // TPOOL_TESTS_SUPPORT_JOB_LEDGER_H
