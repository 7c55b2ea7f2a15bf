// The exported C ABI of tpool.dll for pools and jobs: argument validation,
// versioned structs and the exception firewall. Every function that returns
// a status runs its body inside api_call (api_call.h: no exception escapes,
// and test builds audit the status against the header); the pool code
// behind it assumes its arguments are valid.
#include <cstring>
#include <memory>

#include "api_call.h"
#include "current_thread.h"
#include "job_group.h"
#include "job_info.h"
#include "job_record.h"
#include "logger.h"
#include "platform.h"
#include "pool.h"
#include "tpool/tpool.h"
#include "versioned_struct.h"

// The exported functions are C; the implementation they call is all in
// tpool_impl (api_call.h, pool.h, job_record.h).
using namespace tpool_impl;

namespace {

// ---- versioned structs --------------------------------------------------------
constexpr auto kConfigVersions = abi::versions_of<tpool_config>(TPOOL_CONFIG_SIZE_V1);
constexpr auto kDescVersions =
    abi::versions_of<tpool_job_desc>(TPOOL_JOB_DESC_SIZE_V1, TPOOL_JOB_DESC_SIZE_V2);
constexpr auto kStatsVersions = abi::versions_of<tpool_stats>(TPOOL_STATS_SIZE_V1);
constexpr auto kWorkerStatsVersions =
    abi::versions_of<tpool_worker_stats>(TPOOL_WORKER_STATS_SIZE_V1);
static_assert(kConfigVersions.newest() == sizeof(tpool_config));
static_assert(kDescVersions.newest() == sizeof(tpool_job_desc));
static_assert(kStatsVersions.newest() == sizeof(tpool_stats));
static_assert(kWorkerStatsVersions.newest() == sizeof(tpool_worker_stats));

constexpr uint32_t kMaxWorkers = 4096;
constexpr size_t kMaxStackSize = size_t{1} << 30;  // 1 GiB

tpool_config default_config() {
  tpool_config config{};
  config.struct_size = sizeof(tpool_config);
  const uint32_t processors = platform::logical_cpu_count();
  config.min_workers = processors < 1 ? 1 : (processors > kMaxWorkers ? kMaxWorkers : processors);
  config.max_workers = config.min_workers;
  config.idle_timeout_ms = 10000;
  config.stack_size = 0;
  config.thread_name_prefix = "tpool";
  config.thread_priority = TPOOL_THREAD_PRIORITY_NORMAL;
  config.starvation_bound_ms = 100;
  config.log_level = TPOOL_LOG_WARN;
  return config;
}

tpool_job_desc default_desc() {
  tpool_job_desc desc{};
  desc.struct_size = sizeof(tpool_job_desc);
  desc.priority = TPOOL_PRIORITY_MEDIUM;
  return desc;
}

tpool_status validate_config(const tpool_config &config) {
  if (config.min_workers < 1 || config.min_workers > config.max_workers ||
      config.max_workers > kMaxWorkers) {
    return TPOOL_E_BAD_WORKER_COUNT;
  }
  if (config.thread_priority < TPOOL_THREAD_PRIORITY_LOWEST ||
      config.thread_priority > TPOOL_THREAD_PRIORITY_HIGHEST) {
    return TPOOL_E_INVALID_ARGUMENT;
  }
  if (config.reserved0_ != 0) return TPOOL_E_INVALID_ARGUMENT;
  // Windows takes the stack size as a 32-bit value; larger requests would be
  // silently replaced by the default there, so refuse them everywhere.
  if (config.stack_size > kMaxStackSize) return TPOOL_E_INVALID_ARGUMENT;
  if (!tpool_impl::valid_log_level(config.log_level)) return TPOOL_E_INVALID_ARGUMENT;
  // Checked here, the same way on every system, instead of letting the thread
  // start fail on one OS and the mask be ignored on another.
  if (!platform::affinity_valid(config.affinity_group, config.affinity_mask)) {
    return TPOOL_E_INVALID_ARGUMENT;
  }
  return TPOOL_OK;
}

// A desc's group, if any, must be a live group of the pool it goes to.
tpool_status check_group(const pool *owner, const tpool_job_desc &desc) {
  if (desc.group == nullptr) return TPOOL_OK;
  const job_group *group = group_of(desc.group);
  if (!group->live_handle()) return TPOOL_E_INVALID_HANDLE;
  return group->owner() == owner ? TPOOL_OK : TPOOL_E_INVALID_ARGUMENT;
}

// The job descriptions of a submit in the library's own layout: the
// caller's array when its stride is ours (the usual case), else a copy.
// Using the caller's descs in place is also what keeps a single submit
// cheap: the caller has just stored them field by field, and a copy's wider
// loads, each spanning two of those stores, cannot be forwarded from the
// store buffer and wait for the stores to reach the cache.
class normalized_descs {
 public:
  // TPOOL_OK, TPOOL_E_BAD_STRUCT_SIZE, TPOOL_E_NULL_POINTER, TPOOL_E_BAD_PRIORITY,
  // TPOOL_E_INVALID_HANDLE, TPOOL_E_INVALID_ARGUMENT or TPOOL_E_OUT_OF_MEMORY.
  tpool_status read(const pool *owner, const tpool_job_desc *descs, size_t count) {
    const uint32_t stride = descs[0].struct_size;
    tpool_job_desc *copies = nullptr;  // null: the caller's array, used in place
    if (stride != sizeof(tpool_job_desc)) {
      if (count == 1) {
        copies = &single_copy_;
      } else {
        many_copies_.reset(new tpool_job_desc[count]);
        copies = many_copies_.get();
      }
    }
    descs_ = copies != nullptr ? copies : descs;
    for (size_t i = 0; i < count; ++i) {
      const tpool_job_desc *desc = abi::element_at(descs, stride, i);
      if (desc->struct_size != stride) return TPOOL_E_BAD_STRUCT_SIZE;
      if (copies != nullptr) {
        copies[i] = default_desc();
        if (!abi::read_input(desc, kDescVersions, &copies[i])) return TPOOL_E_BAD_STRUCT_SIZE;
        desc = &copies[i];
      } else if (!abi::acceptable_input(desc, stride, kDescVersions)) {
        return TPOOL_E_BAD_STRUCT_SIZE;
      }
      if (desc->fn == nullptr) return TPOOL_E_NULL_POINTER;
      if (!valid_priority(desc->priority)) return TPOOL_E_BAD_PRIORITY;
      const tpool_status group = check_group(owner, *desc);
      if (group != TPOOL_OK) return group;
    }
    return TPOOL_OK;
  }
  const tpool_job_desc *get() const { return descs_; }

 private:
  const tpool_job_desc *descs_ = nullptr;
  tpool_job_desc single_copy_;  // the copy of a single desc of another size
  std::unique_ptr<tpool_job_desc[]> many_copies_;
};

}  // namespace

extern "C" {

TPOOL_API uint32_t TPOOL_CALL tpool_version(void) {
  return TPOOL_VERSION_HEX;
}

TPOOL_API const char *TPOOL_CALL tpool_status_string(tpool_status status) {
  // tpool_status has int32_t as its underlying type: any value is valid here.
  switch (status) {
#define TPOOL_STATUS_CASE_(name, value, message) \
  case name:                                     \
    return message;
    TPOOL_STATUS_LIST(TPOOL_STATUS_CASE_)
#undef TPOOL_STATUS_CASE_
    default:
      return "unknown status";
  }
}

TPOOL_API const char *TPOOL_CALL tpool_job_state_string(tpool_job_state state) {
  switch (state) {
    case TPOOL_JOB_QUEUED:
      return "queued";
    case TPOOL_JOB_RUNNING:
      return "running";
    case TPOOL_JOB_DONE:
      return "done";
    case TPOOL_JOB_CANCELLED:
      return "cancelled";
    case TPOOL_JOB_FAILED:
      return "failed";
    default:
      return "unknown state";
  }
}

TPOOL_API tpool_status TPOOL_CALL tpool_config_init_sized(tpool_config *config,
                                                          uint32_t struct_size) {
  return api_call(fn_tpool_config_init_sized, [&] {
    if (config == nullptr) return TPOOL_E_NULL_POINTER;
    return abi::write_init(default_config(), struct_size, kConfigVersions, config)
               ? TPOOL_OK
               : TPOOL_E_BAD_STRUCT_SIZE;
  });
}

// Parenthesized: tpool.h defines a function-like macro of the same name.
TPOOL_API tpool_status TPOOL_CALL(tpool_config_init)(tpool_config *config) {
  return api_call(fn_tpool_config_init, [&] {
    if (config == nullptr) return TPOOL_E_NULL_POINTER;
    abi::write_init(default_config(), TPOOL_CONFIG_SIZE_V1, kConfigVersions, config);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_desc_init_sized(tpool_job_desc *desc,
                                                            uint32_t struct_size) {
  return api_call(fn_tpool_job_desc_init_sized, [&] {
    if (desc == nullptr) return TPOOL_E_NULL_POINTER;
    return abi::write_init(default_desc(), struct_size, kDescVersions, desc)
               ? TPOOL_OK
               : TPOOL_E_BAD_STRUCT_SIZE;
  });
}

TPOOL_API tpool_status TPOOL_CALL(tpool_job_desc_init)(tpool_job_desc *desc) {
  return api_call(fn_tpool_job_desc_init, [&] {
    if (desc == nullptr) return TPOOL_E_NULL_POINTER;
    abi::write_init(default_desc(), TPOOL_JOB_DESC_SIZE_V1, kDescVersions, desc);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_create(const tpool_config *config, tpool_pool **out_pool) {
  return api_call(fn_tpool_create, [&] {
    if (out_pool == nullptr) return TPOOL_E_NULL_POINTER;
    tpool_config effective = default_config();
    if (config != nullptr && !abi::read_input(config, kConfigVersions, &effective)) {
      // The fields of a struct of unknown layout cannot be trusted, log_fn
      // included: nothing is logged.
      return TPOOL_E_BAD_STRUCT_SIZE;
    }
    const tpool_status valid = validate_config(effective);
    if (valid != TPOOL_OK) {
      // Honour the configuration's own level when it is a valid one.
      const int32_t level = tpool_impl::valid_log_level(effective.log_level)
                                ? effective.log_level
                                : static_cast<int32_t>(TPOOL_LOG_WARN);
      tpool_impl::logger(effective.log_fn, effective.log_user, level)
          .log(TPOOL_LOG_WARN, "tpool_create: {}", tpool_status_string(valid));
      return valid;
    }
    pool *created = nullptr;
    const tpool_status status = pool::create(effective, &created);
    if (status == TPOOL_OK) *out_pool = reinterpret_cast<tpool_pool *>(created);
    return status;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_shutdown(tpool_pool *handle, tpool_shutdown_mode mode,
                                                 uint32_t timeout_ms) {
  return api_call(fn_tpool_shutdown, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    // Read as the integer the C caller passed, validated before any use.
    const int32_t raw_mode = static_cast<int32_t>(mode);
    if (raw_mode != TPOOL_SHUTDOWN_DRAIN && raw_mode != TPOOL_SHUTDOWN_CANCEL) {
      return reject(owner, "tpool_shutdown", TPOOL_E_INVALID_ARGUMENT);
    }
    if (owner->called_from_own_thread()) {
      return reject(owner, "tpool_shutdown", TPOOL_E_WOULD_DEADLOCK);
    }
    return owner->shutdown(mode, timeout_ms);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_destroy(tpool_pool *handle) {
  return api_call(fn_tpool_destroy, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    if (owner->called_from_own_thread()) {
      return reject(owner, "tpool_destroy", TPOOL_E_WOULD_DEADLOCK);
    }
    return owner->destroy();
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_wait_idle(tpool_pool *handle, uint32_t timeout_ms) {
  return api_call(fn_tpool_wait_idle, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    if (owner->called_from_own_thread()) {
      return reject(owner, "tpool_wait_idle", TPOOL_E_WOULD_DEADLOCK);
    }
    return owner->wait_idle(timeout_ms);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_submit(tpool_pool *handle, tpool_job_fn fn, void *context,
                                               int32_t priority, tpool_job **out_job) {
  return api_call(fn_tpool_submit, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    if (fn == nullptr) return reject(owner, "tpool_submit", TPOOL_E_NULL_POINTER);
    if (!valid_priority(priority)) return reject(owner, "tpool_submit", TPOOL_E_BAD_PRIORITY);
    tpool_job_desc desc = default_desc();
    desc.priority = priority;
    desc.fn = fn;
    desc.context = context;
    return owner->submit(&desc, 1, out_job);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_submit_ex(tpool_pool *handle, const tpool_job_desc *desc,
                                                  tpool_job **out_job) {
  return api_call(fn_tpool_submit_ex, [&] {
    if (handle == nullptr || desc == nullptr) return TPOOL_E_NULL_POINTER;
    pool *owner = pool_of(handle);
    normalized_descs normalized;
    const tpool_status valid = normalized.read(owner, desc, 1);
    if (valid != TPOOL_OK) return reject(owner, "tpool_submit_ex", valid);
    return owner->submit(normalized.get(), 1, out_job);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_submit_batch(tpool_pool *handle,
                                                     const tpool_job_desc *descs, size_t count,
                                                     tpool_job **out_jobs) {
  return api_call(fn_tpool_submit_batch, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    if (count == 0) return TPOOL_OK;
    pool *owner = pool_of(handle);
    if (descs == nullptr) return reject(owner, "tpool_submit_batch", TPOOL_E_NULL_POINTER);
    normalized_descs normalized;
    const tpool_status valid = normalized.read(owner, descs, count);
    if (valid != TPOOL_OK) return reject(owner, "tpool_submit_batch", valid);
    return owner->submit(normalized.get(), count, out_jobs);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_cancel_all(tpool_pool *handle, size_t *out_cancelled) {
  return api_call(fn_tpool_cancel_all, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    const size_t cancelled = pool_of(handle)->cancel_all();
    if (out_cancelled != nullptr) *out_cancelled = cancelled;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_get_state(const tpool_job *job,
                                                      tpool_job_state *out_state) {
  return api_call(fn_tpool_job_get_state, [&] {
    if (job == nullptr || out_state == nullptr) return TPOOL_E_NULL_POINTER;
    const job_record *record = record_of(job);
    if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
    *out_state = record->current_state();
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_wait(tpool_job *job, uint32_t timeout_ms,
                                                 tpool_job_state *out_state) {
  return api_call(fn_tpool_job_wait, [&] {
    if (job == nullptr) return TPOOL_E_NULL_POINTER;
    job_record *record = record_of(job);
    if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
    if (tpool_impl::current_thread().current_job == record) return TPOOL_E_WOULD_DEADLOCK;
    const uint32_t word = record->wait_final(timeout_ms);
    if (!tpool_impl::job_state::is_final(word)) return TPOOL_E_TIMEOUT;
    if (out_state != nullptr) *out_state = tpool_impl::job_state::public_state(word);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_cancel(tpool_job *job) {
  return api_call(fn_tpool_job_cancel, [&] {
    if (job == nullptr) return TPOOL_E_NULL_POINTER;
    job_record *record = record_of(job);
    if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
    return pool::cancel_job(record);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_get_id(const tpool_job *job, uint64_t *out_id) {
  return api_call(fn_tpool_job_get_id, [&] {
    if (job == nullptr || out_id == nullptr) return TPOOL_E_NULL_POINTER;
    const job_record *record = record_of(job);
    if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
    *out_id = record->id;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_release(tpool_job *job) {
  return api_call(fn_tpool_job_release, [&] {
    if (job == nullptr) return TPOOL_E_NULL_POINTER;
    return tpool_impl::job_allocator::release_handle(record_of(job)) ? TPOOL_OK
                                                                     : TPOOL_E_INVALID_HANDLE;
  });
}

TPOOL_API int32_t TPOOL_CALL tpool_job_info_cancel_requested(const tpool_job_info *info) {
  if (info == nullptr) return 0;
  const job_record *record = info->record;
  if (record == nullptr) return 0;  // a job without a handle cannot be asked to cancel
  return record->cancel_requested.load(std::memory_order_acquire) != 0 ? 1 : 0;
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_info_set_failed(tpool_job_info *info) {
  return api_call(fn_tpool_job_info_set_failed, [&] {
    if (info == nullptr) return TPOOL_E_NULL_POINTER;
    info->failed = true;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_info_get(const tpool_job_info *info, uint64_t *out_id,
                                                     int32_t *out_priority,
                                                     uint32_t *out_worker_index) {
  return api_call(fn_tpool_job_info_get, [&] {
    if (info == nullptr) return TPOOL_E_NULL_POINTER;
    if (out_id != nullptr) *out_id = info->id;
    if (out_priority != nullptr) *out_priority = info->priority;
    if (out_worker_index != nullptr) *out_worker_index = info->worker_index;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_get_stats(const tpool_pool *handle,
                                                  tpool_stats *out_stats) {
  return api_call(fn_tpool_get_stats, [&] {
    if (handle == nullptr || out_stats == nullptr) return TPOOL_E_NULL_POINTER;
    const uint32_t size = out_stats->struct_size;
    if (!abi::acceptable_output(size, kStatsVersions)) return TPOOL_E_BAD_STRUCT_SIZE;
    tpool_stats stats{};
    pool_of(handle)->get_stats(&stats);
    abi::write_output(stats, size, out_stats);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_get_worker_stats(const tpool_pool *handle,
                                                         tpool_worker_stats *out_workers,
                                                         size_t capacity, size_t *out_count) {
  return api_call(fn_tpool_get_worker_stats, [&] {
    if (handle == nullptr || out_count == nullptr) return TPOOL_E_NULL_POINTER;
    if (capacity == 0) {
      *out_count = 0;
      return TPOOL_OK;
    }
    if (out_workers == nullptr) return TPOOL_E_NULL_POINTER;
    const uint32_t stride = out_workers[0].struct_size;
    if (!abi::acceptable_output(stride, kWorkerStatsVersions)) return TPOOL_E_BAD_STRUCT_SIZE;
    const pool *owner = pool_of(handle);
    size_t filled = 0;
    tpool_worker_stats worker{};
    while (filled < capacity && owner->get_worker_stats(filled, &worker)) {
      abi::write_output(worker, stride, abi::element_at(out_workers, stride, filled));
      ++filled;
    }
    *out_count = filled;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_set_log_level(tpool_pool *handle, tpool_log_level level) {
  return api_call(fn_tpool_set_log_level, [&] {
    if (handle == nullptr) return TPOOL_E_NULL_POINTER;
    // Read as the 32-bit value a C caller passed: any value is checked.
    const int32_t value = static_cast<int32_t>(level);
    if (!tpool_impl::valid_log_level(value)) return TPOOL_E_INVALID_ARGUMENT;
    pool_of(handle)->log().set_level(value);
    return TPOOL_OK;
  });
}

// The 1.0 names (tpool.h, "1.0 names"): the same calls under their old
// names, each with its own entry in the status audit.
TPOOL_API tpool_status TPOOL_CALL tpool_job_status(const tpool_job *job,
                                                   tpool_job_state *out_state) {
  return api_call(fn_tpool_job_status, [&] { return tpool_job_get_state(job, out_state); });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_id(const tpool_job *job, uint64_t *out_id) {
  return api_call(fn_tpool_job_id, [&] { return tpool_job_get_id(job, out_id); });
}

}  // extern "C"
