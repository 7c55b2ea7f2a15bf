// What the current process uses of the machine, for tests that measure it
// (the idle-pool CPU test, the soak's memory report). Test code's own OS
// layer: the DLLs' platform contract holds only what the DLLs call.
#ifndef TPOOL_TESTS_SUPPORT_PROCESS_USAGE_H
#define TPOOL_TESTS_SUPPORT_PROCESS_USAGE_H

#include <cstdint>

namespace test_support {

// Bytes of physical memory the process uses now (Linux: /proc/self/statm;
// Windows: working set from K32GetProcessMemoryInfo). 0 if unavailable.
uint64_t resident_bytes();

// CPU time the whole process has used (user + kernel), in nanoseconds
// (Linux: CLOCK_PROCESS_CPUTIME_ID; Windows: GetProcessTimes, which Wine
// advances in 10 ms steps). 0 if unavailable.
uint64_t process_cpu_time_ns();

}  // namespace test_support

#endif  // TPOOL_TESTS_SUPPORT_PROCESS_USAGE_H
