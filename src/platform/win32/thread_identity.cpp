// Thread identity on Windows: the word lives in a TLS slot (TlsGetValue, a
// read of the thread environment block; MinGW's thread_local would go
// through emutls, a lookup call per access), and a fiber-local value whose
// callback runs at thread exit frees the slot.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <cstdint>

#include "platform.h"
#include "thread_slots.h"

namespace platform {
namespace {

thread_slots::table g_slots;

void NTAPI on_thread_exit(void *value);

struct indexes {
  DWORD tls = TlsAlloc();
  DWORD fls = tls != TLS_OUT_OF_INDEXES ? FlsAlloc(on_thread_exit) : FLS_OUT_OF_INDEXES;
  // Runs when the DLL unloads: FlsFree calls the callback for every value
  // still set, so the callback never outlives the code it points to.
  ~indexes() {
    if (fls != FLS_OUT_OF_INDEXES) FlsFree(fls);
    if (tls != TLS_OUT_OF_INDEXES) TlsFree(tls);
  }
};
indexes g_indexes;

// Runs at thread exit with the fiber-local value, slot + 1 (or, when the
// DLL unloads, on the unloading thread for every thread's value). Only the
// owner's word names this slot, so only the owner's word is changed: later
// calls on that thread (from other exit callbacks) take the shared slot.
void NTAPI on_thread_exit(void *value) {
  const uint32_t slot = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(value) - 1);
  g_slots.free(slot);
  const uintptr_t word = reinterpret_cast<uintptr_t>(TlsGetValue(g_indexes.tls));
  if ((word & thread_slots::kSlotMask) == uintptr_t{slot} + 1) {
    TlsSetValue(g_indexes.tls,
                reinterpret_cast<void *>(thread_slots::with_slot(word, kSharedThreadSlot)));
  }
}

// Without a TLS index every call is a thread's first: ordinals are then
// fresh numbers and every thread shares a slot, which is correct, only slower.
uintptr_t read_word() {
  if (g_indexes.tls == TLS_OUT_OF_INDEXES) return 0;
  return reinterpret_cast<uintptr_t>(TlsGetValue(g_indexes.tls));
}
void write_word(uintptr_t word) {
  if (g_indexes.tls != TLS_OUT_OF_INDEXES) {
    TlsSetValue(g_indexes.tls, reinterpret_cast<void *>(word));
  }
}

uintptr_t identity() {
  uintptr_t word = read_word();
  if (word == 0) {
    word = thread_slots::with_new_ordinal();
    write_word(word);
  }
  return word;
}

uint32_t assign_slot() {
  uint32_t slot = kSharedThreadSlot;
  if (g_indexes.fls != FLS_OUT_OF_INDEXES) {
    slot = g_slots.take();
    if (slot != kSharedThreadSlot &&
        !FlsSetValue(g_indexes.fls, reinterpret_cast<void *>(uintptr_t{slot} + 1))) {
      g_slots.free(slot);
      slot = kSharedThreadSlot;
    }
  }
  write_word(thread_slots::with_slot(identity(), slot));
  return slot;
}

}  // namespace

uint32_t thread_slot() {
  const uintptr_t word = read_word();
  if ((word & thread_slots::kSlotMask) != 0) return thread_slots::slot_of(word);
  return assign_slot();
}

uint32_t thread_ordinal() {
  return thread_slots::ordinal_of(identity());
}

}  // namespace platform
