#include "tpool/job_record.h"

#include "platform/platform.h"

namespace tpool_impl {

void job_record::publish_outcome(uint32_t final_state) {
  const uint32_t previous = state_word.exchange(final_state, std::memory_order_acq_rel);
  // The record stays alive here: the caller still holds the queue reference.
  if ((previous & job_state::kWaitersBit) != 0) platform::wake_all(state_word);
}

uint32_t job_record::wait_final(uint32_t timeout_ms) {
  const bool bounded = timeout_ms != platform::kInfinite;
  const uint64_t deadline_ns =
      bounded ? platform::monotonic_ns() + uint64_t{timeout_ms} * 1000000u : 0;
  uint32_t word = state_word.load(std::memory_order_acquire);
  for (;;) {
    if (job_state::is_final(word)) return word;
    uint32_t wait_ms = platform::kInfinite;
    if (bounded) {
      const uint64_t now_ns = platform::monotonic_ns();
      if (now_ns >= deadline_ns) return word;
      // Round up so that a sub-millisecond remainder still waits.
      wait_ms = static_cast<uint32_t>((deadline_ns - now_ns + 999999u) / 1000000u);
    }
    if ((word & job_state::kWaitersBit) == 0) {
      // Announce the waiter; the completer then knows to wake this address.
      if (!state_word.compare_exchange_weak(word, word | job_state::kWaitersBit,
                                            std::memory_order_acq_rel, std::memory_order_acquire)) {
        continue;  // word was reloaded
      }
      word |= job_state::kWaitersBit;
    }
    platform::wait_on_address(state_word, word, wait_ms);
    word = state_word.load(std::memory_order_acquire);
  }
}

}  // namespace tpool_impl
