// Address waits on Linux futexes (private, 32-bit). Other POSIX systems would
// need a parking-lot fallback; Linux is the only POSIX target we build.
#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <climits>

#include "fault_injection.h"
#include "platform.h"

namespace platform {
namespace {
long futex(const std::atomic<uint32_t> &address, int op, uint32_t value, const timespec *timeout) {
  // std::atomic<uint32_t> is a plain 32-bit word on every supported ABI.
  static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));
  return syscall(SYS_futex, reinterpret_cast<const uint32_t *>(&address), op | FUTEX_PRIVATE_FLAG,
                 value, timeout, nullptr, 0);
}
}  // namespace

bool wait_on_address(const std::atomic<uint32_t> &address, uint32_t expected, uint32_t timeout_ms) {
  if (fault::should_fail(fault::point::wait)) return false;
  if (timeout_ms == kInfinite) {
    futex(address, FUTEX_WAIT, expected, nullptr);
    return true;
  }
  // FUTEX_WAIT takes a relative timeout.
  timespec relative{};
  relative.tv_sec = static_cast<time_t>(timeout_ms / 1000);
  relative.tv_nsec = static_cast<long>(timeout_ms % 1000) * 1000000L;
  const long rc = futex(address, FUTEX_WAIT, expected, &relative);
  return !(rc == -1 && errno == ETIMEDOUT);
}

void wake_one(const std::atomic<uint32_t> &address) {
  futex(address, FUTEX_WAKE, 1, nullptr);
}

void wake_all(const std::atomic<uint32_t> &address) {
  futex(address, FUTEX_WAKE, INT_MAX, nullptr);
}

}  // namespace platform
