#include "parallel_loop.h"

#include <algorithm>
#include <memory>
#include <new>

#include "job_group.h"
#include "job_invoke.h"
#include "platform.h"
#include "pool.h"

namespace tpool_impl {
namespace {
// Adaptive chunks never get smaller than 1 / (kFloorDivisor x participants)
// of the range: the last chunks then cost each participant under about 1 %
// of its share in waiting for a straggler, and the claims stay few.
constexpr uint64_t kFloorDivisor = 64;
// More helpers than this cannot help a loop on any machine we ship for, and
// each costs a record and a queue slot.
constexpr uint32_t kMaxHelpers = 256;
}  // namespace

parallel_loop::parallel_loop(uint64_t begin, uint64_t end, uint64_t grain, tpool_range_fn fn,
                             void *context, uint32_t participants)
    : end_(end),
      grain_(grain),
      floor_(std::max<uint64_t>(1, (end - begin) / (kFloorDivisor * participants))),
      participants_(participants),
      fn_(fn),
      context_(context),
      next_(begin) {}

bool parallel_loop::claim(uint64_t *chunk_begin, uint64_t *chunk_end) {
  uint64_t start = next_.load(std::memory_order_relaxed);
  for (;;) {
    if (start >= end_ || failed_.load(std::memory_order_relaxed)) return false;
    const uint64_t remaining = end_ - start;
    uint64_t size = grain_ != 0 ? grain_ : std::max(floor_, remaining / (2 * participants_));
    size = std::min(size, remaining);
    if (next_.compare_exchange_weak(start, start + size, std::memory_order_relaxed)) {
      *chunk_begin = start;
      *chunk_end = start + size;
      return true;
    }
  }
}

void parallel_loop::work() {
  uint64_t chunk_begin = 0;
  uint64_t chunk_end = 0;
  while (claim(&chunk_begin, &chunk_end)) {
    int32_t result = 0;
    // A body that throws counts as one that failed (tpool.h: it must not).
    if (invoke_range(fn_, context_, chunk_begin, chunk_end, &result) == invoke_result::threw ||
        result != 0) {
      failed_.store(true, std::memory_order_release);
      return;
    }
  }
}

void TPOOL_CALL parallel_loop::helper_job(void *context, tpool_job_info * /*info*/) {
  static_cast<parallel_loop *>(context)->work();
}

tpool_status parallel_for(pool &owner, uint64_t begin, uint64_t end, uint64_t grain,
                          tpool_range_fn fn, void *context, int32_t priority) {
  if (begin == end) return TPOOL_OK;
  if (owner.closing()) return TPOOL_E_SHUT_DOWN;
  const uint64_t total = end - begin;
  // Chunks the range can give at most; more helpers than chunks - 1 would
  // find nothing.
  const uint64_t chunks = grain != 0 ? (total + grain - 1) / grain : total;
  // Helpers: the pool's other workers (on a worker of this pool the caller
  // is one of them), but never so many that caller and helpers together
  // outnumber the processors when the pool itself does not: they would only
  // take turns on them.
  const uint64_t live = owner.live_workers();
  uint64_t others = live;
  if (owner.called_from_own_thread() && others > 0) --others;
  const uint64_t threads = std::max<uint64_t>(live, platform::logical_cpu_count());
  others = std::min<uint64_t>(others, threads - 1);
  const uint32_t helpers =
      static_cast<uint32_t>(std::min<uint64_t>({others, chunks - 1, uint64_t{kMaxHelpers}}));

  parallel_loop loop(begin, end, grain, fn, context, helpers + 1);
  if (helpers == 0) {
    loop.work();
    return loop.failed() ? TPOOL_E_FAILED : TPOOL_OK;
  }

  job_group *group = job_group::create(&owner, owner.allocator());
  if (group == nullptr) return TPOOL_E_OUT_OF_MEMORY;
  std::unique_ptr<tpool_job_desc[]> descs(new (std::nothrow) tpool_job_desc[helpers]);
  if (descs == nullptr) {
    group->release_handle();
    return TPOOL_E_OUT_OF_MEMORY;
  }
  for (uint32_t i = 0; i < helpers; ++i) {
    tpool_job_desc &desc = descs[i];
    desc = tpool_job_desc{};
    desc.struct_size = sizeof(tpool_job_desc);
    desc.priority = priority;
    desc.fn = &parallel_loop::helper_job;
    desc.context = &loop;
    desc.group = reinterpret_cast<tpool_group *>(group);
  }
  const tpool_status submitted = owner.submit(descs.get(), helpers, nullptr);
  if (submitted != TPOOL_OK) {
    group->release_handle();
    return submitted;  // TPOOL_E_SHUT_DOWN or TPOOL_E_OUT_OF_MEMORY; nothing ran
  }
  loop.work();
  // No chunk is left to claim: helpers still queued have nothing to do, and
  // the running ones finish their chunk. Only then may the loop go away.
  group->cancel_queued();
  const tpool_status waited = group->wait(TPOOL_INFINITE);
  group->release_handle();
  if (waited != TPOOL_OK) return TPOOL_E_INTERNAL;  // an infinite wait cannot time out
  return loop.failed() ? TPOOL_E_FAILED : TPOOL_OK;
}

}  // namespace tpool_impl
