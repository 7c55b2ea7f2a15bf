// The one wait loop of both DLLs: sleep until a condition holds or a
// deadline passes, without a lost wake-up. Every blocking wait of tpool and
// prioq that has a condition goes through await_until; its two forms follow
// the two notification protocols in use:
//
//  - an event count (event_count.h): the notifier makes the condition true,
//    then notifies the event count. The loop checks, announces itself
//    (prepare_wait), checks again, and only then sleeps, so a notification
//    between the second check and the sleep is not lost;
//  - a word (platform::wait_on_address): the notifier changes the word,
//    then wakes its address. The loop sleeps only while the word still
//    holds the value the condition was judged on.
//
// Deadlines are absolute (deadline.h; kNoDeadline waits without limit).
// Each sleep is bounded by what is left of the deadline, rounded up, and a
// wake that comes early, spuriously or from an injected wait fault
// (fault_injection.h) only goes round the loop again. Neither form holds a
// lock or allocates; both are callable from any thread.
#ifndef TPOOL_SRC_SYNC_AWAIT_H
#define TPOOL_SRC_SYNC_AWAIT_H

#include <atomic>
#include <cstdint>

#include "deadline.h"
#include "event_count.h"
#include "platform.h"

namespace tpsync {

// Waits until condition() returns true (then returns true) or deadline_ns
// passes first (false). condition() is called at least once, may have side
// effects (a pop that succeeds is its own "true"), and is not called again
// once it returned true; it must read what the notifier writes with seq_cst
// operations (event_count.h). A deadline already passed still looks once.
template <typename Condition>
bool await_until(event_count &events, Condition &&condition, uint64_t deadline_ns) {
  for (;;) {
    if (condition()) return true;
    const uint32_t wait_ms = remaining_ms(deadline_ns);
    if (wait_ms == 0) return false;
    const uint32_t key = events.prepare_wait();
    if (condition()) {
      events.cancel_wait();
      return true;
    }
    events.wait(key, wait_ms);
  }
}

// Waits until done(value of word) returns true (then returns true) or
// deadline_ns passes first (false). The word is read with acquire; the
// notifier must change it before it wakes its address. A deadline already
// passed still looks once.
template <typename Done>
bool await_until(const std::atomic<uint32_t> &word, Done &&done, uint64_t deadline_ns) {
  for (;;) {
    const uint32_t seen = word.load(std::memory_order_acquire);
    if (done(seen)) return true;
    const uint32_t wait_ms = remaining_ms(deadline_ns);
    if (wait_ms == 0) return false;
    platform::wait_on_address(word, seen, wait_ms);
  }
}

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_AWAIT_H
