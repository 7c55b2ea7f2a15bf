// bench_os.h on Linux. Address waits are futexes, so this file is
// Linux-specific like the DLLs' own POSIX backend.
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <climits>
#include <new>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "bench_os.h"

namespace bench::os {
namespace {

long futex(const std::atomic<uint32_t> &address, int op, uint32_t value, const timespec *timeout) {
  // std::atomic<uint32_t> is a plain 32-bit word on every supported ABI.
  static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));
  return syscall(SYS_futex, reinterpret_cast<const uint32_t *>(&address), op | FUTEX_PRIVATE_FLAG,
                 value, timeout, nullptr, 0);
}

// What the new thread needs before it calls entry; freed by the new thread.
struct start_block {
  native_thread_entry entry;
  void *arg;
};

void *thread_main(void *raw) {
  start_block *block = static_cast<start_block *>(raw);
  const native_thread_entry entry = block->entry;
  void *arg = block->arg;
  delete block;
  entry(arg);
  return nullptr;
}

}  // namespace

uint64_t ticks() {
  timespec now{};
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return 0;
  return static_cast<uint64_t>(now.tv_sec) * 1000000000ull + static_cast<uint64_t>(now.tv_nsec);
}

uint64_t tick_frequency() {
  return 1000000000ull;
}

uint64_t monotonic_ns() {
  return ticks();
}

uint64_t process_cpu_ns() {
  timespec used{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used) != 0) return 0;
  return static_cast<uint64_t>(used.tv_sec) * 1000000000ull + static_cast<uint64_t>(used.tv_nsec);
}

bool wait_on_address(const std::atomic<uint32_t> &address, uint32_t expected, uint32_t timeout_ms) {
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

void wake_all(const std::atomic<uint32_t> &address) {
  futex(address, FUTEX_WAKE, INT_MAX, nullptr);
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

bool start_native_thread(native_thread *thread, native_thread_entry entry, void *arg) {
  start_block *block = new (std::nothrow) start_block{entry, arg};
  pthread_t *native = new (std::nothrow) pthread_t;
  if (block == nullptr || native == nullptr ||
      pthread_create(native, nullptr, &thread_main, block) != 0) {
    delete block;
    delete native;
    return false;
  }
  thread->handle = native;
  return true;
}

void join_native_thread(native_thread *thread) {
  if (thread->handle == nullptr) return;
  pthread_t *native = static_cast<pthread_t *>(thread->handle);
  pthread_join(*native, nullptr);
  delete native;
  thread->handle = nullptr;
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

}  // namespace bench::os
