// Address waits on WaitOnAddress / WakeByAddress* (Windows 8+): user-mode
// when there is nothing to wait for, no kernel object per waiter.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include "fault_injection.h"
#include "platform.h"

namespace platform {

bool wait_on_address(const std::atomic<uint32_t> &address, uint32_t expected, uint32_t timeout_ms) {
  static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));
  if (fault::should_fail(fault::point::wait)) return false;
  volatile VOID *target = const_cast<volatile VOID *>(static_cast<const volatile VOID *>(&address));
  const DWORD timeout = timeout_ms == kInfinite ? INFINITE : static_cast<DWORD>(timeout_ms);
  if (WaitOnAddress(target, &expected, sizeof(expected), timeout)) return true;
  return GetLastError() != ERROR_TIMEOUT;
}

void wake_one(const std::atomic<uint32_t> &address) {
  WakeByAddressSingle(const_cast<PVOID>(static_cast<const volatile void *>(&address)));
}

void wake_all(const std::atomic<uint32_t> &address) {
  WakeByAddressAll(const_cast<PVOID>(static_cast<const volatile void *>(&address)));
}

}  // namespace platform
