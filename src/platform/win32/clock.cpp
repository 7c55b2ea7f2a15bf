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

uint64_t performance_counter() {
  LARGE_INTEGER now;
  QueryPerformanceCounter(&now);
  return static_cast<uint64_t>(now.QuadPart);
}
}  // namespace

uint64_t monotonic_ns() {
  const uint64_t now = performance_counter();
  // Split to avoid overflowing now * 1e9.
  const uint64_t seconds = now / g_frequency;
  const uint64_t remainder = now % g_frequency;
  return seconds * 1000000000ull + remainder * 1000000000ull / g_frequency;
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

}  // namespace platform
