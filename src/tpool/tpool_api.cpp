// The exported C ABI of tpool.dll: argument validation and the exception
// firewall. Every function returns a status and lets no exception escape;
// the pool code behind it assumes its arguments are valid.
#include <new>

#include "platform/platform.h"
#include "tpool/current_thread.h"
#include "tpool/job_info.h"
#include "tpool/job_record.h"
#include "tpool/logger.h"
#include "tpool/pool.h"
#include "tpool/tpool.h"

using tpool_impl::job_record;
using tpool_impl::pool;
using tpool_impl::pool_of;
using tpool_impl::record_of;

namespace {

constexpr uint32_t kMaxWorkers = 4096;

// Runs body() and converts any escaping exception into a status.
template <typename Body>
tpool_status guarded(Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return TPOOL_E_OUT_OF_MEMORY;
  } catch (...) {
    return TPOOL_E_INTERNAL;
  }
}

bool valid_priority(int32_t priority) {
  return priority >= TPOOL_PRIORITY_HIGH && priority <= TPOOL_PRIORITY_LOW;
}

// A handle is usable while its record says an unreleased handle exists.
bool live_handle(const job_record *record) {
  return record->handle_magic.load(std::memory_order_acquire) == tpool_impl::kHandleLive;
}

constexpr size_t kMaxStackSize = size_t{1} << 30;  // 1 GiB

tpool_status validate_config(const tpool_config &config) {
  if (config.struct_size != sizeof(tpool_config)) return TPOOL_E_BAD_STRUCT_SIZE;
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
  return TPOOL_OK;
}

tpool_status validate_desc(const tpool_job_desc &desc) {
  if (desc.struct_size != sizeof(tpool_job_desc)) return TPOOL_E_BAD_STRUCT_SIZE;
  if (desc.fn == nullptr) return TPOOL_E_NULL_POINTER;
  if (!valid_priority(desc.priority)) return TPOOL_E_BAD_PRIORITY;
  return TPOOL_OK;
}

tpool_status reject(pool *owner, const char *function, tpool_status status) {
  owner->log().log(TPOOL_LOG_WARN, "{}: {}", function, tpool_status_string(status));
  return status;
}

}  // namespace

extern "C" {

TPOOL_API uint32_t TPOOL_CALL tpool_version(void) {
  return TPOOL_VERSION_HEX;
}

TPOOL_API const char *TPOOL_CALL tpool_status_string(tpool_status status) {
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

TPOOL_API tpool_status TPOOL_CALL tpool_config_init(tpool_config *config) {
  if (config == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    *config = tpool_config{};
    config->struct_size = sizeof(tpool_config);
    const uint32_t processors = platform::logical_cpu_count();
    config->min_workers =
        processors < 1 ? 1 : (processors > kMaxWorkers ? kMaxWorkers : processors);
    config->max_workers = config->min_workers;
    config->idle_timeout_ms = 10000;
    config->stack_size = 0;
    config->thread_name_prefix = "tpool";
    config->thread_priority = TPOOL_THREAD_PRIORITY_NORMAL;
    config->starvation_bound_ms = 100;
    config->log_level = TPOOL_LOG_WARN;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_desc_init(tpool_job_desc *desc) {
  if (desc == nullptr) return TPOOL_E_NULL_POINTER;
  *desc = tpool_job_desc{};
  desc->struct_size = sizeof(tpool_job_desc);
  desc->priority = TPOOL_PRIORITY_MEDIUM;
  return TPOOL_OK;
}

TPOOL_API tpool_status TPOOL_CALL tpool_create(const tpool_config *config, tpool_pool **out_pool) {
  if (out_pool == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    tpool_config effective;
    if (config != nullptr) {
      if (config->struct_size != sizeof(tpool_config)) return TPOOL_E_BAD_STRUCT_SIZE;
      effective = *config;
    } else {
      tpool_config_init(&effective);
    }
    const tpool_status valid = validate_config(effective);
    if (valid != TPOOL_OK) {
      if (effective.log_fn != nullptr) {
        tpool_impl::logger(effective.log_fn, effective.log_user, TPOOL_LOG_WARN)
            .log(TPOOL_LOG_WARN, "tpool_create: {}", tpool_status_string(valid));
      }
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
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    pool *owner = pool_of(handle);
    if (mode != TPOOL_SHUTDOWN_DRAIN && mode != TPOOL_SHUTDOWN_CANCEL) {
      return reject(owner, "tpool_shutdown", TPOOL_E_INVALID_ARGUMENT);
    }
    if (owner->called_from_own_thread()) {
      return reject(owner, "tpool_shutdown", TPOOL_E_WOULD_DEADLOCK);
    }
    return owner->shutdown(mode, timeout_ms);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_destroy(tpool_pool *handle) {
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    pool *owner = pool_of(handle);
    if (owner->called_from_own_thread()) {
      return reject(owner, "tpool_destroy", TPOOL_E_WOULD_DEADLOCK);
    }
    return owner->destroy();
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_wait_idle(tpool_pool *handle, uint32_t timeout_ms) {
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    pool *owner = pool_of(handle);
    if (owner->called_from_own_thread()) {
      return reject(owner, "tpool_wait_idle", TPOOL_E_WOULD_DEADLOCK);
    }
    return owner->wait_idle(timeout_ms);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_submit(tpool_pool *handle, tpool_job_fn fn, void *context,
                                               int32_t priority, tpool_job **out_job) {
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    pool *owner = pool_of(handle);
    if (fn == nullptr) return reject(owner, "tpool_submit", TPOOL_E_NULL_POINTER);
    if (!valid_priority(priority)) return reject(owner, "tpool_submit", TPOOL_E_BAD_PRIORITY);
    tpool_job_desc desc{sizeof(tpool_job_desc), priority, fn, context, nullptr};
    return owner->submit(&desc, 1, out_job);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_submit_ex(tpool_pool *handle, const tpool_job_desc *desc,
                                                  tpool_job **out_job) {
  if (handle == nullptr || desc == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    pool *owner = pool_of(handle);
    const tpool_status valid = validate_desc(*desc);
    if (valid != TPOOL_OK) return reject(owner, "tpool_submit_ex", valid);
    return owner->submit(desc, 1, out_job);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_submit_batch(tpool_pool *handle,
                                                     const tpool_job_desc *descs, size_t count,
                                                     tpool_job **out_jobs) {
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  if (count == 0) return TPOOL_OK;
  if (descs == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    pool *owner = pool_of(handle);
    for (size_t i = 0; i < count; ++i) {
      const tpool_status valid = validate_desc(descs[i]);
      if (valid != TPOOL_OK) return reject(owner, "tpool_submit_batch", valid);
    }
    return owner->submit(descs, count, out_jobs);
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_cancel_all(tpool_pool *handle, size_t *out_cancelled) {
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    const size_t cancelled = pool_of(handle)->cancel_all();
    if (out_cancelled != nullptr) *out_cancelled = cancelled;
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_status(const tpool_job *job,
                                                   tpool_job_state *out_state) {
  if (job == nullptr || out_state == nullptr) return TPOOL_E_NULL_POINTER;
  const job_record *record = record_of(job);
  if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
  *out_state =
      tpool_impl::job_state::public_state(record->state_word.load(std::memory_order_acquire));
  return TPOOL_OK;
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_wait(tpool_job *job, uint32_t timeout_ms,
                                                 tpool_job_state *out_state) {
  if (job == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
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
  if (job == nullptr) return TPOOL_E_NULL_POINTER;
  return guarded([&] {
    job_record *record = record_of(job);
    if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
    if (record->try_cancel()) {
      // Still queued: the pool is alive (destroy drains every queued job).
      record->owner->finish_cancelled(record);
      return TPOOL_OK;
    }
    namespace js = tpool_impl::job_state;
    if ((record->state_word.load(std::memory_order_acquire) & js::kStateMask) != js::kRunning) {
      return TPOOL_E_JOB_FINISHED;
    }
    record->cancel_requested.store(1, std::memory_order_release);
    // It may have finished meanwhile; report what is true now.
    return js::is_final(record->state_word.load(std::memory_order_acquire)) ? TPOOL_E_JOB_FINISHED
                                                                            : TPOOL_E_JOB_RUNNING;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_id(const tpool_job *job, uint64_t *out_id) {
  if (job == nullptr || out_id == nullptr) return TPOOL_E_NULL_POINTER;
  const job_record *record = record_of(job);
  if (!live_handle(record)) return TPOOL_E_INVALID_HANDLE;
  *out_id = record->id;
  return TPOOL_OK;
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_release(tpool_job *job) {
  if (job == nullptr) return TPOOL_E_NULL_POINTER;
  job_record *record = record_of(job);
  uint32_t expected = tpool_impl::kHandleLive;
  if (!record->handle_magic.compare_exchange_strong(expected, tpool_impl::kHandleReleased,
                                                    std::memory_order_acq_rel)) {
    return TPOOL_E_INVALID_HANDLE;
  }
  tpool_impl::job_allocator *allocator = record->allocator;
  tpool_impl::job_allocator::drop_record_ref(record);
  allocator->release();
  return TPOOL_OK;
}

TPOOL_API int32_t TPOOL_CALL tpool_job_info_cancel_requested(const tpool_job_info *info) {
  if (info == nullptr) return 0;
  return info->record->cancel_requested.load(std::memory_order_acquire) != 0 ? 1 : 0;
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_info_set_failed(tpool_job_info *info) {
  if (info == nullptr) return TPOOL_E_NULL_POINTER;
  info->failed = true;
  return TPOOL_OK;
}

TPOOL_API tpool_status TPOOL_CALL tpool_job_info_get(const tpool_job_info *info, uint64_t *out_id,
                                                     int32_t *out_priority,
                                                     uint32_t *out_worker_index) {
  if (info == nullptr) return TPOOL_E_NULL_POINTER;
  if (out_id != nullptr) *out_id = info->record->id;
  if (out_priority != nullptr) *out_priority = info->record->priority;
  if (out_worker_index != nullptr) *out_worker_index = info->worker_index;
  return TPOOL_OK;
}

TPOOL_API tpool_status TPOOL_CALL tpool_get_stats(const tpool_pool *handle,
                                                  tpool_stats *out_stats) {
  if (handle == nullptr || out_stats == nullptr) return TPOOL_E_NULL_POINTER;
  if (out_stats->struct_size != sizeof(tpool_stats)) return TPOOL_E_BAD_STRUCT_SIZE;
  return guarded([&] {
    pool_of(handle)->get_stats(out_stats);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_get_worker_stats(const tpool_pool *handle,
                                                         tpool_worker_stats *out_workers,
                                                         size_t capacity, size_t *out_count) {
  if (handle == nullptr || out_count == nullptr) return TPOOL_E_NULL_POINTER;
  if (capacity > 0 && out_workers == nullptr) return TPOOL_E_NULL_POINTER;
  if (capacity > 0 && out_workers[0].struct_size != sizeof(tpool_worker_stats)) {
    return TPOOL_E_BAD_STRUCT_SIZE;
  }
  return guarded([&] {
    *out_count = pool_of(handle)->get_worker_stats(out_workers, capacity);
    return TPOOL_OK;
  });
}

TPOOL_API tpool_status TPOOL_CALL tpool_set_log_level(tpool_pool *handle, int32_t level) {
  if (handle == nullptr) return TPOOL_E_NULL_POINTER;
  if (!tpool_impl::valid_log_level(level)) return TPOOL_E_INVALID_ARGUMENT;
  pool_of(handle)->log().set_level(level);
  return TPOOL_OK;
}

}  // extern "C"
