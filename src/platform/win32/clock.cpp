#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include "platform.h"

#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <immintrin.h>
#endif

namespace platform {
namespace {
uint64_t query_frequency() {
  LARGE_INTEGER frequency;
  QueryPerformanceFrequency(&frequency);  // never fails on XP and later
  return static_cast<uint64_t>(frequency.QuadPart);
}
const uint64_t g_frequency = query_frequency();

uint64_t filetime_ns(const FILETIME &time) {
  ULARGE_INTEGER value;
  value.LowPart = time.dwLowDateTime;
  value.HighPart = time.dwHighDateTime;
  return value.QuadPart * 100ull;  // FILETIME counts 100 ns units
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
  // Split to avoid overflowing now * 1e9.
  const uint64_t seconds = now / g_frequency;
  const uint64_t remainder = now % g_frequency;
  return seconds * 1000000000ull + remainder * 1000000000ull / g_frequency;
}

uint64_t coarse_monotonic_ms() {
  return GetTickCount64();
}

uint64_t process_cpu_time_ns() {
  FILETIME creation, exit, kernel, user;
  if (!GetProcessTimes(GetCurrentProcess(), &creation, &exit, &kernel, &user)) return 0;
  return filetime_ns(kernel) + filetime_ns(user);
}

uint64_t thread_cpu_time_ns() {
  FILETIME creation, exit, kernel, user;
  if (!GetThreadTimes(GetCurrentThread(), &creation, &exit, &kernel, &user)) return 0;
  return filetime_ns(kernel) + filetime_ns(user);
}

uint32_t logical_cpu_count() {
  // Counts every processor group, so machines with more than 64 logical
  // processors report all of them.
  const DWORD count = GetActiveProcessorCount(ALL_PROCESSOR_GROUPS);
  return count > 0 ? static_cast<uint32_t>(count) : 1u;
}

void cpu_relax() {
  _mm_pause();
}

void yield_thread() {
  SwitchToThread();
}

void sleep_ms(uint32_t ms) {
  Sleep(ms);
}

}  // namespace platform
