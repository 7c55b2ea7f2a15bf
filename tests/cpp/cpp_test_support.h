// Helpers of the C++ layer's tests: every wait has a deadline. A future is
// waited for with wait_for(patience) before get(); code that can only block
// (sync_wait) runs on a thread of its own, watched with a deadline; a
// coroutine is driven by a detached frame that reports into shared state.
// On a timeout the test fails instead of hanging (whatever was still
// running is leaked, which is all a failing test can do with it).
#ifndef TPOOL_TESTS_CPP_CPP_TEST_SUPPORT_H
#define TPOOL_TESTS_CPP_CPP_TEST_SUPPORT_H

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <tpool/tpool.hpp>
#include <type_traits>
#include <utility>

#include "test_support.h"

namespace cpp_test {

inline constexpr std::chrono::milliseconds kPatience{tpool_test::kPatienceMs};

// True if the future (or future_set) is ready within the patience.
template <typename Future>
bool ready_within(const Future &future) {
  return future.wait_for(kPatience) == std::future_status::ready;
}

// Opens a gate when the test leaves its scope, also through a failed
// ASSERT or an exception: declared after the pool, it runs before the
// pool's destructor, which drains and would wait for the gate forever.
class open_at_exit {
 public:
  explicit open_at_exit(tpool_test::gate &blocker) : blocker_(blocker) {}
  ~open_at_exit() { blocker_.open(); }
  open_at_exit(const open_at_exit &) = delete;
  open_at_exit &operator=(const open_at_exit &) = delete;

 private:
  tpool_test::gate &blocker_;
};

// What a watched computation produced: a value (a pointer for a
// reference), an exception, or nothing yet. Shared with the thread or
// coroutine that fills it, so either side may go first.
template <typename T>
class outcome {
 public:
  using stored = std::conditional_t<
      std::is_void_v<T>, bool,
      std::conditional_t<std::is_lvalue_reference_v<T>, std::remove_reference_t<T> *, T>>;

  // Exceptions are published after their catch block, so the thread that
  // takes one holds its last reference (as in take() below).
  template <typename Fn>
  void run(Fn &&fn) {
    std::exception_ptr failure;
    try {
      if constexpr (std::is_void_v<T>) {
        fn();
        finish(true);
      } else if constexpr (std::is_lvalue_reference_v<T>) {
        finish(&fn());
      } else {
        finish(fn());
      }
    } catch (...) {
      failure = std::current_exception();
    }
    if (failure) fail(std::move(failure));
  }
  void finish(stored value) {
    std::lock_guard<std::mutex> lock(mutex_);
    value_.emplace(std::move(value));
    done_ = true;
    changed_.notify_all();
  }
  void fail(std::exception_ptr error) {
    std::lock_guard<std::mutex> lock(mutex_);
    error_ = std::move(error);
    done_ = true;
    changed_.notify_all();
  }
  // The value, or the exception rethrown; throws std::runtime_error when
  // nothing arrived within the patience.
  T take() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!changed_.wait_for(lock, kPatience, [this] { return done_; })) {
      throw std::runtime_error("did not finish within the patience");
    }
    // The exception leaves this shared state, so its last reference goes on
    // this thread (ThreadSanitizer cannot see the C++ runtime's count).
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    if constexpr (std::is_void_v<T>) {
      return;
    } else if constexpr (std::is_lvalue_reference_v<T>) {
      return **value_;
    } else {
      return std::move(*value_);
    }
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool done_ = false;
  std::optional<stored> value_;
  std::exception_ptr error_;
};

// Runs fn() on a thread of its own and returns its result (or rethrows),
// failing with std::runtime_error if it took longer than the patience.
template <typename Fn>
auto within_patience(Fn fn) -> decltype(fn()) {
  using result = decltype(fn());
  auto out = std::make_shared<outcome<result>>();
  std::thread([out, fn = std::move(fn)]() mutable { out->run(fn); }).detach();
  return out->take();
}

#if TPOOL_HAS_COROUTINES
// A coroutine that starts at once and frees itself when it ends.
struct detached {
  struct promise_type {
    detached get_return_object() const noexcept { return {}; }
    std::suspend_never initial_suspend() const noexcept { return {}; }
    std::suspend_never final_suspend() const noexcept { return {}; }
    void return_void() const noexcept {}
    void unhandled_exception() const noexcept { std::terminate(); }
  };
};

template <typename T>
detached drive(tpool::task<T> task, std::shared_ptr<outcome<T>> out) {
  std::exception_ptr failure;
  try {
    if constexpr (std::is_void_v<T>) {
      co_await std::move(task);
      out->finish(true);
    } else if constexpr (std::is_lvalue_reference_v<T>) {
      out->finish(&co_await std::move(task));
    } else {
      out->finish(co_await std::move(task));
    }
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure) out->fail(std::move(failure));  // after the catch block, as in outcome::run
}

// Runs task to its end (started on this thread) and returns its result, or
// rethrows; throws std::runtime_error if it took longer than the patience.
template <typename T>
T finish_within_patience(tpool::task<T> task) {
  auto out = std::make_shared<outcome<T>>();
  drive(std::move(task), out);
  return out->take();
}
#endif

}  // namespace cpp_test

#endif  // TPOOL_TESTS_CPP_CPP_TEST_SUPPORT_H
