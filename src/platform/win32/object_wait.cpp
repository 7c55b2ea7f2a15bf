// Object waits on WaitForMultipleObjects: the waiter's auto-reset control
// event at index 0, the objects after it.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include "object_wait.h"

#include <windows.h>

#include "platform.h"

namespace platform {
namespace {
HANDLE handle_of(intptr_t object) {
  return reinterpret_cast<HANDLE>(object);
}

object_state state_of_single(HANDLE object) {
  switch (WaitForSingleObject(object, 0)) {
    case WAIT_OBJECT_0:
      return object_state::signalled;
    case WAIT_ABANDONED:
      return object_state::abandoned;
    case WAIT_FAILED:
      return object_state::invalid;
    default:
      return object_state::pending;
  }
}
}  // namespace

static_assert(kMaxWaitObjects + 1 == MAXIMUM_WAIT_OBJECTS);

bool object_waiter_open(object_waiter *out) {
  HANDLE event = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  if (event == nullptr) return false;
  out->control = reinterpret_cast<intptr_t>(event);
  out->open = true;
  return true;
}

void object_waiter_close(object_waiter *waiter) {
  if (!waiter->open) return;
  CloseHandle(handle_of(waiter->control));
  waiter->open = false;
}

void object_waiter_wake(object_waiter &waiter) {
  SetEvent(handle_of(waiter.control));
}

void object_waiter_wait(object_waiter &waiter, const intptr_t *objects, size_t count,
                        uint32_t timeout_ms, object_state *states) {
  HANDLE handles[MAXIMUM_WAIT_OBJECTS];
  handles[0] = handle_of(waiter.control);
  for (size_t i = 0; i < count; ++i) {
    states[i] = object_state::pending;
    handles[i + 1] = handle_of(objects[i]);
  }
  const DWORD timeout = timeout_ms == kInfinite ? INFINITE : static_cast<DWORD>(timeout_ms);
  const DWORD total = static_cast<DWORD>(count + 1);
  const DWORD rc = WaitForMultipleObjects(total, handles, FALSE, timeout);
  if (rc > WAIT_OBJECT_0 && rc < WAIT_OBJECT_0 + total) {
    states[rc - WAIT_OBJECT_0 - 1] = object_state::signalled;
    return;
  }
  if (rc > WAIT_ABANDONED_0 && rc < WAIT_ABANDONED_0 + total) {
    states[rc - WAIT_ABANDONED_0 - 1] = object_state::abandoned;
    return;
  }
  if (rc != WAIT_FAILED) return;  // the control event, or the timeout
  // Some handle is not waitable (closed, most likely): look at each alone.
  bool found = false;
  for (size_t i = 0; i < count; ++i) {
    states[i] = state_of_single(handles[i + 1]);
    found = found || states[i] != object_state::pending;
  }
  // Nothing to blame (the control event itself?): do not spin.
  if (!found) Sleep(1);
}

object_state object_poll(intptr_t object) {
  return state_of_single(handle_of(object));
}

bool object_is_open(intptr_t object) {
  if (object == 0 || object == -1) return false;  // null and INVALID_HANDLE_VALUE
  DWORD flags = 0;
  return GetHandleInformation(handle_of(object), &flags) != 0;
}

}  // namespace platform
