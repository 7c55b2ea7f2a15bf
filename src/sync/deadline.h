// Millisecond timeouts (as the APIs take them, platform::kInfinite meaning
// "no limit") turned into absolute deadlines on the monotonic clock, and
// back into the milliseconds a wait may still take. The one place both DLLs
// do this arithmetic.
#ifndef TPOOL_SRC_SYNC_DEADLINE_H
#define TPOOL_SRC_SYNC_DEADLINE_H

#include <cstdint>

#include "platform.h"

namespace tpsync {

inline constexpr uint64_t kNoDeadline = UINT64_MAX;

// The deadline timeout_ms from now; kNoDeadline for platform::kInfinite.
inline uint64_t deadline_after(uint32_t timeout_ms) {
  if (timeout_ms == platform::kInfinite) return kNoDeadline;
  return platform::monotonic_ns() + uint64_t{timeout_ms} * 1000000u;
}

// Whole milliseconds left, rounded up so that a sub-millisecond remainder
// still waits (rounding down would wake just before the deadline and spin);
// 0 once it passed; platform::kInfinite without a deadline, and never
// platform::kInfinite for a finite one.
inline uint32_t remaining_ms(uint64_t deadline_ns) {
  if (deadline_ns == kNoDeadline) return platform::kInfinite;
  const uint64_t now_ns = platform::monotonic_ns();
  if (now_ns >= deadline_ns) return 0;
  const uint64_t left_ms = (deadline_ns - now_ns + 999999u) / 1000000u;
  return left_ms >= platform::kInfinite ? platform::kInfinite - 1 : static_cast<uint32_t>(left_ms);
}

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_DEADLINE_H
