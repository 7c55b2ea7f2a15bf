// Object waits on Linux: poll on the descriptors plus an eventfd that other
// threads write to wake the waiter.
#include "object_wait.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <climits>

#include "platform.h"

namespace platform {

bool object_waiter_open(object_waiter *out) {
  const int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (fd < 0) return false;
  out->control = fd;
  out->open = true;
  return true;
}

void object_waiter_close(object_waiter *waiter) {
  if (!waiter->open) return;
  close(static_cast<int>(waiter->control));
  waiter->open = false;
}

void object_waiter_wake(object_waiter &waiter) {
  const uint64_t one = 1;
  // EAGAIN means the counter is saturated: already woken.
  while (write(static_cast<int>(waiter.control), &one, sizeof(one)) < 0 && errno == EINTR) {
  }
}

void object_waiter_wait(object_waiter &waiter, const intptr_t *objects, size_t count,
                        uint32_t timeout_ms, object_state *states) {
  pollfd fds[kMaxWaitObjects + 1];
  fds[0] = pollfd{static_cast<int>(waiter.control), POLLIN, 0};
  for (size_t i = 0; i < count; ++i) {
    states[i] = object_state::pending;
    fds[i + 1] = pollfd{static_cast<int>(objects[i]), POLLIN, 0};
  }
  const int timeout = timeout_ms == kInfinite                       ? -1
                      : timeout_ms > static_cast<uint32_t>(INT_MAX) ? INT_MAX
                                                                    : static_cast<int>(timeout_ms);
  if (poll(fds, static_cast<nfds_t>(count + 1), timeout) <= 0) return;  // timeout or EINTR
  if ((fds[0].revents & POLLIN) != 0) {
    uint64_t wakes = 0;
    while (read(static_cast<int>(waiter.control), &wakes, sizeof(wakes)) < 0 && errno == EINTR) {
    }
  }
  for (size_t i = 0; i < count; ++i) {
    const short events = fds[i + 1].revents;
    if ((events & POLLNVAL) != 0) {
      states[i] = object_state::invalid;
    } else if ((events & (POLLIN | POLLHUP | POLLERR)) != 0) {
      states[i] = object_state::signalled;
    }
  }
}

object_state object_poll(intptr_t object) {
  if (object < 0 || object > INT_MAX) return object_state::invalid;
  pollfd fd{static_cast<int>(object), POLLIN, 0};
  int rc = 0;
  do {
    rc = poll(&fd, 1, 0);
  } while (rc < 0 && errno == EINTR);
  if (rc <= 0) return object_state::pending;
  if ((fd.revents & POLLNVAL) != 0) return object_state::invalid;
  if ((fd.revents & (POLLIN | POLLHUP | POLLERR)) != 0) return object_state::signalled;
  return object_state::pending;
}

bool object_is_open(intptr_t object) {
  if (object < 0 || object > INT_MAX) return false;
  return fcntl(static_cast<int>(object), F_GETFD) != -1;
}

}  // namespace platform
