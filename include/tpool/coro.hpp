/*
 * tpool/coro.hpp: C++20 coroutines on a tpool pool, part of tpool.hpp.
 * Header-only; compiled only where TPOOL_HAS_COROUTINES is 1 (C++20 with
 * <coroutine>), so C++17 programs include tpool.hpp unchanged.
 *
 *  - co_await pool.schedule(priority): resumes on a worker, in a job of that
 *    priority (one tpool_submit_ex, no allocation).
 *  - co_await pool.after(delay): resumes on a worker no earlier than delay
 *    from now (a ONCE timer).
 *  - co_await tpool::signalled(pool, object, timeout): resumes on a worker
 *    when the HANDLE (Windows) or file descriptor (POSIX) is ready or the
 *    timeout passed (an object wait); yields the tpool_object_wait_result.
 *  - tpool::task<T>: a lazy coroutine (it starts when awaited), with
 *    tpool::sync_wait(task) for a thread that is not a coroutine, and
 *    tpool::when_all(std::vector<task<T>>).
 *
 * Threads: a coroutine runs on the thread that resumed it. After
 * schedule(), after() or signalled() that is the worker running the job
 * that resumes it; after awaiting a task<T>, the thread on which that task
 * finished; after when_all, the thread on which its last task finished. A
 * coroutine that awaits never blocks its thread: it suspends, and the job
 * that resumes it is submitted (or the timer or wait started) first.
 *
 * Cancellation: a resumption is an ordinary job (or a timer's or wait's
 * instance). When it is cancelled before it ran (tpool_cancel_all, a CANCEL
 * shutdown) or its timer or wait never fires because the pool shut down,
 * the coroutine is resumed anyway, on the thread that cancelled it (inside
 * that completion or retire callback), and the co_await throws
 * tpool::task_cancelled: no coroutine is left suspended forever. A
 * co_await on a pool whose shutdown has begun throws tpool::error
 * (TPOOL_E_SHUT_DOWN) in the coroutine. The resumption jobs have no
 * handle, so nothing raises their cooperative flag: a coroutine that should
 * stop early takes a std::stop_token from its caller and polls it (or
 * registers std::stop_callback on it) like any C++20 code.
 *
 * Exceptions: an exception that leaves a task's body is stored in the task
 * and rethrown where it is awaited (or by sync_wait). The callbacks given
 * to the C API here catch everything (a coroutine type of the user's whose
 * resume() throws has that exception swallowed, and the resumption job
 * ends FAILED), so nothing crosses the C ABI.
 */
// tpool.hpp first, outside the guard: it includes the companion headers in
// their order, whichever of them the program includes.
#include "tpool/tpool.hpp"

#ifndef TPOOL_CORO_HPP
#define TPOOL_CORO_HPP

#if TPOOL_HAS_COROUTINES

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace tpool {

namespace detail {

// Resumes a coroutine from one of our C callbacks; nothing escapes.
inline void resume_from_callback(std::coroutine_handle<> coroutine, tpool_job_info *info) noexcept {
  try {
    coroutine.resume();
  } catch (...) {
    if (info != nullptr) tpool_job_info_set_failed(info);
  }
}

// What an awaiter that a C callback resumes holds: the suspended coroutine,
// whether it is resumed because its job was cancelled, and whether the C
// call that handed it to tpool has returned.
//
// That last one matters because the job (or timer, or wait) may run before
// tpool_submit_ex (tpool_timer_start, tpool_object_wait_start) returns to
// await_suspend. Were the coroutine resumed at once, it could run to its
// end and let its owner destroy the pool while that call, on another
// thread, still touches it (a coroutine hopping from pool A to pool B calls
// into B from A's worker). So every path that resumes first waits for
// await_suspend to say the call returned; the awaiter lives until then,
// since the coroutine cannot go on without it. The wait is the tail of one
// C call: await_suspend sets the flag right after it.
struct resumable {
  std::coroutine_handle<> continuation;
  bool cancelled = false;
  tpool_object_wait_result result = TPOOL_OBJECT_WAIT_SIGNALLED;
  std::atomic<bool> call_returned{false};

  void resume(tpool_job_info *info) noexcept {
    while (!call_returned.load(std::memory_order_acquire)) std::this_thread::yield();
    resume_from_callback(continuation, info);
  }
  void resume_cancelled() noexcept {
    cancelled = true;
    resume(nullptr);
  }
};

// The callbacks of the ONCE timer or object wait behind after() and
// signalled(). Its context must outlive the awaiter (on_retire comes after
// the instance that resumed the coroutine, whose frame may be gone by then),
// so it is a heap box that on_retire deletes. Exactly one of fire, a
// cancelled on_complete, or on_retire resumes the coroutine; tpool orders
// them (fn, then on_complete, then on_retire), so `resumed` needs no atomic.
struct trigger_resumption {
  resumable *target;
  bool resumed = false;

  static void TPOOL_CALL fire(void *context, tpool_job_info *info) noexcept {
    trigger_resumption *self = static_cast<trigger_resumption *>(context);
    self->resumed = true;
    self->target->resume(info);
  }
  static void TPOOL_CALL fire_wait(void *context, tpool_job_info *info,
                                   tpool_object_wait_result result) noexcept {
    static_cast<trigger_resumption *>(context)->target->result = result;
    fire(context, info);
  }
  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) noexcept {
    if (outcome == TPOOL_JOB_CANCELLED) static_cast<trigger_resumption *>(context)->cancel();
  }
  static void TPOOL_CALL retire(void *context) noexcept {
    trigger_resumption *self = static_cast<trigger_resumption *>(context);
    self->cancel();  // the pool shut down before it fired
    delete self;
  }
  void cancel() noexcept {
    if (resumed) return;
    resumed = true;
    target->resume_cancelled();
  }
};

}  // namespace detail

// The awaiter of pool::schedule. The resumption job's context is the
// awaiter itself (it lives in the suspended coroutine's frame): the job
// resumes the coroutine; if it is cancelled instead, its completion
// callback does, with cancelled set. After a run the completion callback
// must not touch the awaiter, whose frame may be gone.
class schedule_awaiter : private detail::resumable {
 public:
  schedule_awaiter(tpool_pool *pool, int32_t priority) noexcept
      : pool_(pool), priority_(priority) {}

  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> coroutine) {
    continuation = coroutine;
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = priority_;
    desc.fn = &schedule_awaiter::run;
    desc.context = static_cast<detail::resumable *>(this);
    desc.on_complete = &schedule_awaiter::complete;
    const tpool_status status = tpool_submit_ex(pool_, &desc, nullptr);
    if (status != TPOOL_OK) throw error(status, "tpool::pool::schedule");
    // Accepted: the job waits for this before it resumes the coroutine.
    call_returned.store(true, std::memory_order_release);
  }
  void await_resume() const {
    if (cancelled) throw task_cancelled("the job resuming a coroutine");
  }

 private:
  static void TPOOL_CALL run(void *context, tpool_job_info *info) noexcept {
    static_cast<detail::resumable *>(context)->resume(info);
  }
  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) noexcept {
    if (outcome == TPOOL_JOB_CANCELLED)
      static_cast<detail::resumable *>(context)->resume_cancelled();
  }

  tpool_pool *pool_;
  int32_t priority_;
};

// The awaiter of pool::after: a ONCE timer without a handle.
class after_awaiter : private detail::resumable {
 public:
  after_awaiter(tpool_pool *pool, uint32_t delay_ms, int32_t priority) noexcept
      : pool_(pool), delay_ms_(delay_ms), priority_(priority) {}

  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> coroutine) {
    continuation = coroutine;
    auto *box = new detail::trigger_resumption{this};
    tpool_timer_desc desc;
    tpool_timer_desc_init(&desc);
    desc.priority = priority_;
    desc.fn = &detail::trigger_resumption::fire;
    desc.context = box;
    desc.on_complete = &detail::trigger_resumption::complete;
    desc.on_retire = &detail::trigger_resumption::retire;
    desc.mode = TPOOL_TIMER_ONCE;
    desc.delay_ms = delay_ms_;
    const tpool_status status = tpool_timer_start(pool_, &desc, nullptr);
    if (status != TPOOL_OK) {
      delete box;
      throw error(status, "tpool::pool::after");
    }
    call_returned.store(true, std::memory_order_release);
  }
  void await_resume() const {
    if (cancelled) throw task_cancelled("the timer resuming a coroutine");
  }

 private:
  tpool_pool *pool_;
  uint32_t delay_ms_;
  int32_t priority_;
};

// The awaiter of tpool::signalled: an object wait without a handle.
class signalled_awaiter : private detail::resumable {
 public:
  signalled_awaiter(tpool_pool *pool, intptr_t object, uint32_t timeout_ms,
                    int32_t priority) noexcept
      : pool_(pool), object_(object), timeout_ms_(timeout_ms), priority_(priority) {}

  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> coroutine) {
    continuation = coroutine;
    auto *box = new detail::trigger_resumption{this};
    tpool_object_wait_desc desc;
    tpool_object_wait_desc_init(&desc);
    desc.priority = priority_;
    desc.object = object_;
    desc.fn = &detail::trigger_resumption::fire_wait;
    desc.context = box;
    desc.on_complete = &detail::trigger_resumption::complete;
    desc.on_retire = &detail::trigger_resumption::retire;
    desc.timeout_ms = timeout_ms_;
    const tpool_status status = tpool_object_wait_start(pool_, &desc, nullptr);
    if (status != TPOOL_OK) {
      delete box;
      throw error(status, "tpool::signalled");
    }
    call_returned.store(true, std::memory_order_release);
  }
  // Why the wait fired: SIGNALLED, TIMED_OUT, ABANDONED or INVALID.
  tpool_object_wait_result await_resume() const {
    if (cancelled) throw task_cancelled("the object wait resuming a coroutine");
    return result;
  }

 private:
  tpool_pool *pool_;
  intptr_t object_;
  uint32_t timeout_ms_;
  int32_t priority_;
};

inline schedule_awaiter pool::schedule(int32_t priority) noexcept {
  return schedule_awaiter(handle_, priority);
}

template <typename Rep, typename Period>
after_awaiter pool::after(std::chrono::duration<Rep, Period> delay, int32_t priority) noexcept {
  return after_awaiter(handle_, detail::timeout_ms(delay), priority);
}

// co_await signalled(pool, object): resumes on a worker of pool once object
// (a HANDLE cast to intptr_t on Windows, a file descriptor on POSIX) is
// ready, or timeout (rounded up to milliseconds) has passed; yields why.
// The object must stay open until the coroutine resumed (tpool.h, object
// waits). Throws tpool::error from the co_await (e.g. INVALID_ARGUMENT for
// an object that is not open).
// Without a timeout, at MEDIUM priority; the overload below takes both
// (timeouts above TPOOL_INFINITE - 1 ms, about 49.7 days, are cut to it).
inline signalled_awaiter signalled(pool &owner, intptr_t object) noexcept {
  return signalled_awaiter(owner.native(), object, TPOOL_INFINITE, TPOOL_PRIORITY_MEDIUM);
}
template <typename Rep, typename Period>
signalled_awaiter signalled(pool &owner, intptr_t object,
                            std::chrono::duration<Rep, Period> timeout,
                            int32_t priority = TPOOL_PRIORITY_MEDIUM) noexcept {
  return signalled_awaiter(owner.native(), object, detail::timeout_ms(timeout), priority);
}

template <typename T = void>
class task;

namespace detail {

// What every task's promise holds besides the value: the coroutine to
// resume when the task finishes (symmetric transfer: no stack growth), and
// the exception that left the body.
class task_promise_base {
 public:
  struct final_awaiter {
    bool await_ready() const noexcept { return false; }
    template <typename Promise>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> finished) noexcept {
      std::coroutine_handle<> next = finished.promise().continuation_;
      return next ? next : std::noop_coroutine();
    }
    void await_resume() const noexcept {}
  };

  std::suspend_always initial_suspend() const noexcept { return {}; }
  final_awaiter final_suspend() const noexcept { return {}; }
  void unhandled_exception() noexcept { error_ = std::current_exception(); }
  void set_continuation(std::coroutine_handle<> continuation) noexcept {
    continuation_ = continuation;
  }

 protected:
  // A task is awaited once, so its exception moves out of the frame: its
  // last reference then goes on the thread that catches it, not with a
  // frame destroyed elsewhere (ThreadSanitizer cannot see the C++ runtime's
  // reference count of an exception, and would report that as a race).
  void rethrow_if_failed() {
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  std::coroutine_handle<> continuation_;
  std::exception_ptr error_;
};

template <typename T>
class task_promise : public task_promise_base {
 public:
  task<T> get_return_object() noexcept;
  template <typename U>
  void return_value(U &&value) {
    slot_.set(std::forward<U>(value));
  }
  T result() {
    rethrow_if_failed();
    return slot_.take();
  }

 private:
  value_slot<T> slot_;
};

template <>
class task_promise<void> : public task_promise_base {
 public:
  task<void> get_return_object() noexcept;
  void return_void() const noexcept {}
  void result() { rethrow_if_failed(); }
};

}  // namespace detail

// A lazy coroutine that yields a T (void, a value, a move-only value, or a
// reference). It starts when it is awaited (or by sync_wait / when_all) and
// runs on the awaiting thread until its first suspension; the awaiting
// coroutine resumes on the thread where it finishes. Awaited once; its
// result (or exception) moves to the awaiter. Move-only; destroying a task
// that never started destroys its frame. Destroying a started task before
// it finished is a bug (as for any coroutine frame still in use).
template <typename T>
class [[nodiscard]] task {
 public:
  using promise_type = detail::task_promise<T>;

  task() noexcept = default;
  explicit task(std::coroutine_handle<promise_type> coroutine) noexcept : coroutine_(coroutine) {}
  task(task &&other) noexcept : coroutine_(std::exchange(other.coroutine_, nullptr)) {}
  task &operator=(task &&other) noexcept {
    if (this != &other) {
      if (coroutine_) coroutine_.destroy();
      coroutine_ = std::exchange(other.coroutine_, nullptr);
    }
    return *this;
  }
  task(const task &) = delete;
  task &operator=(const task &) = delete;
  ~task() {
    if (coroutine_) coroutine_.destroy();
  }

  bool valid() const noexcept { return static_cast<bool>(coroutine_); }

  auto operator co_await() &&noexcept { return awaiter{coroutine_}; }
  auto operator co_await() &noexcept { return awaiter{coroutine_}; }

 private:
  struct awaiter {
    std::coroutine_handle<promise_type> coroutine;
    bool await_ready() const noexcept { return coroutine.done(); }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> continuation) noexcept {
      coroutine.promise().set_continuation(continuation);
      return coroutine;  // starts (or goes on with) the task on this thread
    }
    T await_resume() { return coroutine.promise().result(); }
  };

  std::coroutine_handle<promise_type> coroutine_;
};

namespace detail {

template <typename T>
task<T> task_promise<T>::get_return_object() noexcept {
  return task<T>(std::coroutine_handle<task_promise<T>>::from_promise(*this));
}
inline task<void> task_promise<void>::get_return_object() noexcept {
  return task<void>(std::coroutine_handle<task_promise<void>>::from_promise(*this));
}

// A coroutine that runs one awaited body and, at its end, calls
// on_finish(finished) for the coroutine to transfer to. It is created
// suspended and destroyed by its owner once finished.
template <typename OnFinish>
class driver {
 public:
  struct promise_type {
    OnFinish *on_finish = nullptr;

    driver get_return_object() noexcept {
      return driver(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() const noexcept { return {}; }
    auto final_suspend() const noexcept {
      struct finish {
        bool await_ready() const noexcept { return false; }
        std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> self) noexcept {
          return (*self.promise().on_finish)();
        }
        void await_resume() const noexcept {}
      };
      return finish{};
    }
    void return_void() const noexcept {}
    // The bodies below catch everything themselves.
    void unhandled_exception() const noexcept { std::terminate(); }
  };

  explicit driver(std::coroutine_handle<promise_type> coroutine) noexcept : coroutine_(coroutine) {}
  driver(driver &&other) noexcept : coroutine_(std::exchange(other.coroutine_, nullptr)) {}
  driver &operator=(driver &&) = delete;
  driver(const driver &) = delete;
  driver &operator=(const driver &) = delete;
  ~driver() {
    if (coroutine_) coroutine_.destroy();
  }

  void start(OnFinish *on_finish) noexcept {
    coroutine_.promise().on_finish = on_finish;
    coroutine_.resume();
  }

 private:
  std::coroutine_handle<promise_type> coroutine_;
};

// Awaits t, storing its value or exception.
template <typename T, typename OnFinish>
driver<OnFinish> await_into(task<T> &t, value_slot<T> &value, std::exception_ptr &failure) {
  try {
    if constexpr (std::is_void_v<T>) {
      co_await t;
    } else {
      value.set(co_await t);
    }
  } catch (...) {
    failure = std::current_exception();
  }
}

// Wakes sync_wait. The mutex and condition variable are shared with the
// finishing thread, which keeps them alive until it has let go of the lock:
// sync_wait may return (and the driver be destroyed) as soon as done is set.
class sync_wait_event {
 public:
  std::coroutine_handle<> operator()() noexcept {
    const std::shared_ptr<shared> keep = shared_;
    std::lock_guard<std::mutex> lock(keep->mutex);
    keep->done = true;
    keep->changed.notify_all();
    return std::noop_coroutine();
  }
  void wait() {
    std::unique_lock<std::mutex> lock(shared_->mutex);
    shared_->changed.wait(lock, [this] { return shared_->done; });
  }

 private:
  struct shared {
    std::mutex mutex;
    std::condition_variable changed;
    bool done = false;
  };
  std::shared_ptr<shared> shared_ = std::make_shared<shared>();
};

// Counts when_all's children and its parent: the last of them to arrive
// resumes the parent (or, when the parent arrives last, it never suspends).
class when_all_latch {
 public:
  explicit when_all_latch(size_t children) : remaining_(children + 1) {}
  // A child finished: the parent if it was the last, else nothing.
  std::coroutine_handle<> operator()() noexcept {
    return remaining_.fetch_sub(1, std::memory_order_acq_rel) == 1 ? parent_
                                                                   : std::noop_coroutine();
  }
  // The parent, after starting every child: false if all have finished.
  bool suspend(std::coroutine_handle<> parent) noexcept {
    parent_ = parent;
    return remaining_.fetch_sub(1, std::memory_order_acq_rel) > 1;
  }

 private:
  std::atomic<size_t> remaining_;
  std::coroutine_handle<> parent_;
};

template <typename T>
using when_all_values =
    std::vector<std::conditional_t<std::is_lvalue_reference_v<T>,
                                   std::reference_wrapper<std::remove_reference_t<T>>, T>>;

}  // namespace detail

// Runs t to completion from a thread that is not a coroutine and returns its
// result (or rethrows its exception). t starts on this thread; this thread
// then blocks until t finished, wherever that happens. Calling it on a
// worker blocks that worker: a task that needs a worker of the same pool
// (co_await pool.schedule()) can then deadlock a pool whose workers are all
// blocked so; inside a job, await (co_await) instead.
template <typename T>
T sync_wait(task<T> t) {
  detail::value_slot<T> value;
  std::exception_ptr failure;
  detail::sync_wait_event event;
  {
    auto body = detail::await_into<T, detail::sync_wait_event>(t, value, failure);
    body.start(&event);
    event.wait();
  }
  if (failure) std::rethrow_exception(failure);
  return value.take();
}

// A task that runs every task of tasks concurrently (each starts on the
// awaiting thread and runs there until its first suspension; tasks that
// begin with co_await pool.schedule() go to the workers at once) and
// yields their results in order: a std::vector<T> (of
// std::reference_wrapper for references; nothing for void). Once all have
// finished, the exception of the first task (in order) that threw is
// rethrown instead. The awaiting coroutine resumes on the thread where the
// last task finished.
template <typename T>
auto when_all(std::vector<task<T>> tasks)
    -> task<std::conditional_t<std::is_void_v<T>, void, detail::when_all_values<T>>> {
  using child = detail::driver<detail::when_all_latch>;
  const size_t count = tasks.size();
  std::vector<detail::value_slot<T>> values(count);
  std::vector<std::exception_ptr> failures(count);
  std::vector<child> children;
  children.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    children.push_back(
        detail::await_into<T, detail::when_all_latch>(tasks[i], values[i], failures[i]));
  }
  detail::when_all_latch latch(count);
  struct start_all {
    std::vector<child> *children;
    detail::when_all_latch *latch;
    bool await_ready() const noexcept { return false; }
    bool await_suspend(std::coroutine_handle<> parent) noexcept {
      for (child &c : *children) c.start(latch);
      return latch->suspend(parent);
    }
    void await_resume() const noexcept {}
  };
  co_await start_all{&children, &latch};
  for (std::exception_ptr &failure : failures) {
    if (failure) std::rethrow_exception(std::exchange(failure, nullptr));
  }
  if constexpr (!std::is_void_v<T>) {
    detail::when_all_values<T> results;
    results.reserve(count);
    for (detail::value_slot<T> &value : values) results.push_back(value.take());
    co_return results;
  }
}

}  // namespace tpool

#endif  // TPOOL_HAS_COROUTINES

#endif  // TPOOL_CORO_HPP
