// The platform contract: every OS primitive the two DLLs (src/prioq,
// src/tpool, and src/sync under them) call, and nothing else. bench/ and the
// tests have OS layers of their own (bench/os, tests/support).
//
// Implemented once per OS, with the same file names, in src/platform/win32/ and
// src/platform/posix/. Core code includes only this header; it never includes
// <windows.h> or <pthread.h>. CMake picks the backend with if(WIN32).
//
// Conventions that must stay true for every implementation:
//  - No function here throws. Failures are reported through the return value.
//  - Every wait takes a timeout in milliseconds; kInfinite means no limit.
//    Waits may wake spuriously: callers re-check their condition in a loop.
//  - Hot-path primitives (address waits, clocks) stay in user mode when there
//    is nothing to wait for: no kernel object is created per call.
#ifndef TPOOL_SRC_PLATFORM_PLATFORM_H
#define TPOOL_SRC_PLATFORM_PLATFORM_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>  // _mm_prefetch, _m_prefetchw
#endif

namespace platform {

inline constexpr uint32_t kInfinite = 0xFFFFFFFFu;

// ---------------------------------------------------------------------------
// Address waits (futex on Linux, WaitOnAddress on Windows).
// wait_on_address blocks while *address == expected, until woken, until the
// timeout elapses, or spuriously. Returns false only when the timeout elapsed
// (or a fault was injected, see fault_injection.h); true otherwise.
// The wake functions are cheap when nobody waits on the address, but callers
// on hot paths should still track waiters themselves and skip the call.
// Thread-safe. The address must stay valid until every waiter has returned.
bool wait_on_address(const std::atomic<uint32_t> &address, uint32_t expected, uint32_t timeout_ms);
void wake_one(const std::atomic<uint32_t> &address);
void wake_all(const std::atomic<uint32_t> &address);

// ---------------------------------------------------------------------------
// Clocks.
// Nanoseconds from an arbitrary fixed origin; never goes back. The
// high-resolution clock (QueryPerformanceCounter on Windows, CLOCK_MONOTONIC
// on POSIX): job timestamps, queue waits, busy and idle time, deadlines.
uint64_t monotonic_ns();

// ---------------------------------------------------------------------------
// Processor information.
uint32_t logical_cpu_count();  // at least 1

// Spin-wait hint (pause on x86, yield on ARM) and a scheduler yield.
void cpu_relax();
// Asks the processor to start loading the cache line at address. Never
// faults and reads nothing the program can observe, so any address will do.
inline void prefetch(const void *address) {
#if defined(_MSC_VER) && !defined(__clang__)
#if defined(_M_X64) || defined(_M_IX86)
  _mm_prefetch(static_cast<const char *>(address), _MM_HINT_T0);
#else
  (void)address;
#endif
#else
  __builtin_prefetch(address);
#endif
}
// As prefetch, but asks for the line in a state this core may write
// (prefetchw on x86), so that a store to a line another core has read need
// not wait for the other copies to be invalidated. GCC and Clang emit
// prefetchw for __builtin_prefetch(address, 1) only when told the target
// has it; every x86 processor either has it or executes it as a no-op, so
// the instruction is written out.
inline void prefetch_for_write(const void *address) {
#if defined(_MSC_VER) && !defined(__clang__)
#if defined(_M_X64) || defined(_M_IX86)
  _m_prefetchw(address);
#else
  (void)address;
#endif
#elif defined(__x86_64__) || defined(__i386__)
  __asm__ volatile("prefetchw %0" : : "m"(*static_cast<const char *>(address)));
#else
  __builtin_prefetch(address, 1);
#endif
}
void yield_thread();

// ---------------------------------------------------------------------------
// Threads.
// The same numbers as TPOOL_THREAD_PRIORITY_* (static_assert in
// src/tpool/core/pool.h), so tpool passes the configured value straight through.
enum class thread_priority : int32_t {
  lowest = -2,
  below_normal = -1,
  normal = 0,
  above_normal = 1,
  highest = 2,
};

struct thread_options {
  size_t stack_size = 0;       // 0: platform default
  const char *name = nullptr;  // copied by the callee; truncated to the OS limit
  thread_priority priority = thread_priority::normal;
  // Affinity. group is a Windows processor group (ignored on POSIX, where mask
  // bit i means logical CPU i). mask == 0 means "no affinity requested".
  uint16_t affinity_group = 0;
  uint64_t affinity_mask = 0;
};

// An OS thread handle. A plain value: copies name the same thread, and
// exactly one of them may be joined, once.
struct thread_handle {
  void *native = nullptr;  // HANDLE on Windows, heap pthread_t box on POSIX
};

using thread_entry = void (*)(void *arg);

// Starts a thread running entry(arg). Returns false (and leaves *out empty) if
// the OS refuses or a fault is injected. Options are best effort: the thread
// starts even when one cannot be applied. *options_applied (if not null) is
// set to false when the stack size (POSIX), the affinity, or the priority
// (Windows, set before the thread runs) was refused; the name, and the
// priority on POSIX (the new thread sets its own nice value), are applied by
// the new thread and a refusal is not reported.
// Never call from DllMain or static constructors/destructors (loader lock).
bool thread_start(thread_handle *out, thread_entry entry, void *arg, const thread_options &options,
                  bool *options_applied = nullptr);

// True if mask is 0 (no affinity) or every bit set in it names a processor
// that exists: on Windows an active processor of the given group, on POSIX
// (group ignored) a processor this process may run on.
bool affinity_valid(uint16_t group, uint64_t mask);

// Waits for the thread to finish and releases it. Must be called exactly
// once per started thread, never from the thread itself.
void thread_join(thread_handle *thread);

// ---------------------------------------------------------------------------
// Thread identity (thread_identity.cpp): lets a data structure give each
// thread a part of its own and find it with one thread-local read per call
// (prioq's per-thread sub-queues). Both functions are cheap after a thread's
// first call, allocate nothing and never fail.
//
// thread_slot(): the calling thread's slot. A slot below kThreadSlots
// belongs to this thread alone, from its first call until it exits; a
// thread-exit callback then frees it for a later thread, so threads that
// come and go never use the slots up. What a slot's previous holder did
// happens before its next holder's first call returns. A thread that finds
// every slot held gets kSharedThreadSlot, for life, like every other such
// thread (and a thread past its exit callback): whatever callers do with
// the shared slot they must serialize themselves.
inline constexpr uint32_t kThreadSlots = 31;
inline constexpr uint32_t kSharedThreadSlot = kThreadSlots;
uint32_t thread_slot();

// A number for the calling thread, taken from a process-wide counter at its
// first call: threads that call in turn get consecutive numbers (reused only
// after the counter wraps). For spreading threads over shared parts; takes
// no slot.
uint32_t thread_ordinal();

}  // namespace platform

#endif  // TPOOL_SRC_PLATFORM_PLATFORM_H
