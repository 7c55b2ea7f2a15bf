#include "job_record.h"

#include "await.h"
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
  // Announce the waiter (once: the bit stays until the final state
  // replaces the word); the completer then knows to wake this address.
  while (!job_state::is_final(word) && (word & job_state::kWaitersBit) == 0) {
    if (state_word.compare_exchange_weak(word, word | job_state::kWaitersBit,
                                         std::memory_order_acq_rel, std::memory_order_acquire)) {
      break;
    }
  }
  tpsync::await_until(
      state_word,
      [&word](uint32_t seen) {
        word = seen;
        return job_state::is_final(seen);
      },
      deadline_ns);
  return word;
}

}  // namespace tpool_impl
