// How many threads the current process has, for tests that show a service
// adds one thread for many objects rather than one per object (timers and
// waits). Test code's own OS layer, like process_usage.h.
#ifndef TPOOL_TESTS_SUPPORT_THREAD_COUNT_H
#define TPOOL_TESTS_SUPPORT_THREAD_COUNT_H

#include <cstddef>

namespace test_support {

// Threads of this process now (Linux: entries of /proc/self/task; Windows:
// a Toolhelp snapshot). 0 if unavailable.
size_t thread_count();

}  // namespace test_support

#endif  // TPOOL_TESTS_SUPPORT_THREAD_COUNT_H
