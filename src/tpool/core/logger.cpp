#include "logger.h"

namespace tpool_impl {

void logger::deliver(tpool_log_level level, fmt::string_view format, fmt::format_args args) const {
  try {
    fmt::memory_buffer line;
    fmt::vformat_to(std::back_inserter(line), format, args);
    line.push_back('\0');
    sink_(user_, level, line.data());
  } catch (...) {
    // Out of memory or a format error: drop the line, keep the pool running.
  }
}

}  // namespace tpool_impl
