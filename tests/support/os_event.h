// An OS object a tpool wait can be signalled through, for tests: an event on
// Windows (auto-reset unless asked for manual reset), an eventfd on Linux
// (readable until drained, so it behaves like a manual-reset event).
// Header-only test code: the DLLs' platform layer is not for tests.
#ifndef TPOOL_TESTS_SUPPORT_OS_EVENT_H
#define TPOOL_TESTS_SUPPORT_OS_EVENT_H

#include <cstdint>

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <sys/eventfd.h>
#include <unistd.h>
#endif

namespace test_support {

class os_event {
 public:
  explicit os_event(bool manual_reset = false) {
#if defined(_WIN32)
    handle_ = CreateEventW(nullptr, manual_reset ? TRUE : FALSE, FALSE, nullptr);
#else
    (void)manual_reset;
    fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
#endif
  }
  ~os_event() {
    close();
  }
  os_event(const os_event &) = delete;
  os_event &operator=(const os_event &) = delete;

  bool valid() const {
    return object() != invalid_object();
  }
  // What tpool_object_wait_desc.object takes.
  intptr_t object() const {
#if defined(_WIN32)
    return handle_ == nullptr ? invalid_object() : reinterpret_cast<intptr_t>(handle_);
#else
    return fd_;
#endif
  }
  // True if the signal was delivered to the OS.
  bool signal() {
#if defined(_WIN32)
    return SetEvent(handle_) != 0;
#else
    const uint64_t one = 1;
    return write(fd_, &one, sizeof(one)) == static_cast<ssize_t>(sizeof(one));
#endif
  }
  void close() {
#if defined(_WIN32)
    if (handle_ != nullptr) CloseHandle(handle_);
    handle_ = nullptr;
#else
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
#endif
  }

 private:
  static intptr_t invalid_object() {
    return -1;
  }
#if defined(_WIN32)
  HANDLE handle_ = nullptr;
#else
  int fd_ = -1;
#endif
};

}  // namespace test_support

#endif  // TPOOL_TESTS_SUPPORT_OS_EVENT_H
