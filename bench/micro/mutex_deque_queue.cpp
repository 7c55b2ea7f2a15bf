#include "mutex_deque_queue.h"

namespace bench {

void mutex_deque_queue::push(void *item, int32_t priority) {
  std::lock_guard<std::mutex> hold(lock_);
  levels_[priority].push_back(item);
}

bool mutex_deque_queue::try_pop(void **item) {
  std::lock_guard<std::mutex> hold(lock_);
  for (std::deque<void *> &level : levels_) {
    if (!level.empty()) {
      *item = level.front();
      level.pop_front();
      return true;
    }
  }
  return false;
}

}  // namespace bench
