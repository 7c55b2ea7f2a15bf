// "The batch has finished", as another component would announce it: an OS
// event (a Windows event; an eventfd on POSIX) that the last job's
// completion signals, and a tpool wait on it whose job reports the end of
// the batch, or, after a watchdog timeout, that it never came.
#ifndef TPOOL_EXAMPLES_CLIENT_BATCH_SIGNAL_H
#define TPOOL_EXAMPLES_CLIENT_BATCH_SIGNAL_H

#include <tpool/tpool.h>

#include <atomic>
#include <cstdint>
#include <future>

namespace client_example {

class batch_signal {
 public:
  batch_signal();
  ~batch_signal();
  batch_signal(const batch_signal &) = delete;
  batch_signal &operator=(const batch_signal &) = delete;

  // Signals the event. Thread-safe; a plain function for completion_log.
  static void signal(void *self);

  // Starts the wait: its job runs at HIGH priority when the event is
  // signalled or after watchdog_ms. False (with a message) on failure.
  bool watch(tpool_pool *pool, uint32_t watchdog_ms);
  // Blocks until the wait's job ran and returns what fired it
  // (TPOOL_OBJECT_WAIT_TIMED_OUT: the watchdog).
  tpool_object_wait_result wait_for_report();

  // The wait's instance, as it counts in the pool's statistics (read after
  // wait_for_report).
  uint64_t done() const { return done_.load(); }

 private:
  static void TPOOL_CALL report(void *context, tpool_job_info *info,
                                tpool_object_wait_result result);
  static void TPOOL_CALL count(void *context, tpool_job_state outcome);

  intptr_t object_ = -1;
  tpool_object_wait *wait_ = nullptr;
  std::promise<tpool_object_wait_result> reported_;
  std::atomic<uint64_t> done_{0};
};

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_BATCH_SIGNAL_H
