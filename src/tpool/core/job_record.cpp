#include "job_record.h"

#include "deadline.h"
#include "platform.h"

namespace tpool_impl {

void job_record::publish_outcome(uint32_t final_state) {
  const uint32_t previous = state_word.exchange(final_state, std::memory_order_acq_rel);
  // The record stays alive here: the caller still holds the queue reference.
  if ((previous & job_state::kWaitersBit) != 0) platform::wake_all(state_word);
}

uint32_t job_record::wait_final(uint32_t timeout_ms) {
  const uint64_t deadline_ns = tpsync::deadline_after(timeout_ms);
  uint32_t word = state_word.load(std::memory_order_acquire);
  for (;;) {
    if (job_state::is_final(word)) return word;
    const uint32_t wait_ms = tpsync::remaining_ms(deadline_ns);
    if (wait_ms == 0) return word;
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
