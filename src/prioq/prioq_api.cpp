// The exported C ABI of prioq.dll: argument validation, the versioned config
// and the exception firewall around priority_queue. Every function that
// returns a status runs its body inside api_call (abi::guarded: no exception
// escapes, and test builds audit the status against the header).
#include <new>

#include "api_guard.h"
#include "fault_injection.h"
#include "prioq/prioq.h"
#include "prioq_testing.h"
#include "priority_queue.h"
#include "versioned_struct.h"

namespace {

// ---- the documented statuses of every exported function -------------------
#define STATUS(name) abi::status_bit(name)
#define DOCUMENTED(function, mask) {#function, mask},
constexpr abi::documented_function kFunctions[] = {
#include "prioq_statuses.inc"
};
#undef DOCUMENTED
#define DOCUMENTED(function, mask) fn_##function,
enum api_function : size_t {
#include "prioq_statuses.inc"
};
#undef DOCUMENTED
#undef STATUS

#if defined(TPOOL_FAULT_INJECTION)
abi::status_audit<sizeof(kFunctions) / sizeof(kFunctions[0])> g_audit(kFunctions);
auto *const g_audit_ptr = &g_audit;
#else
constexpr std::nullptr_t *g_audit_ptr = nullptr;
#endif

template <typename Body>
prioq_status api_call(api_function function, Body &&body) noexcept {
  return abi::guarded<prioq_status, PRIOQ_E_OUT_OF_MEMORY, PRIOQ_E_INTERNAL>(
      g_audit_ptr, function, static_cast<Body &&>(body));
}

constexpr auto kConfigVersions =
    abi::versions_of<prioq_config>(PRIOQ_CONFIG_SIZE_V1, PRIOQ_CONFIG_SIZE_V2);
static_assert(kConfigVersions.newest() == sizeof(prioq_config));
static_assert(PRIOQ_MAX_ITEM_SIZE == prioq_impl::kMaxItemWords * sizeof(uintptr_t),
              "the ring's copy buffer holds the largest item");

prioq_config default_config() {
  prioq_config config{};
  config.struct_size = sizeof(prioq_config);
  config.item_size = sizeof(void *);
  return config;
}

// 0 is taken as the default (pointer items), so a zeroed version-2 field
// means what it meant before the field existed.
bool valid_item_size(uint32_t size) {
  return size == 0 ||
         (size >= sizeof(void *) && size <= PRIOQ_MAX_ITEM_SIZE && size % sizeof(void *) == 0);
}

// The pointer functions exchange pointers: only a pointer queue's items are.
bool pointer_items(const prioq_impl::priority_queue *queue) {
  return queue->item_size() == sizeof(void *);
}

// prioq_item arrays, as the pointer batch functions take and fill them.
prioq_impl::item_source pointer_source(const prioq_item *items) {
  return {reinterpret_cast<const unsigned char *>(&items[0].value), sizeof(prioq_item),
          reinterpret_cast<const unsigned char *>(&items[0].priority), sizeof(prioq_item)};
}
prioq_impl::item_sink pointer_sink(prioq_item *items) {
  return {reinterpret_cast<unsigned char *>(&items[0].value), sizeof(prioq_item),
          reinterpret_cast<unsigned char *>(&items[0].priority), sizeof(prioq_item)};
}
// One item of item_size bytes and its priority.
prioq_impl::item_sink single_sink(void *item, int32_t *priority) {
  return {static_cast<unsigned char *>(item), 0, reinterpret_cast<unsigned char *>(priority), 0};
}

prioq_impl::priority_queue *impl(prioq_queue *queue) {
  return reinterpret_cast<prioq_impl::priority_queue *>(queue);
}
const prioq_impl::priority_queue *impl(const prioq_queue *queue) {
  return reinterpret_cast<const prioq_impl::priority_queue *>(queue);
}

bool valid_priority(int32_t priority) {
  return priority >= PRIOQ_PRIORITY_HIGH && priority <= PRIOQ_PRIORITY_LOW;
}

}  // namespace

extern "C" {

PRIOQ_API uint32_t PRIOQ_CALL prioq_version(void) {
  return PRIOQ_VERSION_HEX;
}

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

PRIOQ_API prioq_status PRIOQ_CALL prioq_config_init_sized(prioq_config *config,
                                                          uint32_t struct_size) {
  return api_call(fn_prioq_config_init_sized, [&] {
    if (config == nullptr) return PRIOQ_E_NULL_POINTER;
    return abi::write_init(default_config(), struct_size, kConfigVersions, config)
               ? PRIOQ_OK
               : PRIOQ_E_BAD_STRUCT_SIZE;
  });
}

// Parenthesized: prioq.h defines a function-like macro of the same name.
PRIOQ_API prioq_status PRIOQ_CALL(prioq_config_init)(prioq_config *config) {
  return api_call(fn_prioq_config_init, [&] {
    if (config == nullptr) return PRIOQ_E_NULL_POINTER;
    abi::write_init(default_config(), PRIOQ_CONFIG_SIZE_V1, kConfigVersions, config);
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_create(const prioq_config *config,
                                               prioq_queue **out_queue) {
  return api_call(fn_prioq_create, [&] {
    if (out_queue == nullptr) return PRIOQ_E_NULL_POINTER;
    prioq_config effective = default_config();
    if (config != nullptr && !abi::read_input(config, kConfigVersions, &effective)) {
      return PRIOQ_E_BAD_STRUCT_SIZE;
    }
    if (effective.reserved_ != 0) return PRIOQ_E_INVALID_ARGUMENT;
    if (!valid_item_size(effective.item_size)) return PRIOQ_E_INVALID_ARGUMENT;
    if (effective.item_size == 0) effective.item_size = sizeof(void *);
    if (effective.payload_word > effective.item_size / sizeof(void *)) {
      return PRIOQ_E_INVALID_ARGUMENT;
    }
    if (platform::fault::should_fail(platform::fault::point::allocation)) {
      return PRIOQ_E_OUT_OF_MEMORY;
    }
    auto *queue = new (std::nothrow) prioq_impl::priority_queue(effective);
    if (queue == nullptr) return PRIOQ_E_OUT_OF_MEMORY;
    *out_queue = reinterpret_cast<prioq_queue *>(queue);
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_destroy(prioq_queue *queue) {
  return api_call(fn_prioq_destroy, [&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    delete impl(queue);
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_push(prioq_queue *queue, void *item, int32_t priority) {
  return api_call(fn_prioq_push, [&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    if (!pointer_items(impl(queue))) return PRIOQ_E_INVALID_ARGUMENT;
    if (!valid_priority(priority)) return PRIOQ_E_BAD_PRIORITY;
    return impl(queue)->push(&item, priority);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_push_batch(prioq_queue *queue, const prioq_item *items,
                                                   size_t count) {
  return api_call(fn_prioq_push_batch, [&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    if (!pointer_items(impl(queue))) return PRIOQ_E_INVALID_ARGUMENT;
    if (count == 0) return PRIOQ_OK;
    if (items == nullptr) return PRIOQ_E_NULL_POINTER;
    for (size_t i = 0; i < count; ++i) {
      if (!valid_priority(items[i].priority)) return PRIOQ_E_BAD_PRIORITY;
    }
    return impl(queue)->push_batch(pointer_source(items), count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_try_pop(prioq_queue *queue, void **out_item,
                                                int32_t *out_priority) {
  return api_call(fn_prioq_try_pop, [&] {
    if (queue == nullptr || out_item == nullptr) return PRIOQ_E_NULL_POINTER;
    if (!pointer_items(impl(queue))) return PRIOQ_E_INVALID_ARGUMENT;
    void *item = nullptr;
    int32_t priority = 0;
    size_t count = 0;
    const prioq_status status = impl(queue)->try_pop(single_sink(&item, &priority), 1, &count);
    if (status != PRIOQ_OK) return status;
    *out_item = item;
    if (out_priority != nullptr) *out_priority = priority;
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_pop(prioq_queue *queue, uint32_t timeout_ms,
                                            void **out_item, int32_t *out_priority) {
  return api_call(fn_prioq_pop, [&] {
    if (queue == nullptr || out_item == nullptr) return PRIOQ_E_NULL_POINTER;
    if (!pointer_items(impl(queue))) return PRIOQ_E_INVALID_ARGUMENT;
    void *item = nullptr;
    int32_t priority = 0;
    size_t count = 0;
    const prioq_status status =
        impl(queue)->pop(single_sink(&item, &priority), 1, timeout_ms, &count);
    if (status != PRIOQ_OK) return status;
    *out_item = item;
    if (out_priority != nullptr) *out_priority = priority;
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_batch(prioq_queue *queue, prioq_item *out_items,
                                                  size_t max_count, uint32_t timeout_ms,
                                                  size_t *out_count) {
  return api_call(fn_prioq_pop_batch, [&] {
    if (queue == nullptr || out_items == nullptr || out_count == nullptr) {
      return PRIOQ_E_NULL_POINTER;
    }
    if (max_count == 0 || !pointer_items(impl(queue))) return PRIOQ_E_INVALID_ARGUMENT;
    return impl(queue)->pop(pointer_sink(out_items), max_count, timeout_ms, out_count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_push_item(prioq_queue *queue, const void *item,
                                                  int32_t priority) {
  return api_call(fn_prioq_push_item, [&] {
    if (queue == nullptr || item == nullptr) return PRIOQ_E_NULL_POINTER;
    if (!valid_priority(priority)) return PRIOQ_E_BAD_PRIORITY;
    return impl(queue)->push(item, priority);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_push_items(prioq_queue *queue, const void *items,
                                                   const int32_t *priorities, size_t count) {
  return api_call(fn_prioq_push_items, [&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    if (count == 0) return PRIOQ_OK;
    if (items == nullptr || priorities == nullptr) return PRIOQ_E_NULL_POINTER;
    for (size_t i = 0; i < count; ++i) {
      if (!valid_priority(priorities[i])) return PRIOQ_E_BAD_PRIORITY;
    }
    const prioq_impl::item_source source{
        static_cast<const unsigned char *>(items), impl(queue)->item_size(),
        reinterpret_cast<const unsigned char *>(priorities), sizeof(int32_t)};
    return impl(queue)->push_batch(source, count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_try_pop_item(prioq_queue *queue, void *out_item,
                                                     int32_t *out_priority) {
  return api_call(fn_prioq_try_pop_item, [&] {
    if (queue == nullptr || out_item == nullptr) return PRIOQ_E_NULL_POINTER;
    size_t count = 0;
    return impl(queue)->try_pop(single_sink(out_item, out_priority), 1, &count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_item(prioq_queue *queue, uint32_t timeout_ms,
                                                 void *out_item, int32_t *out_priority) {
  return api_call(fn_prioq_pop_item, [&] {
    if (queue == nullptr || out_item == nullptr) return PRIOQ_E_NULL_POINTER;
    size_t count = 0;
    return impl(queue)->pop(single_sink(out_item, out_priority), 1, timeout_ms, &count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_pop_items(prioq_queue *queue, void *out_items,
                                                  int32_t *out_priorities, size_t max_count,
                                                  uint32_t timeout_ms, size_t *out_count) {
  return api_call(fn_prioq_pop_items, [&] {
    if (queue == nullptr || out_items == nullptr || out_count == nullptr) {
      return PRIOQ_E_NULL_POINTER;
    }
    if (max_count == 0) return PRIOQ_E_INVALID_ARGUMENT;
    const prioq_impl::item_sink sink{
        static_cast<unsigned char *>(out_items), impl(queue)->item_size(),
        reinterpret_cast<unsigned char *>(out_priorities), sizeof(int32_t)};
    return impl(queue)->pop(sink, max_count, timeout_ms, out_count);
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_item_size(const prioq_queue *queue, uint32_t *out_size) {
  return api_call(fn_prioq_item_size, [&] {
    if (queue == nullptr || out_size == nullptr) return PRIOQ_E_NULL_POINTER;
    *out_size = impl(queue)->item_size();
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_close(prioq_queue *queue) {
  return api_call(fn_prioq_close, [&] {
    if (queue == nullptr) return PRIOQ_E_NULL_POINTER;
    impl(queue)->close();
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_is_closed(const prioq_queue *queue, int32_t *out_closed) {
  return api_call(fn_prioq_is_closed, [&] {
    if (queue == nullptr || out_closed == nullptr) return PRIOQ_E_NULL_POINTER;
    *out_closed = impl(queue)->closed() ? 1 : 0;
    return PRIOQ_OK;
  });
}

PRIOQ_API prioq_status PRIOQ_CALL prioq_size(const prioq_queue *queue, int32_t priority,
                                             size_t *out_size) {
  return api_call(fn_prioq_size, [&] {
    if (queue == nullptr || out_size == nullptr) return PRIOQ_E_NULL_POINTER;
    if (priority != PRIOQ_PRIORITY_ALL && !valid_priority(priority)) return PRIOQ_E_BAD_PRIORITY;
    *out_size = impl(queue)->size(priority);
    return PRIOQ_OK;
  });
}

// ---- test-only exports: the status audit (see abi/api_guard.h) -------------
#if defined(TPOOL_FAULT_INJECTION)
PRIOQ_API uint32_t PRIOQ_CALL prioq_testing_statuses_seen(const char *function) {
  return g_audit.seen(function);
}

PRIOQ_API uint64_t PRIOQ_CALL prioq_testing_undocumented_statuses(const char **out_function,
                                                                  int32_t *out_status) {
  return g_audit.undocumented(out_function, out_status);
}

PRIOQ_API void PRIOQ_CALL prioq_testing_status_audit_reset(void) {
  g_audit.reset();
}
#endif

}  // extern "C"
