#include "current_thread.h"

namespace tpool_impl {

thread_role &current_thread() noexcept {
  static thread_local thread_role role;
  return role;
}

}  // namespace tpool_impl
