// Converting the API's millisecond timeouts into absolute deadlines and back.
#ifndef TPOOL_SRC_TPOOL_DEADLINE_H
#define TPOOL_SRC_TPOOL_DEADLINE_H

#include <cstdint>

#include "platform/platform.h"
#include "tpool/tpool.h"

namespace tpool_impl {

inline constexpr uint64_t kNoDeadline = UINT64_MAX;

inline uint64_t deadline_after(uint32_t timeout_ms) {
  if (timeout_ms == TPOOL_INFINITE) return kNoDeadline;
  return platform::monotonic_ns() + uint64_t{timeout_ms} * 1000000u;
}

// Whole milliseconds left, rounded up so a sub-millisecond remainder still
// waits; 0 once the deadline passed; platform::kInfinite without a deadline.
inline uint32_t remaining_ms(uint64_t deadline_ns) {
  if (deadline_ns == kNoDeadline) return platform::kInfinite;
  const uint64_t now_ns = platform::monotonic_ns();
  if (now_ns >= deadline_ns) return 0;
  const uint64_t left_ms = (deadline_ns - now_ns + 999999u) / 1000000u;
  return left_ms >= platform::kInfinite ? platform::kInfinite - 1 : static_cast<uint32_t>(left_ms);
}

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_DEADLINE_H
