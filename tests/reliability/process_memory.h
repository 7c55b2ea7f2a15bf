// Resident set size of the current process, for the soak report.
#ifndef TPOOL_TESTS_RELIABILITY_PROCESS_MEMORY_H
#define TPOOL_TESTS_RELIABILITY_PROCESS_MEMORY_H

#include <cstdint>

namespace reliability {

// Bytes of physical memory the process uses now (Linux: /proc/self/statm;
// Windows: working set from K32GetProcessMemoryInfo). 0 if unavailable.
uint64_t resident_bytes();

}  // namespace reliability

#endif  // TPOOL_TESTS_RELIABILITY_PROCESS_MEMORY_H
