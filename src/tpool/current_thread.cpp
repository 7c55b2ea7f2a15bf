#include "tpool/current_thread.h"

namespace tpool_impl {

thread_context &current_thread() noexcept {
  static thread_local thread_context context;
  return context;
}

}  // namespace tpool_impl
