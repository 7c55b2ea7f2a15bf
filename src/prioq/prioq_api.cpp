// The exported C ABI of prioq.dll: argument validation and the exception
// firewall around priority_queue. Every function here returns a status and
// never lets an exception escape (the queue itself does not throw, but the
// firewall keeps that true whatever changes underneath).
#include <new>

#include "platform/fault_injection.h"
#include "prioq/prioq.h"
#include "prioq/priority_queue.h"

namespace {

prioq_impl::priority_queue *impl(prioq_queue *queue) {
  return reinterpret_cast<prioq_impl::priority_queue *>(queue);
}
const prioq_impl::priority_queue *impl(const prioq_queue *queue) {
  return reinterpret_cast<const prioq_impl::priority_queue *>(queue);
}

bool valid_priority(int32_t priority) {
  return priority >= PRIOQ_PRIORITY_HIGH && priority <= PRIOQ_PRIORITY_LOW;
}

// Runs body() and converts any escaping exception into a status.
template <typename Body>
prioq_status guarded(Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return PRIOQ_E_OUT_OF_MEMORY;
  } catch (...) {
    return PRIOQ_E_INTERNAL;
  }
}

}  // namespace

extern "C" {

PRIOQ_API uint32_t PRIOQ_CALL prioq_version(void) { return PRIOQ_VERSION_HEX; }

PRIOQ_API const char *PRIOQ_CALL prioq_status_string(prioq_status status) {
  switch (status) {
#define PRIOQ_STATUS_CASE_(name, value, message) \
  case name:                                     \
    return message;
    PRIOQ_STATUS_LIST(PRIOQ_STATUS_CASE_)
#undef PRIOQ_STATUS_CASE_
    default:
      return "unknown status";
  }
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_config_init(prioq_config *config) {
  if (config == nullptr) return PRIOQ_E_NULL_POINTER;
  *config = prioq_config{};
  config->struct_size = sizeof(prioq_config);
  return PRIOQ_OK;
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_create(const prioq_config *config, prioq_queue **out_queue) {
  return guarded([&] {
    if (out_queue == nullptr) return PRIOQ_E_NULL_POINTER;
    prioq_config effective;
    prioq_config_init(&effective);
    if (config != nullptr) {
      if (config->struct_size != sizeof(prioq_config)) return PRIOQ_E_BAD_STRUCT_SIZE;
      if (config->reserved_ != 0) return PRIOQ_E_INVALID_ARGUMENT;
      effective = *config;
    }
    if (platform::fault::should_fail(platform::fault::point::allocation)) {
      return PRIOQ_E_OUT_OF_MEMORY;
    }
    auto *queue = new (std::nothrow) prioq_impl::priority_queue(effective);
    if (queue == nullptr) return PRIOQ_E_OUT_OF_MEMORY;
    if (!queue->init()) {
      delete queue;
      return PRIOQ_E_OUT_OF_MEMORY;
    }
    *out_queue = reinterpret_cast<prioq_queue *>(queue);
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_destroy(prioq_queue *queue) {
  return guarded([&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    delete impl(queue);
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_push(prioq_queue *queue, void *item, int32_t priority) {
  return guarded([&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    if (!valid_priority(priority)) return PRIOQ_E_BAD_PRIORITY;
    return impl(queue)->push(item, priority);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_push_batch(prioq_queue *queue, const prioq_item *items,
                                                   size_t count) {
  return guarded([&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    if (count == 0) return PRIOQ_OK;
    if (items == nullptr) return PRIOQ_E_NULL_POINTER;
    for (size_t i = 0; i < count; ++i) {
      if (!valid_priority(items[i].priority)) return PRIOQ_E_BAD_PRIORITY;
    }
    return impl(queue)->push_batch(items, count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_try_pop(prioq_queue *queue, void **out_item,
                                                int32_t *out_priority) {
  return guarded([&] {
    if (queue == nullptr || out_item == nullptr) return PRIOQ_E_NULL_POINTER;
    prioq_item item;
    size_t count = 0;
    const prioq_status status = impl(queue)->try_pop(&item, 1, &count);
    if (status != PRIOQ_OK) return status;
    *out_item = item.value;
    if (out_priority != nullptr) *out_priority = item.priority;
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_pop(prioq_queue *queue, uint32_t timeout_ms,
                                            void **out_item, int32_t *out_priority) {
  return guarded([&] {
    if (queue == nullptr || out_item == nullptr) return PRIOQ_E_NULL_POINTER;
    prioq_item item;
    size_t count = 0;
    const prioq_status status = impl(queue)->pop(&item, 1, timeout_ms, &count);
    if (status != PRIOQ_OK) return status;
    *out_item = item.value;
    if (out_priority != nullptr) *out_priority = item.priority;
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_batch(prioq_queue *queue, prioq_item *out_items,
                                                  size_t max_count, uint32_t timeout_ms,
                                                  size_t *out_count) {
  return guarded([&] {
    if (queue == nullptr || out_items == nullptr || out_count == nullptr) {
      return PRIOQ_E_NULL_POINTER;
    }
    if (max_count == 0) return PRIOQ_E_INVALID_ARGUMENT;
    return impl(queue)->pop(out_items, max_count, timeout_ms, out_count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_close(prioq_queue *queue) {
  return guarded([&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    impl(queue)->close();
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_is_closed(const prioq_queue *queue, int32_t *out_closed) {
  return guarded([&] {
    if (queue == nullptr || out_closed == nullptr) return PRIOQ_E_NULL_POINTER;
    *out_closed = impl(queue)->closed() ? 1 : 0;
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_size(const prioq_queue *queue, int32_t priority,
                                             size_t *out_size) {
  return guarded([&] {
    if (queue == nullptr || out_size == nullptr) return PRIOQ_E_NULL_POINTER;
    if (priority != PRIOQ_PRIORITY_ALL && !valid_priority(priority)) return PRIOQ_E_BAD_PRIORITY;
    *out_size = impl(queue)->size(priority);
    return PRIOQ_OK;
  });
}

}  // extern "C"
