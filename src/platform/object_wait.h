// The platform contract for waiting on OS objects: what one waiter thread of
// tpool's wait service (src/tpool/triggers/wait_service.h) needs from the system.
//
// An object is a HANDLE on Windows and a file descriptor on POSIX, carried
// as an intptr_t. A waiter is one thread's own control signal (an auto-reset
// event on Windows, an eventfd on Linux) that other threads raise to make
// its wait return early, plus the multi-object wait itself
// (WaitForMultipleObjects on the control event and up to kMaxWaitObjects
// handles; poll on the eventfd and up to kMaxWaitObjects descriptors).
//
// Implemented in win32/object_wait.cpp and posix/object_wait.cpp. The
// conventions of platform.h hold: nothing throws, timeouts are milliseconds
// with kInfinite for none, waits may return early (callers loop).
#ifndef TPOOL_SRC_PLATFORM_OBJECT_WAIT_H
#define TPOOL_SRC_PLATFORM_OBJECT_WAIT_H

#include <cstddef>
#include <cstdint>

namespace platform {

// Objects one wait can take besides the waiter's own control signal
// (Windows: MAXIMUM_WAIT_OBJECTS - 1).
inline constexpr size_t kMaxWaitObjects = 63;

// What object_waiter_wait learned about one object.
enum class object_state : uint8_t {
  pending = 0,    // nothing (not ready, or not examined this time)
  signalled = 1,  // Windows: signalled (the wait's effect on it happened);
                  // POSIX: readable, hung up or in error
  abandoned = 2,  // Windows: an abandoned mutex (now owned by the waiter)
  invalid = 3,    // not an open handle / descriptor any more
};

struct object_waiter {
  intptr_t control = 0;  // the event HANDLE or the eventfd
  bool open = false;
};

// Creates the waiter's control signal. False (and *out untouched) if the
// system refuses.
bool object_waiter_open(object_waiter *out);

// Closes the control signal. No thread may be waiting in or waking it.
void object_waiter_close(object_waiter *waiter);

// Makes the waiter's current or next object_waiter_wait return. Thread-safe.
void object_waiter_wake(object_waiter &waiter);

// Waits up to timeout_ms until one of objects[0..count) is ready or the
// waiter is woken (count <= kMaxWaitObjects; the values must be distinct).
// states[i] receives what is known of objects[i]. Windows reports at most
// one ready object per call (the lowest index), except after the wait
// failed because an object was invalid: then every object is examined one
// by one (with a zero timeout, so a signalled one is also taken). POSIX
// reports every ready descriptor. Consumes the wake, if any.
void object_waiter_wait(object_waiter &waiter, const intptr_t *objects, size_t count,
                        uint32_t timeout_ms, object_state *states);

// Looks at one object without waiting (a zero timeout) and says what is
// known of it, with the same effect on it as object_waiter_wait (Windows:
// a signalled auto-reset event is reset, a semaphore's count taken). Used
// when a wait's timeout passes, so that a ready object is never reported
// as timed out.
object_state object_poll(intptr_t object);

// True if object is an open handle (Windows) or descriptor (POSIX), checked
// without changing its state.
bool object_is_open(intptr_t object);

}  // namespace platform

#endif  // TPOOL_SRC_PLATFORM_OBJECT_WAIT_H
