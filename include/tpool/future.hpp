/*
 * tpool/future.hpp: the results of tasks (pool::submit_task), part of
 * tpool.hpp. Header-only, C++17, built on the C API alone.
 *
 *  - task_future<T>: move-only, the one owner of a task's result, like
 *    std::future (get, wait, wait_for, wait_until, valid, share) plus
 *    ready() and cancel().
 *  - shared_task_future<T>: copyable, like std::shared_future; from share().
 *  - future_set<T>: from when_all(futures); waits for all of them and gets
 *    their results as a vector.
 *
 * How a task runs: its callable and its result live in one shared state on
 * the heap, held by the future and by the job. The job is submitted into a
 * job group of its own, and every wait goes through that group
 * (tpool_group_wait): from a thread that is not a worker of the pool it
 * blocks; from a worker of the pool (inside a job, a task, or a coroutine
 * resumed there) a task that is still queued is taken out of the queue and
 * run on the waiting thread, so a task that waits for another one of the
 * same pool never deadlocks the pool, even with one worker. A task already
 * running on another thread is waited for (the waiting thread blocks). A
 * waiting thread never runs other queued work: only the awaited task.
 *
 * Outcomes (the job's, tpool.h):
 *  - DONE: get() returns the value.
 *  - FAILED by an exception: get() rethrows it (the same object, caught in
 *    the trampoline below, in the caller's module: it never crossed the C
 *    ABI). FAILED through running_job::set_failed() without an exception:
 *    get() throws tpool::error(TPOOL_E_FAILED).
 *  - CANCELLED (cancel() before it started, a CANCEL shutdown,
 *    tpool_cancel_all): get() throws tpool::task_cancelled.
 *
 * Lifetime: a future may be destroyed before its task ran (the task still
 * runs; its result is dropped with the shared state) and may outlive its
 * pool: the pool's destructor drains, so every future of the pool is ready
 * by then, and a ready future never calls into the pool again.
 */
// tpool.hpp first, outside the guard: it includes the companion headers in
// their order (this one after algorithm.hpp, before coro.hpp), whichever of
// them the program includes.
#include "tpool/tpool.hpp"

#ifndef TPOOL_FUTURE_HPP
#define TPOOL_FUTURE_HPP

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>
#include <future>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace tpool {

namespace detail {

// The part of a task's shared state that does not depend on its callable.
// refs_: the future side (one per future or shared future) and the job
// (dropped by the completion trampoline). outcome_ is written once, by the
// completion trampoline, after the job's fn stored the value or exception;
// readers that see it non-pending with acquire see those too.
template <typename T>
class task_state {
 public:
  enum : uint32_t { kPending, kValue, kException, kCancelled, kFailed };

  task_state(const task_state &) = delete;
  task_state &operator=(const task_state &) = delete;

  void retain() noexcept { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() noexcept {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

  bool ready() const noexcept { return outcome_.load(std::memory_order_acquire) != kPending; }

  // Waits up to timeout_ms (TPOOL_INFINITE: no limit) through the task's
  // group: on a worker of the pool it runs the task if it is still queued.
  // True once ready. Throws tpool::error(TPOOL_E_WOULD_DEADLOCK) from the
  // task itself.
  bool wait(uint32_t timeout_ms) {
    // A ready task's pool may be gone: look before touching the group.
    if (ready()) return true;
    const tpool_status status = tpool_group_wait(group_, timeout_ms);
    if (status == TPOOL_E_TIMEOUT) return false;
    check(status, "tpool_group_wait");
    // The group counts a job only after its completion trampoline returned.
    return ready();
  }

  // See future_base::cancel. The group cancel decides between queued
  // (cancelled) and started; a task seen unfinished before it counts as
  // running even if it ends while the flag is raised.
  tpool_status cancel() {
    if (ready()) return TPOOL_E_JOB_FINISHED;
    size_t cancelled = 0;
    check(tpool_group_cancel(group_, &cancelled), "tpool_group_cancel");
    if (cancelled == 1) return TPOOL_OK;
#if TPOOL_HAS_STOP_TOKEN
    stop_.request_stop();
#endif
    return TPOOL_E_JOB_RUNNING;
  }

  // After a wait that returned true: throws what the outcome calls for, or
  // returns and leaves the value to take. take_error: the caller is the
  // state's only reader (task_future::get); the exception then leaves the
  // state, so its last reference is dropped by the thread that caught it
  // (not by a worker releasing the state, which ThreadSanitizer, blind to
  // the C++ runtime's reference count, would report as a race).
  void throw_unless_value(bool take_error) {
    switch (outcome_.load(std::memory_order_acquire)) {
      case kValue:
        return;
      case kException:
        std::rethrow_exception(take_error ? std::move(error_) : error_);
      case kCancelled:
        throw task_cancelled("the task");
      default:
        throw error(TPOOL_E_FAILED, "tpool task (running_job::set_failed)");
    }
  }

  value_slot<T> &slot() noexcept {
    return slot_;
  }

 protected:
  task_state() = default;
  virtual ~task_state() {
    if (group_ != nullptr) tpool_group_release(group_);
  }

  // The completion trampoline's part: outcome is the job's.
  void publish(tpool_job_state outcome) noexcept {
    uint32_t value = kFailed;
    if (outcome == TPOOL_JOB_DONE) value = kValue;
    if (outcome == TPOOL_JOB_FAILED && error_) value = kException;
    if (outcome == TPOOL_JOB_CANCELLED) value = kCancelled;
    outcome_.store(value, std::memory_order_release);
  }

  std::atomic<uint32_t> refs_{2};
  std::atomic<uint32_t> outcome_{kPending};
  tpool_group *group_ = nullptr;  // released with the state (allowed after tpool_destroy)
  std::exception_ptr error_;
  value_slot<T> slot_;
#if TPOOL_HAS_STOP_TOKEN
  // A real stop source only for a callable that takes a std::stop_token.
  std::stop_source stop_{std::nostopstate};
#endif
};

// A task's shared state with its callable. run() and complete() are the job's
// callbacks: noexcept, and nothing escapes them (a callable's destructor
// that throws terminates, in this module, as in any noexcept destructor).
template <typename T, typename Fn>
class task_job final : public task_state<T> {
 public:
  template <typename F>
  explicit task_job(F &&fn) : fn_(std::in_place, std::forward<F>(fn)) {
#if TPOOL_HAS_STOP_TOKEN
    if constexpr (!std::is_invocable_v<Fn &, running_job &> &&
                  std::is_invocable_v<Fn &, std::stop_token>) {
      this->stop_ = std::stop_source();
    }
#endif
  }

  // Submits the job into a new group of pool; on failure nothing is
  // accepted and the caller deletes the state.
  tpool_status submit(tpool_pool *pool, int32_t priority) noexcept {
    tpool_status status = tpool_group_create(pool, &this->group_);
    if (status != TPOOL_OK) return status;
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = priority;
    desc.fn = &task_job::run;
    desc.context = this;
    desc.on_complete = &task_job::complete;
    desc.group = this->group_;
    return tpool_submit_ex(pool, &desc, nullptr);
  }

  // Only for a state whose job was never accepted.
  void discard() noexcept {
    delete this;
  }

 private:
  static void TPOOL_CALL run(void *context, tpool_job_info *info) noexcept {
    task_job *self = static_cast<task_job *>(context);
    try {
      self->invoke(info);
    } catch (...) {
      // The exception stops here, in the caller's module; get() rethrows it.
      self->error_ = std::current_exception();
      tpool_job_info_set_failed(info);
    }
  }

  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) noexcept {
    task_job *self = static_cast<task_job *>(context);
    self->fn_.reset();  // the callable's captures go when the task ends
    self->publish(outcome);
    self->release();  // the job's reference
  }

  void invoke(tpool_job_info *info) {
    Fn &fn = *fn_;
    if constexpr (std::is_invocable_v<Fn &, running_job &>) {
      running_job job(info);
      store([&]() -> decltype(auto) { return fn(job); });
#if TPOOL_HAS_STOP_TOKEN
    } else if constexpr (std::is_invocable_v<Fn &, std::stop_token>) {
      store([&]() -> decltype(auto) { return fn(this->stop_.get_token()); });
#endif
    } else {
      store([&]() -> decltype(auto) { return fn(); });
    }
  }

  template <typename Call>
  void store(Call &&call) {
    if constexpr (std::is_void_v<T>) {
      call();
    } else {
      this->slot_.set(call());
    }
  }

  std::optional<Fn> fn_;
};

// Adopts one reference of a state; the base of both future types.
template <typename T>
class future_base {
 public:
  bool valid() const noexcept { return state_ != nullptr; }

  // True once the task has its outcome (a get() would not wait). Never
  // calls into the pool.
  bool ready() const {
    require_state();
    return state_->ready();
  }

  // Waits until the task has its outcome. On a worker of the task's pool a
  // task that is still queued runs on this thread. Throws tpool::error
  // (TPOOL_E_WOULD_DEADLOCK when called from the task itself).
  void wait() const {
    require_state();
    state_->wait(TPOOL_INFINITE);
  }

  // Waits up to d (rounded up to milliseconds). On a worker of the pool it
  // may run the queued task and then return later than d by its run time.
  template <typename Rep, typename Period>
  std::future_status wait_for(std::chrono::duration<Rep, Period> d) const {
    require_state();
    return state_->wait(detail::timeout_ms(d)) ? std::future_status::ready
                                               : std::future_status::timeout;
  }

  template <typename Clock, typename Duration>
  std::future_status wait_until(std::chrono::time_point<Clock, Duration> deadline) const {
    return wait_for(deadline - Clock::now());
  }

  // Cancels the task. TPOOL_OK: it had not started and never will (its
  // get() throws task_cancelled). TPOOL_E_JOB_RUNNING: it is running; its
  // cooperative flag is raised (running_job::cancel_requested(), and for a
  // callable that takes a std::stop_token, stop_requested() and its
  // stop_callbacks, which run on this thread); it ends as it chooses.
  // A task that had started when cancel() was called counts as running even
  // if it ended meanwhile. TPOOL_E_JOB_FINISHED: it already had its
  // outcome. Thread-safe.
  tpool_status cancel() {
    require_state();
    return state_->cancel();
  }

 protected:
  future_base() noexcept = default;
  explicit future_base(task_state<T> *state) noexcept : state_(state) {}
  future_base(future_base &&other) noexcept : state_(std::exchange(other.state_, nullptr)) {}
  future_base &operator=(future_base &&other) noexcept {
    if (this != &other) {
      reset();
      state_ = std::exchange(other.state_, nullptr);
    }
    return *this;
  }
  ~future_base() { reset(); }

  void require_state() const {
    if (state_ == nullptr) throw std::future_error(std::future_errc::no_state);
  }
  void reset() noexcept {
    if (state_ != nullptr) std::exchange(state_, nullptr)->release();
  }

  task_state<T> *state_ = nullptr;
};

}  // namespace detail

template <typename T>
class shared_task_future;

// The future of one task. Move-only. get() may be called once (valid() is
// false afterwards, as with std::future); share() for several readers.
// Destroying it without get() leaves the task running; its result is
// dropped. Not thread-safe as one object (as std::future); distinct
// futures of one task (shared_task_future copies) are.
template <typename T>
class task_future : public detail::future_base<T> {
  using base = detail::future_base<T>;

 public:
  task_future() noexcept = default;
  explicit task_future(detail::task_state<T> *state) noexcept : base(state) {}
  task_future(task_future &&) noexcept = default;
  task_future &operator=(task_future &&) noexcept = default;

  // Waits (as wait()), then returns the value (moved out; a reference for
  // task_future<U&>), or rethrows the task's exception, or throws
  // task_cancelled / tpool::error(TPOOL_E_FAILED); see the top of this file.
  T get() {
    this->require_state();
    // Taken: the future is invalid after get(), whatever get() does.
    std::unique_ptr<detail::task_state<T>, releaser> state(std::exchange(this->state_, nullptr));
    state->wait(TPOOL_INFINITE);
    state->throw_unless_value(/*take_error=*/true);
    return state->slot().take();
  }

  // Moves this future's state into a copyable shared_task_future.
  shared_task_future<T> share() noexcept {
    return shared_task_future<T>(std::exchange(this->state_, nullptr));
  }

 private:
  struct releaser {
    void operator()(detail::task_state<T> *state) const noexcept { state->release(); }
  };
};

// A copyable future of one task, like std::shared_future. get() may be
// called any number of times, from any thread, on copies of it.
template <typename T>
class shared_task_future : public detail::future_base<T> {
  using base = detail::future_base<T>;

 public:
  shared_task_future() noexcept = default;
  explicit shared_task_future(detail::task_state<T> *state) noexcept : base(state) {}
  shared_task_future(const shared_task_future &other) noexcept : base(other.state_) {
    if (this->state_ != nullptr) this->state_->retain();
  }
  shared_task_future &operator=(const shared_task_future &other) noexcept {
    if (this != &other) {
      if (other.state_ != nullptr) other.state_->retain();
      this->reset();
      this->state_ = other.state_;
    }
    return *this;
  }
  shared_task_future(shared_task_future &&) noexcept = default;
  shared_task_future &operator=(shared_task_future &&) noexcept = default;

  // Waits (as wait()), then returns a reference to the value (const T&; a
  // U& for shared_task_future<U&>; nothing for void), or throws as
  // task_future::get.
  decltype(auto) get() const {
    this->require_state();
    this->state_->wait(TPOOL_INFINITE);
    this->state_->throw_unless_value(/*take_error=*/false);
    if constexpr (std::is_void_v<T>) {
      return;
    } else if constexpr (std::is_lvalue_reference_v<T>) {
      return static_cast<T>(this->state_->slot().get());
    } else {
      return static_cast<const T &>(this->state_->slot().get());
    }
  }
};

// The futures of several tasks, waited for together (when_all). Move-only.
template <typename T>
class future_set {
 public:
  // A vector of T, or of std::reference_wrapper<U> for future_set<U&>.
  using values =
      std::vector<std::conditional_t<std::is_lvalue_reference_v<T>,
                                     std::reference_wrapper<std::remove_reference_t<T>>, T>>;

  future_set() = default;
  explicit future_set(std::vector<task_future<T>> futures) : futures_(std::move(futures)) {}

  size_t size() const noexcept { return futures_.size(); }
  bool ready() const {
    return std::all_of(futures_.begin(), futures_.end(),
                       [](const task_future<T> &f) { return f.ready(); });
  }

  // Waits for every task (in order; each wait as task_future::wait, so on a
  // worker of the pool each still-queued task runs on this thread).
  void wait() const {
    for (const task_future<T> &future : futures_) future.wait();
  }

  // Waits for every task, up to d in all.
  template <typename Rep, typename Period>
  std::future_status wait_for(std::chrono::duration<Rep, Period> d) const {
    const auto deadline = std::chrono::steady_clock::now() + d;
    for (const task_future<T> &future : futures_) {
      if (future.wait_until(deadline) == std::future_status::timeout) {
        return std::future_status::timeout;
      }
    }
    return std::future_status::ready;
  }

  // Cancels every task that has not started; returns how many were.
  size_t cancel() {
    size_t cancelled = 0;
    for (task_future<T> &future : futures_) {
      if (future.cancel() == TPOOL_OK) ++cancelled;
    }
    return cancelled;
  }

  // Waits for every task, then returns their values in the order of the
  // futures, or rethrows the exception of the first task (in that order)
  // that did not end with a value. Once: the set is empty afterwards.
  auto get() {
    wait();
    std::vector<task_future<T>> futures = std::move(futures_);
    futures_.clear();
    if constexpr (std::is_void_v<T>) {
      for (task_future<T> &future : futures) future.get();
    } else {
      values results;
      results.reserve(futures.size());
      for (task_future<T> &future : futures) results.push_back(future.get());
      return results;
    }
  }

 private:
  std::vector<task_future<T>> futures_;
};

// Waits for all of [first, last), task_futures moved from the range.
template <typename Iterator>
auto when_all(Iterator first, Iterator last) {
  using future = typename std::iterator_traits<Iterator>::value_type;
  std::vector<future> futures(std::make_move_iterator(first), std::make_move_iterator(last));
  return future_set<decltype(std::declval<future &>().get())>(std::move(futures));
}

template <typename T>
future_set<T> when_all(std::vector<task_future<T>> futures) {
  return future_set<T>(std::move(futures));
}

template <typename Fn>
task_future<detail::task_result_t<Fn>> pool::submit_task(Fn &&fn, int32_t priority) {
  using state = detail::task_job<detail::task_result_t<Fn>, std::decay_t<Fn>>;
  state *task = new state(std::forward<Fn>(fn));
  const tpool_status status = task->submit(handle_, priority);
  if (status != TPOOL_OK) {
    task->discard();
    throw error(status, "tpool::pool::submit_task");
  }
  return task_future<detail::task_result_t<Fn>>(task);
}

}  // namespace tpool

#endif  // TPOOL_FUTURE_HPP
