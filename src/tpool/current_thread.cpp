#include "current_thread.h"

namespace tpool_impl {

thread_role &current_thread() noexcept {
  static thread_local thread_role context;
  return context;
}

}  // namespace tpool_impl
