// The pool's log sink: a host callback plus a minimum level.
//
// A disabled level costs one relaxed atomic load: enabled() is checked before
// any argument is formatted, and fmt runs only for lines that are delivered.
// The callback may be called from any thread, concurrently (the host makes it
// thread-safe, as tpool.h says); the logger itself holds no lock.
#ifndef TPOOL_SRC_TPOOL_CORE_LOGGER_H
#define TPOOL_SRC_TPOOL_CORE_LOGGER_H

#include <fmt/format.h>

#include <atomic>
#include <cstdint>
#include <utility>

#include "tpool/tpool.h"

namespace tpool_impl {

class logger {
 public:
  logger(tpool_log_fn sink, void *user, int32_t level)
      : sink_(sink), user_(user), level_(sink == nullptr ? TPOOL_LOG_OFF : level) {}

  bool enabled(tpool_log_level level) const {
    return static_cast<int32_t>(level) >= level_.load(std::memory_order_relaxed);
  }

  void set_level(int32_t level) {
    level_.store(sink_ == nullptr ? TPOOL_LOG_OFF : level, std::memory_order_relaxed);
  }

  template <typename... Args>
  void log(tpool_log_level level, fmt::format_string<Args...> format, Args &&...args) const {
    if (!enabled(level)) return;
    deliver(level, format, fmt::make_format_args(args...));
  }

 private:
  // Formats and calls the sink; swallows any failure (logging never fails
  // the operation that logs).
  void deliver(tpool_log_level level, fmt::string_view format, fmt::format_args args) const;

  const tpool_log_fn sink_;
  void *const user_;
  std::atomic<int32_t> level_;
};

inline bool valid_log_level(int32_t level) {
  return level >= TPOOL_LOG_TRACE && level <= TPOOL_LOG_OFF;
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_LOGGER_H
