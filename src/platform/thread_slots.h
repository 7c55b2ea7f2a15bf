// What both backends of thread_identity.cpp share: the process-wide table of
// thread slots (platform.h, thread_slot) and the one word each thread keeps
// in thread-local storage. Only the storage and the thread-exit callback are
// OS-specific.
//
// The word packs the thread's ordinal and its slot:
//   bits 0-5   0: no slot yet; s + 1: slot s (kSharedThreadSlot + 1: shared)
//   bits 6-    the ordinal
// A thread that has not called either function yet has the word 0.
#ifndef TPOOL_SRC_PLATFORM_THREAD_SLOTS_H
#define TPOOL_SRC_PLATFORM_THREAD_SLOTS_H

#include <atomic>
#include <cstdint>

#include "platform.h"

namespace platform::thread_slots {

inline constexpr unsigned kSlotBits = 6;
inline constexpr uintptr_t kSlotMask = (uintptr_t{1} << kSlotBits) - 1;
inline constexpr uintptr_t kSharedCode = kSharedThreadSlot + 1;
static_assert(kSharedCode <= kSlotMask, "the slot code fits its bits");
static_assert(kThreadSlots <= 32, "the table is one 32-bit word");

// The word of a thread that has an ordinal and no slot yet.
inline uintptr_t with_new_ordinal() {
  static std::atomic<uint32_t> next_ordinal{0};
  const uintptr_t ordinal = next_ordinal.fetch_add(1, std::memory_order_relaxed);
  return ordinal << kSlotBits;
}

inline uint32_t ordinal_of(uintptr_t word) {
  return static_cast<uint32_t>(word >> kSlotBits);
}

// The slot a word names (kSharedThreadSlot for the shared code); only for
// a word whose slot bits are not 0.
inline uint32_t slot_of(uintptr_t word) {
  return static_cast<uint32_t>((word & kSlotMask) - 1);
}

inline uintptr_t with_slot(uintptr_t word, uint32_t slot) {
  return (word & ~kSlotMask) | (uintptr_t{slot} + 1);
}

// Bit s set: slot s is held. acquire on taking and release on freeing make
// a previous holder's work happen before the next holder's.
class table {
 public:
  // The lowest free slot, now held; kSharedThreadSlot if every slot is.
  uint32_t take() {
    uint32_t held = held_.load(std::memory_order_relaxed);
    for (;;) {
      const uint32_t free_slots = ~held & kAllSlots;
      if (free_slots == 0) return kSharedThreadSlot;
      uint32_t slot = 0;
      while ((free_slots & (uint32_t{1} << slot)) == 0) ++slot;
      if (held_.compare_exchange_weak(held, held | (uint32_t{1} << slot), std::memory_order_acquire,
                                      std::memory_order_relaxed)) {
        return slot;
      }
    }
  }
  void free(uint32_t slot) {
    if (slot < kThreadSlots) held_.fetch_and(~(uint32_t{1} << slot), std::memory_order_release);
  }

 private:
  static constexpr uint32_t kAllSlots =
      kThreadSlots == 32 ? ~uint32_t{0} : (uint32_t{1} << kThreadSlots) - 1;
  std::atomic<uint32_t> held_{0};
};

}  // namespace platform::thread_slots

#endif  // TPOOL_SRC_PLATFORM_THREAD_SLOTS_H
