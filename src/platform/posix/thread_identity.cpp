// Thread identity on POSIX: the word lives in a thread_local (initial-exec:
// one load from the thread pointer, no call, even in a shared library), and
// a pthread key whose destructor runs at thread exit frees the slot.
#include <pthread.h>

#include <cstdint>

#include "platform.h"
#include "thread_slots.h"

namespace platform {
namespace {

#if defined(__GNUC__)
#define TPOOL_INITIAL_EXEC_TLS __attribute__((tls_model("initial-exec")))
#else
#define TPOOL_INITIAL_EXEC_TLS
#endif

thread_local uintptr_t t_identity TPOOL_INITIAL_EXEC_TLS = 0;
thread_slots::table g_slots;

// Runs at thread exit with the key's value, slot + 1. Later calls on this
// thread (from other exit callbacks) take the shared slot.
void on_thread_exit(void *value) {
  g_slots.free(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(value) - 1));
  t_identity = thread_slots::with_slot(t_identity, kSharedThreadSlot);
}

// The key exists while this library is loaded (deleted with it, so no
// destructor is left pointing into unloaded code). Without a key no thread
// could give its slot back, so then every thread shares.
struct exit_key {
  pthread_key_t key{};
  bool valid = pthread_key_create(&key, on_thread_exit) == 0;
  ~exit_key() {
    if (valid) pthread_key_delete(key);
  }
};
exit_key g_exit_key;

uintptr_t identity() {
  if (t_identity == 0) t_identity = thread_slots::with_new_ordinal();
  return t_identity;
}

uint32_t assign_slot() {
  uint32_t slot = kSharedThreadSlot;
  if (g_exit_key.valid) {
    slot = g_slots.take();
    // The key's value is a tag (slot + 1, never 0 so the exit destructor
    // runs), never dereferenced: the integer-to-pointer cast is its encoding.
    void *tag = reinterpret_cast<void *>(uintptr_t{slot} + 1);  // NOLINT(performance-no-int-to-ptr)
    if (slot != kSharedThreadSlot && pthread_setspecific(g_exit_key.key, tag) != 0) {
      g_slots.free(slot);
      slot = kSharedThreadSlot;
    }
  }
  t_identity = thread_slots::with_slot(identity(), slot);
  return slot;
}

}  // namespace

uint32_t thread_slot() {
  const uintptr_t word = t_identity;
  if ((word & thread_slots::kSlotMask) != 0) return thread_slots::slot_of(word);
  return assign_slot();
}

uint32_t thread_ordinal() {
  return thread_slots::ordinal_of(identity());
}

}  // namespace platform
