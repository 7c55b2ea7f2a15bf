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

size_t mutex_deque_queue::size() {
  std::lock_guard<std::mutex> hold(lock_);
  return levels_[0].size() + levels_[1].size() + levels_[2].size();
}

}  // namespace bench
