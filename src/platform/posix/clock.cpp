#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "platform.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace platform {
namespace {
uint64_t clock_ns(clockid_t id) {
  timespec now{};
  if (clock_gettime(id, &now) != 0) return 0;
  return static_cast<uint64_t>(now.tv_sec) * 1000000000ull + static_cast<uint64_t>(now.tv_nsec);
}
}  // namespace

uint64_t monotonic_ns() {
  return clock_ns(CLOCK_MONOTONIC);
}

uint32_t logical_cpu_count() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int count = CPU_COUNT(&set);
    if (count > 0) return static_cast<uint32_t>(count);
  }
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? static_cast<uint32_t>(online) : 1u;
}

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

void yield_thread() {
  sched_yield();
}

}  // namespace platform
