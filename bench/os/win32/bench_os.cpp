// bench_os.h on Windows (and under Wine).
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <process.h>
#include <windows.h>

#include <new>

#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <immintrin.h>
#endif

#include "bench_os.h"

namespace bench::os {
namespace {

uint64_t query_frequency() {
  LARGE_INTEGER frequency;
  QueryPerformanceFrequency(&frequency);  // never fails on Windows XP and later
  return static_cast<uint64_t>(frequency.QuadPart);
}
const uint64_t g_frequency = query_frequency();

// What the new thread needs before it calls entry; freed by the new thread.
struct start_block {
  native_thread_entry entry;
  void *arg;
};

unsigned __stdcall thread_main(void *raw) {
  start_block *block = static_cast<start_block *>(raw);
  const native_thread_entry entry = block->entry;
  void *arg = block->arg;
  delete block;
  entry(arg);
  return 0;
}

}  // namespace

uint64_t ticks() {
  LARGE_INTEGER now;
  QueryPerformanceCounter(&now);
  return static_cast<uint64_t>(now.QuadPart);
}

uint64_t tick_frequency() {
  return g_frequency;
}

uint64_t monotonic_ns() {
  const uint64_t now = ticks();
  // Split so that now * 1e9 cannot overflow.
  const uint64_t seconds = now / g_frequency;
  const uint64_t remainder = now % g_frequency;
  return seconds * 1000000000ull + remainder * 1000000000ull / g_frequency;
}

uint64_t process_cpu_ns() {
  FILETIME creation, exit, kernel, user;
  if (!GetProcessTimes(GetCurrentProcess(), &creation, &exit, &kernel, &user)) return 0;
  const auto ns = [](const FILETIME &time) {
    ULARGE_INTEGER value;
    value.LowPart = time.dwLowDateTime;
    value.HighPart = time.dwHighDateTime;
    return value.QuadPart * 100ull;  // FILETIME counts 100 ns units
  };
  return ns(kernel) + ns(user);
}

bool wait_on_address(const std::atomic<uint32_t> &address, uint32_t expected, uint32_t timeout_ms) {
  static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));
  volatile VOID *target = const_cast<volatile VOID *>(static_cast<const volatile VOID *>(&address));
  const DWORD timeout = timeout_ms == kInfinite ? INFINITE : static_cast<DWORD>(timeout_ms);
  if (WaitOnAddress(target, &expected, sizeof(expected), timeout)) return true;
  return GetLastError() != ERROR_TIMEOUT;
}

void wake_all(const std::atomic<uint32_t> &address) {
  WakeByAddressAll(const_cast<PVOID>(static_cast<const volatile void *>(&address)));
}

void cpu_relax() {
  _mm_pause();
}

void yield_thread() {
  SwitchToThread();
}

bool start_native_thread(native_thread *thread, native_thread_entry entry, void *arg) {
  start_block *block = new (std::nothrow) start_block{entry, arg};
  if (block == nullptr) return false;
  // _beginthreadex rather than CreateThread: it sets up the C runtime's
  // per-thread state for task bodies that use it.
  const uintptr_t handle = _beginthreadex(nullptr, 0, &thread_main, block, 0, nullptr);
  if (handle == 0) {
    delete block;
    return false;
  }
  thread->handle = reinterpret_cast<HANDLE>(handle);
  return true;
}

void join_native_thread(native_thread *thread) {
  if (thread->handle == nullptr) return;
  WaitForSingleObject(static_cast<HANDLE>(thread->handle), INFINITE);
  CloseHandle(static_cast<HANDLE>(thread->handle));
  thread->handle = nullptr;
}

uint32_t logical_cpu_count() {
  const DWORD count = GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
  return count > 0 ? static_cast<uint32_t>(count) : 1u;
}

}  // namespace bench::os
