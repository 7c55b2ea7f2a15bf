// The baseline pool's kernel primitives on Windows, as in the old design: a
// semaphore object (every release is a kernel call; under Wine a wineserver
// round trip) and a CRITICAL_SECTION. Not copyable.
#ifndef TPOOL_BENCH_PEERS_KERNEL_SYNC_H
#define TPOOL_BENCH_PEERS_KERNEL_SYNC_H

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <cstdint>

namespace bench {

class kernel_semaphore {
 public:
  kernel_semaphore() { handle_ = CreateSemaphoreW(nullptr, 0, 0x7fffffff, nullptr); }
  ~kernel_semaphore() {
    if (handle_ != nullptr) CloseHandle(handle_);
  }
  kernel_semaphore(const kernel_semaphore &) = delete;
  kernel_semaphore &operator=(const kernel_semaphore &) = delete;

  bool valid() const { return handle_ != nullptr; }
  void release(uint32_t count) { ReleaseSemaphore(handle_, static_cast<LONG>(count), nullptr); }
  void acquire() { WaitForSingleObject(handle_, INFINITE); }

 private:
  HANDLE handle_ = nullptr;
};

class kernel_mutex {
 public:
  kernel_mutex() { InitializeCriticalSection(&section_); }
  ~kernel_mutex() { DeleteCriticalSection(&section_); }
  kernel_mutex(const kernel_mutex &) = delete;
  kernel_mutex &operator=(const kernel_mutex &) = delete;

  void lock() { EnterCriticalSection(&section_); }
  void unlock() { LeaveCriticalSection(&section_); }

 private:
  CRITICAL_SECTION section_;
};

}  // namespace bench

#endif  // TPOOL_BENCH_PEERS_KERNEL_SYNC_H
