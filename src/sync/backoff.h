// Waiting for another thread that is inside a short, lock-free step (a
// producer between reserving and publishing a cell, a consumer between
// claiming and freeing one). Spin briefly, since that thread is usually
// running on another core; then yield, since it may be descheduled and, on a
// machine with fewer cores than threads, may need this core to finish.
#ifndef TPOOL_SRC_SYNC_BACKOFF_H
#define TPOOL_SRC_SYNC_BACKOFF_H

#include <cstdint>

#include "platform.h"

namespace tpsync {

class backoff {
 public:
  void pause() {
    if (++rounds_ < kSpinRounds) {
      platform::cpu_relax();
    } else {
      platform::yield_thread();
    }
  }

 private:
  static constexpr uint32_t kSpinRounds = 64;
  uint32_t rounds_ = 0;
};

}  // namespace tpsync

#endif  // TPOOL_SRC_SYNC_BACKOFF_H
