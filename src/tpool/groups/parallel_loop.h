// tpool_parallel_for: one loop's shared state, and the call that runs it.
//
// The calling thread and up to one helper job per other worker (fewer where
// the pool has no more workers than processors, so that caller and helpers
// together do not outnumber them) claim chunks
// of the range from one counter (next_, a compare-and-swap per chunk) and
// run them until the range is used up or a chunk fails. Chunk sizes:
//  - grain 0 (adaptive): each claim takes max(floor, remaining / (2 x
//    participants)), so chunks start large (few claims, little sharing)
//    and shrink as the range runs out (a straggler's last chunk is short,
//    and an idle participant still finds work); floor keeps the tail from
//    degenerating into one-index claims.
//  - grain > 0: chunks of exactly grain indices.
// The helpers are jobs of an internal group. Once the caller finds no more
// chunks it cancels the helpers still queued and waits for the running ones
// (each finishes its chunk and finds nothing left), so no helper can touch
// the loop after the call returns; the state lives on the caller's stack.
#ifndef TPOOL_SRC_TPOOL_GROUPS_PARALLEL_LOOP_H
#define TPOOL_SRC_TPOOL_GROUPS_PARALLEL_LOOP_H

#include <atomic>
#include <cstdint>

#include "tpool/tpool.h"

namespace tpool_impl {

class pool;

// Runs the loop (tpool.h has the contract); arguments are validated.
tpool_status parallel_for(pool &owner, uint64_t begin, uint64_t end, uint64_t grain,
                          tpool_range_fn fn, void *context, int32_t priority);

class parallel_loop {
 public:
  parallel_loop(uint64_t begin, uint64_t end, uint64_t grain, tpool_range_fn fn, void *context,
                uint32_t participants);

  // Claims and runs chunks until none is left or the loop failed.
  // Thread-safe: every participant calls it.
  void work();
  bool failed() const { return failed_.load(std::memory_order_acquire); }

  // The helpers' job function; context is the loop.
  static void TPOOL_CALL helper_job(void *context, tpool_job_info *info);

 private:
  // The next chunk, or false if the range is used up or the loop failed.
  bool claim(uint64_t *chunk_begin, uint64_t *chunk_end);

  const uint64_t end_;
  const uint64_t grain_;         // 0: adaptive
  const uint64_t floor_;         // adaptive chunks never go below it
  const uint64_t participants_;  // the caller and its helpers
  const tpool_range_fn fn_;
  void *const context_;
  alignas(64) std::atomic<uint64_t> next_;
  alignas(64) std::atomic<bool> failed_{false};
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_GROUPS_PARALLEL_LOOP_H
