// The exported C ABI of tpool.dll for job groups and parallel loops:
// argument checks and the firewall (api_call.h) in front of job_group and
// parallel_for.
#include "api_call.h"
#include "job_group.h"
#include "parallel_loop.h"
#include "pool.h"
#include "tpool/tpool.h"
#include "versioned_struct.h"

using namespace tpool_impl;

namespace {

constexpr auto kCountsVersions = abi::versions_of<tpool_group_counts>(TPOOL_GROUP_COUNTS_SIZE_V1);
static_assert(kCountsVersions.newest() == sizeof(tpool_group_counts));

}  // namespace

extern "C" {

TPOOL_API tpool_status TPOOL_CALL tpool_group_create(tpool_pool *handle, tpool_group **out_group) {
  return api_call(fn_tpool_group_create, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    if (out_group == nullptr) return reject(owner, "tpool_group_create", TPOOL_E_NULL_POINTER);
    job_group *created = job_group::create(owner, owner->allocator());
    if (created == nullptr) return TPOOL_E_OUT_OF_MEMORY;
    *out_group = reinterpret_cast<tpool_group *>(created);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_group_submit(tpool_group *handle, tpool_job_fn fn,
                                                     void *context, int32_t priority) {
  return api_call(fn_tpool_group_submit, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    job_group *group = group_of(handle);
    if (!group->live_handle()) return TPOOL_E_INVALID_HANDLE;
    pool *owner = group->owner();
    if (fn == nullptr) return reject(owner, "tpool_group_submit", TPOOL_E_NULL_POINTER);
    if (!valid_priority(priority)) return reject(owner, "tpool_group_submit", TPOOL_E_BAD_PRIORITY);
    tpool_job_desc desc{};
    desc.struct_size = sizeof(tpool_job_desc);
    desc.priority = priority;
    desc.fn = fn;
    desc.context = context;
    desc.group = handle;
    return owner->submit(&desc, 1, nullptr);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_group_wait(tpool_group *handle, uint32_t timeout_ms) {
  return api_call(fn_tpool_group_wait, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    job_group *group = group_of(handle);
    if (!group->live_handle()) return TPOOL_E_INVALID_HANDLE;
    const tpool_status status = group->wait(timeout_ms);
    if (status == TPOOL_E_WOULD_DEADLOCK) {
      return reject(group->owner(), "tpool_group_wait", TPOOL_E_WOULD_DEADLOCK);
    }
    return status;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_group_cancel(tpool_group *handle, size_t *out_cancelled) {
  return api_call(fn_tpool_group_cancel, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    job_group *group = group_of(handle);
    if (!group->live_handle()) return TPOOL_E_INVALID_HANDLE;
    const size_t cancelled = group->cancel_queued();
    if (out_cancelled != nullptr) *out_cancelled = cancelled;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_group_get_counts(const tpool_group *handle,
                                                         tpool_group_counts *out_counts) {
  return api_call(fn_tpool_group_get_counts, [&] {
    if (handle == nullptr || out_counts == nullptr) return TPOOL_E_NULL_POINTER;
    const job_group *group = group_of(handle);
    if (!group->live_handle()) return TPOOL_E_INVALID_HANDLE;
    const uint32_t size = out_counts->struct_size;
    if (!abi::acceptable_output(size, kCountsVersions)) return TPOOL_E_BAD_STRUCT_SIZE;
    tpool_group_counts counts{};
    group->counts(&counts);
    abi::write_output(counts, size, out_counts);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_group_release(tpool_group *handle) {
  return api_call(fn_tpool_group_release, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    return group_of(handle)->release_handle() ? TPOOL_OK : TPOOL_E_INVALID_HANDLE;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_parallel_for(tpool_pool *handle, uint64_t begin,
                                                     uint64_t end, uint64_t grain,
                                                     tpool_range_fn fn, void *context,
                                                     int32_t priority) {
  return api_call(fn_tpool_parallel_for, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    if (fn == nullptr) return reject(owner, "tpool_parallel_for", TPOOL_E_NULL_POINTER);
    if (begin > end) return reject(owner, "tpool_parallel_for", TPOOL_E_INVALID_ARGUMENT);
    if (!valid_priority(priority)) return reject(owner, "tpool_parallel_for", TPOOL_E_BAD_PRIORITY);
    return parallel_for(*owner, begin, end, grain, fn, context, priority);
  });
}

}  // extern "C"
