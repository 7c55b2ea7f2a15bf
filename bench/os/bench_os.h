// The OS contract of bench, its peers and the micro-benchmarks: only what
// the C++ standard library cannot do the way a measurement needs it.
//
// Implemented once per OS, with the same file name, in win32/bench_os.cpp and
// posix/bench_os.cpp; CMake picks one with if(WIN32). bench never uses the
// DLLs' internal platform layer: it measures the product through its public
// headers, and this layer is its own.
//
// What stays here and why (everything else is std::thread, std::mutex,
// std::this_thread::sleep_for):
//  - the tick clock, because the published timings are QueryPerformanceCounter
//    ticks on Windows and CLOCK_MONOTONIC nanoseconds elsewhere, and the
//    process CPU clock (the timer probe's idle figure);
//  - native threads, because the serial-threads scenario and the
//    thread_per_task peer measure what starting an OS thread costs, which
//    std::thread would wrap in its runtime's own machinery (winpthreads under
//    MinGW);
//  - address waits, because releasing the producers and waking the main
//    thread happen inside timed intervals, where a kernel-object condition
//    variable (MinGW's, or any under Wine) would add its own cost;
//  - the spin hint and the scheduler yield, whose exact calls the machine
//    probe's figure depends on.
//
// Conventions: nothing here throws; failures are reported through the return
// value. Every function is thread-safe.
#ifndef TPOOL_BENCH_OS_BENCH_OS_H
#define TPOOL_BENCH_OS_BENCH_OS_H

#include <atomic>
#include <cstdint>

namespace bench::os {

// ---- clocks ----------------------------------------------------------------

// The raw tick counter every timed interval is measured in:
// QueryPerformanceCounter on Windows, CLOCK_MONOTONIC nanoseconds elsewhere.
uint64_t ticks();
// Ticks per second (1e9 where ticks are nanoseconds). Constant for the process.
uint64_t tick_frequency();
// Nanoseconds from the same clock as ticks(), for deadlines and readiness
// polls; never goes back.
uint64_t monotonic_ns();

// The monotonic_ns() moment timeout_ms from now: where every "wait at most
// this long" in bench starts.
inline uint64_t deadline_after_ms(uint32_t timeout_ms) {
  return monotonic_ns() + uint64_t{timeout_ms} * 1000000u;
}
// Whole milliseconds left until deadline_ns, rounded up (0 once it passed),
// for APIs that take a millisecond timeout.
inline uint32_t ms_until(uint64_t deadline_ns) {
  const uint64_t now = monotonic_ns();
  if (now >= deadline_ns) return 0;
  const uint64_t left = (deadline_ns - now + 999999u) / 1000000u;
  return left > 0xFFFFFFFEu ? 0xFFFFFFFEu : static_cast<uint32_t>(left);
}
// CPU time the whole process has used so far (user + kernel), in
// nanoseconds: GetProcessTimes on Windows (Wine advances it in 10 ms steps),
// CLOCK_PROCESS_CPUTIME_ID elsewhere. 0 if unavailable.
uint64_t process_cpu_ns();

// ---- waiting ---------------------------------------------------------------

inline constexpr uint32_t kInfinite = 0xFFFFFFFFu;

// Blocks while address == expected, until wake_all, until timeout_ms elapses
// (kInfinite: no limit) or spuriously; callers re-check their condition in a
// loop. Returns false only when the timeout elapsed. Stays in user mode when
// address != expected already (WaitOnAddress on Windows, a futex on Linux).
// The address must stay valid until every waiter has returned.
bool wait_on_address(const std::atomic<uint32_t> &address, uint32_t expected, uint32_t timeout_ms);
// Wakes every thread blocked in wait_on_address on address.
void wake_all(const std::atomic<uint32_t> &address);

// A spin-wait hint (pause on x86) for a loop that polls memory.
void cpu_relax();
// Gives the processor to another ready thread, if any (SwitchToThread on
// Windows, sched_yield elsewhere).
void yield_thread();

// ---- threads and processors ------------------------------------------------

// A thread started with the OS's own call: _beginthreadex on Windows,
// pthread_create elsewhere. Holds nothing but the OS handle.
struct native_thread {
  void *handle = nullptr;
};

using native_thread_entry = void (*)(void *arg);

// Starts a thread running entry(arg) with the default stack size and
// priority. Returns false (and leaves *thread empty) if the OS refuses.
bool start_native_thread(native_thread *thread, native_thread_entry entry, void *arg);
// Waits for the thread to finish and releases its handle. Exactly once per
// started thread, never from the thread itself.
void join_native_thread(native_thread *thread);

// Logical processors, at least 1: every active processor of every processor
// group on Windows; on Linux those in this process's affinity mask.
uint32_t logical_cpu_count();

}  // namespace bench::os

#endif  // TPOOL_BENCH_OS_BENCH_OS_H
