/*
 * tpool.hpp: a header-only C++17 layer over the C API of tpool.h. It adds no
 * export: everything here is compiled into the caller's module and calls the
 * C functions. docs/cpp.md is its guide (guarantees, threads, exceptions).
 *
 *  - tpool::pool owns a pool (RAII: the destructor drains and destroys it).
 *  - tpool::job owns a job handle (RAII: the destructor releases it; the job
 *    itself still runs to its outcome).
 *  - Any callable can be submitted. It is moved into a heap box that the
 *    completion trampoline deletes exactly once, whatever the outcome.
 *  - pool::submit_task returns a tpool::task_future of the callable's
 *    result or exception (tpool/future.hpp).
 *  - parallel_for_each, parallel_reduce and parallel_invoke run on the loop
 *    machinery of tpool_parallel_for (tpool/algorithm.hpp).
 *  - With C++20 coroutines: co_await pool.schedule(), pool.after(),
 *    tpool::signalled(), the lazy tpool::task<T> with sync_wait and
 *    when_all (tpool/coro.hpp, included only when the compiler has them).
 *  - tpool::group owns a job group (RAII: the destructor releases it; its
 *    jobs still run to their outcomes).
 *  - tpool::timer and tpool::object_wait own timer and wait handles (RAII:
 *    the destructor releases, which cancels without waiting); their callable
 *    lives in a heap box that the retire callback deletes exactly once.
 *
 * Exceptions: every callback this header passes to the C API is noexcept
 * and catches everything, here, in the caller's module: no exception ever
 * crosses the C ABI, so they behave alike on x64, x86, MinGW and MSVC. An
 * exception thrown by a plain job turns its outcome into FAILED (through
 * tpool_job_info_set_failed); one thrown by a task is stored and rethrown by
 * its future's get(); one thrown by a parallel loop's body stops the loop
 * and is rethrown by the call.
 *
 * Errors from the C API surface as tpool::error (carrying the tpool_status),
 * except where a status is an ordinary result (timeouts, cancel outcomes).
 * Thread-safety is that of the underlying C function, stated on each.
 */
#ifndef TPOOL_TPOOL_HPP
#define TPOOL_TPOOL_HPP

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "tpool/tpool.h"

// 1 when the compiler and library have C++20 coroutines (tpool/coro.hpp);
// C++17 builds get everything else.
#if defined(__cpp_impl_coroutine) && __cpp_impl_coroutine >= 201902L && defined(__has_include)
#if __has_include(<coroutine>)
#define TPOOL_HAS_COROUTINES 1
#endif
#endif
#ifndef TPOOL_HAS_COROUTINES
#define TPOOL_HAS_COROUTINES 0
#endif

// 1 when std::stop_token exists (C++20): a task body may take one.
#if defined(__has_include)
#if __has_include(<version>)
#include <version>
#endif
#endif
#if defined(__cpp_lib_jthread) && __cpp_lib_jthread >= 201911L
#include <stop_token>
#define TPOOL_HAS_STOP_TOKEN 1
#else
#define TPOOL_HAS_STOP_TOKEN 0
#endif

namespace tpool {

// A failed tpool call. status() is the C status.
class error : public std::runtime_error {
 public:
  error(tpool_status status, const char *call)
      : std::runtime_error(std::string(call) + ": " + tpool_status_string(status)),
        status_(status) {}
  tpool_status status() const noexcept { return status_; }

 protected:
  // For the derived errors, whose message is their own.
  error(tpool_status status, const std::string &message)
      : std::runtime_error(message), status_(status) {}

 private:
  tpool_status status_;
};

// What waits on work that was cancelled before it ran throw: a future's
// get() when its task was cancelled (task_future::cancel, a CANCEL
// shutdown, tpool_cancel_all), and a co_await whose resumption was (the
// job that would have resumed the coroutine was cancelled, or its pool shut
// down before its timer or object wait fired). status() is
// TPOOL_E_CANCELLED.
class task_cancelled : public error {
 public:
  explicit task_cancelled(const char *what_was_cancelled)
      : error(TPOOL_E_CANCELLED,
              std::string("tpool: ") + what_was_cancelled + " was cancelled before it ran") {}
};

inline void check(tpool_status status, const char *call) {
  if (status != TPOOL_OK) throw error(status, call);
}

// What a running job can ask about itself. Valid only during the job.
class running_job {
 public:
  explicit running_job(tpool_job_info *info) noexcept : info_(info) {}

  // One atomic load; poll it in long jobs to honour tpool_job_cancel.
  bool cancel_requested() const noexcept { return tpool_job_info_cancel_requested(info_) != 0; }
  // The job ends FAILED instead of DONE when it returns.
  void set_failed() noexcept { tpool_job_info_set_failed(info_); }
  uint64_t id() const noexcept {
    uint64_t id = 0;
    tpool_job_info_get(info_, &id, nullptr, nullptr);
    return id;
  }
  int32_t priority() const noexcept {
    int32_t priority = 0;
    tpool_job_info_get(info_, nullptr, &priority, nullptr);
    return priority;
  }
  uint32_t worker_index() const noexcept {
    uint32_t index = 0;
    tpool_job_info_get(info_, nullptr, nullptr, &index);
    return index;
  }
  tpool_job_info *native() const noexcept { return info_; }

 private:
  tpool_job_info *info_;
};

// The name running_job had before 1.1 ("context" now means only the user
// data passed to callbacks).
using job_context [[deprecated("renamed tpool::running_job")]] = running_job;

// An owned job handle. Move-only. Thread-safe like the C handle functions.
class job {
 public:
  job() noexcept = default;
  explicit job(tpool_job *handle) noexcept : handle_(handle) {}
  ~job() { reset(); }
  job(job &&other) noexcept : handle_(other.release()) {}
  job &operator=(job &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = other.release();
    }
    return *this;
  }
  job(const job &) = delete;
  job &operator=(const job &) = delete;

  tpool_job_state state() const {
    tpool_job_state state = TPOOL_JOB_QUEUED;
    check(tpool_job_get_state(handle_, &state), "tpool_job_get_state");
    return state;
  }

  // Waits up to timeout_ms. True (and the outcome in *outcome) if the job
  // finished, false on timeout. From the job's own callback: throws
  // tpool::error(TPOOL_E_WOULD_DEADLOCK).
  bool wait_for(uint32_t timeout_ms, tpool_job_state *outcome = nullptr) const {
    tpool_job_state state = TPOOL_JOB_QUEUED;
    const tpool_status status = tpool_job_wait(handle_, timeout_ms, &state);
    if (status == TPOOL_E_TIMEOUT) return false;
    check(status, "tpool_job_wait");
    if (outcome != nullptr) *outcome = state;
    return true;
  }

  // Waits without limit and returns the outcome.
  tpool_job_state wait() const {
    tpool_job_state outcome = TPOOL_JOB_QUEUED;
    wait_for(TPOOL_INFINITE, &outcome);
    return outcome;
  }

  // TPOOL_OK (cancelled), TPOOL_E_JOB_RUNNING (cooperative flag raised) or
  // TPOOL_E_JOB_FINISHED; see tpool_job_cancel.
  tpool_status cancel() noexcept { return tpool_job_cancel(handle_); }

  uint64_t id() const {
    uint64_t id = 0;
    check(tpool_job_get_id(handle_, &id), "tpool_job_get_id");
    return id;
  }

  // Releases the handle now (the job keeps running).
  void reset() noexcept {
    if (handle_ != nullptr) tpool_job_release(handle_);
    handle_ = nullptr;
  }
  // Gives up ownership; the caller must tpool_job_release the result.
  tpool_job *release() noexcept {
    tpool_job *handle = handle_;
    handle_ = nullptr;
    return handle;
  }
  tpool_job *native() const noexcept { return handle_; }
  explicit operator bool() const noexcept { return handle_ != nullptr; }

 private:
  tpool_job *handle_ = nullptr;
};

namespace detail {

// The first exception of several threads (a parallel loop's chunks, a
// when_all's tasks): the first one recorded wins, the others are dropped.
class first_exception {
 public:
  // Call inside a catch block.
  void capture() noexcept {
    if (!taken_.exchange(true, std::memory_order_acq_rel)) {
      error_ = std::current_exception();
      recorded_.store(true, std::memory_order_release);
    }
  }
  bool any() const noexcept { return taken_.load(std::memory_order_relaxed); }
  // After every thread that may capture has finished.
  void rethrow_if_any() const {
    if (recorded_.load(std::memory_order_acquire)) std::rethrow_exception(error_);
  }

 private:
  std::atomic<bool> taken_{false};
  std::atomic<bool> recorded_{false};
  std::exception_ptr error_;
};

// A parallel loop's body and where its first exception goes.
template <typename Fn>
struct range_call {
  Fn *fn;
  first_exception *failure;
};

struct no_completion {
  void operator()(tpool_job_state) const noexcept {}
};

// Owns the callables of one job. run() may be called at most once,
// complete() exactly once (tpool's promise), and complete() deletes the box.
template <typename Fn, typename OnComplete>
struct job_box {
  Fn fn;
  OnComplete on_complete;

  static void TPOOL_CALL run(void *context, tpool_job_info *info) noexcept {
    job_box *self = static_cast<job_box *>(context);
    try {
      if constexpr (std::is_invocable_v<Fn &, running_job &>) {
        running_job job(info);
        self->fn(job);
      } else {
        self->fn();
      }
    } catch (...) {
      // The exception stops here, in the caller's module.
      tpool_job_info_set_failed(info);
    }
  }

  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) noexcept {
    std::unique_ptr<job_box> self(static_cast<job_box *>(context));
    try {
      self->on_complete(outcome);
    } catch (...) {
      // A completion callback has nobody to report to; swallow.
    }
  }
};

// Calls a parallel loop's body over one chunk. An exception is recorded
// here, in the caller's module, and stops the loop (chunks not yet started
// never run); the call that ran the loop rethrows it.
template <typename Fn>
int32_t TPOOL_CALL run_range(void *context, uint64_t begin, uint64_t end) noexcept {
  range_call<Fn> *call = static_cast<range_call<Fn> *>(context);
  try {
    (*call->fn)(begin, end);
    return 0;
  } catch (...) {
    call->failure->capture();
    return 1;
  }
}

// Runs fn(begin, end) over chunks of [first, last) with tpool_parallel_for
// and rethrows the first exception a chunk threw.
template <typename Fn>
void parallel_for(tpool_pool *pool, uint64_t first, uint64_t last, Fn &fn, uint64_t grain,
                  int32_t priority) {
  first_exception failure;
  range_call<Fn> call{&fn, &failure};
  const tpool_status status =
      tpool_parallel_for(pool, first, last, grain, &run_range<Fn>, &call, priority);
  failure.rethrow_if_any();
  check(status, "tpool_parallel_for");
}

// What a task's callable returns when the pool runs it: called as
// fn(running_job&), fn(std::stop_token) (C++20) or fn().
template <typename Fn, typename = void>
struct task_call;
template <typename Fn>
struct task_call<Fn, std::enable_if_t<std::is_invocable_v<Fn &, running_job &>>> {
  using result = std::invoke_result_t<Fn &, running_job &>;
};
#if TPOOL_HAS_STOP_TOKEN
template <typename Fn>
struct task_call<Fn, std::enable_if_t<!std::is_invocable_v<Fn &, running_job &> &&
                                      std::is_invocable_v<Fn &, std::stop_token>>> {
  using result = std::invoke_result_t<Fn &, std::stop_token>;
};
template <typename Fn>
struct task_call<Fn, std::enable_if_t<!std::is_invocable_v<Fn &, running_job &> &&
                                      !std::is_invocable_v<Fn &, std::stop_token> &&
                                      std::is_invocable_v<Fn &>>> {
  using result = std::invoke_result_t<Fn &>;
};
#else
template <typename Fn>
struct task_call<
    Fn, std::enable_if_t<!std::is_invocable_v<Fn &, running_job &> && std::is_invocable_v<Fn &>>> {
  using result = std::invoke_result_t<Fn &>;
};
#endif

// The type a task_future holds: an lvalue reference stays one, anything else
// is held by value (an rvalue reference or a const prvalue as its plain type).
template <typename R>
using task_value_t = std::conditional_t<std::is_lvalue_reference_v<R>, R,
                                        std::remove_cv_t<std::remove_reference_t<R>>>;

template <typename Fn>
using task_result_t = task_value_t<typename task_call<std::decay_t<Fn>>::result>;

// A wait of duration d as tpool milliseconds: rounded up (a wait never ends
// early), negative as 0 (only look), and never TPOOL_INFINITE by accident.
template <typename Rep, typename Period>
uint32_t timeout_ms(std::chrono::duration<Rep, Period> d) {
  if (d <= d.zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(d).count();
  constexpr auto most = static_cast<decltype(ms)>(TPOOL_INFINITE - 1);
  return ms >= most ? TPOOL_INFINITE - 1 : static_cast<uint32_t>(ms);
}

// Where a task's value goes: std::optional for values (no default
// constructor needed, move-only types fine), a pointer for references.
template <typename T>
struct value_slot {
  std::optional<T> value;
  template <typename R>
  void set(R &&result) {
    value.emplace(std::forward<R>(result));
  }
  T take() { return std::move(*value); }
  T &get() { return *value; }
};
template <typename T>
struct value_slot<T &> {
  T *value = nullptr;
  void set(T &result) { value = std::addressof(result); }
  T &take() { return *value; }
  T &get() { return *value; }
};
template <>
struct value_slot<void> {
  void take() {}
  void get() {}
};

}  // namespace detail

template <typename T>
class task_future;
#if TPOOL_HAS_COROUTINES
class schedule_awaiter;
class after_awaiter;
#endif

// An owned pool. Move-only. The destructor drains and destroys the pool: every
// queued job (task, coroutine resumption) runs first, so every task_future of
// the pool is ready afterwards. It must not run on a thread of this pool
// (tpool_destroy would refuse).
class pool {
 public:
  // A configuration filled with tpool's defaults.
  static tpool_config default_config() {
    tpool_config config;
    check(tpool_config_init(&config), "tpool_config_init");
    return config;
  }

  pool() : pool(default_config()) {}
  explicit pool(const tpool_config &config) {
    check(tpool_create(&config, &handle_), "tpool_create");
  }
  ~pool() {
    if (handle_ != nullptr) tpool_destroy(handle_);
  }
  pool(pool &&other) noexcept : handle_(other.handle_) { other.handle_ = nullptr; }
  pool &operator=(pool &&other) noexcept {
    if (this != &other) {
      if (handle_ != nullptr) tpool_destroy(handle_);
      handle_ = other.handle_;
      other.handle_ = nullptr;
    }
    return *this;
  }
  pool(const pool &) = delete;
  pool &operator=(const pool &) = delete;

  // Submits fn (callable as fn(running_job&) or fn()) and returns its handle.
  // Thread-safe; callable from a job. Throws tpool::error (e.g. SHUT_DOWN).
  template <typename Fn>
  job submit(Fn &&fn, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
    return submit(std::forward<Fn>(fn), priority, detail::no_completion{});
  }

  // As submit, with on_complete(tpool_job_state) called exactly once with the
  // outcome (on a worker, or on the thread that cancelled the job).
  template <typename Fn, typename OnComplete>
  job submit(Fn &&fn, int32_t priority, OnComplete &&on_complete) {
    tpool_job *handle = nullptr;
    submit_box(std::forward<Fn>(fn), priority, std::forward<OnComplete>(on_complete), nullptr,
               &handle);
    return job(handle);
  }

  // Submits without a handle (cheapest). Thread-safe; callable from a job.
  template <typename Fn>
  void post(Fn &&fn, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
    submit_box(std::forward<Fn>(fn), priority, detail::no_completion{}, nullptr, nullptr);
  }

  // Submits fn (callable as fn(running_job&), fn(std::stop_token) in C++20,
  // or fn()) and returns the future of its result: its value, or the
  // exception it threw (caught here, in the caller's module, and rethrown by
  // get()). See tpool/future.hpp. Allocates the task's shared state and a
  // job group of its own (the future waits through it, so that a wait on a
  // worker of this pool runs the task itself if it is still queued).
  // Thread-safe; callable from a job. Throws tpool::error (e.g. SHUT_DOWN).
  template <typename Fn>
  task_future<detail::task_result_t<Fn>> submit_task(Fn &&fn,
                                                     int32_t priority = TPOOL_PRIORITY_MEDIUM);

  // Runs fn(begin, end) over chunks of [first, last) on the workers and this
  // thread (tpool_parallel_for: grain 0 adapts the chunk size). If fn throws,
  // chunks not yet started never run, and the first exception caught (in
  // time; later ones are dropped) is rethrown here once the started chunks
  // have finished. Callable from a job.
  template <typename Fn>
  void parallel_for(uint64_t first, uint64_t last, Fn &&fn, uint64_t grain = 0,
                    int32_t priority = TPOOL_PRIORITY_MEDIUM) {
    detail::parallel_for(handle_, first, last, fn, grain, priority);
  }

#if TPOOL_HAS_COROUTINES
  // co_await pool.schedule(priority): the coroutine resumes on a worker of
  // this pool, in a job at that priority (tpool/coro.hpp).
  schedule_awaiter schedule(int32_t priority = TPOOL_PRIORITY_MEDIUM) noexcept;
  // co_await pool.after(delay): the coroutine resumes on a worker no
  // earlier than delay from now, through a ONCE timer (tpool/coro.hpp).
  template <typename Rep, typename Period>
  after_awaiter after(std::chrono::duration<Rep, Period> delay,
                      int32_t priority = TPOOL_PRIORITY_MEDIUM) noexcept;
#endif

  // Waits until every accepted job has its outcome. Throws WOULD_DEADLOCK
  // from a pool thread.
  void wait_idle() {
    check(tpool_wait_idle(handle_, TPOOL_INFINITE), "tpool_wait_idle");
  }
  // False on timeout.
  bool wait_idle_for(uint32_t timeout_ms) {
    const tpool_status status = tpool_wait_idle(handle_, timeout_ms);
    if (status == TPOOL_E_TIMEOUT) return false;
    check(status, "tpool_wait_idle");
    return true;
  }

  // Returns TPOOL_OK or TPOOL_E_TIMEOUT; throws on other failures.
  tpool_status shutdown(tpool_shutdown_mode mode = TPOOL_SHUTDOWN_DRAIN,
                        uint32_t timeout_ms = TPOOL_INFINITE) {
    const tpool_status status = tpool_shutdown(handle_, mode, timeout_ms);
    if (status != TPOOL_E_TIMEOUT) check(status, "tpool_shutdown");
    return status;
  }

  // Cancels every queued job; returns how many. Callable from a job.
  size_t cancel_all() {
    size_t cancelled = 0;
    check(tpool_cancel_all(handle_, &cancelled), "tpool_cancel_all");
    return cancelled;
  }

  tpool_stats stats() const {
    tpool_stats stats{};
    stats.struct_size = sizeof(stats);
    check(tpool_get_stats(handle_, &stats), "tpool_get_stats");
    return stats;
  }

  tpool_pool *native() const noexcept {
    return handle_;
  }

 private:
  friend class group;

  template <typename Fn, typename OnComplete>
  void submit_box(Fn &&fn, int32_t priority, OnComplete &&on_complete, tpool_group *into,
                  tpool_job **out_job) {
    using box = detail::job_box<std::decay_t<Fn>, std::decay_t<OnComplete>>;
    std::unique_ptr<box> owned(
        new box{std::forward<Fn>(fn), std::forward<OnComplete>(on_complete)});
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = priority;
    desc.fn = &box::run;
    desc.context = owned.get();
    desc.on_complete = &box::complete;
    desc.group = into;
    check(tpool_submit_ex(handle_, &desc, out_job), "tpool_submit_ex");
    owned.release();  // accepted: complete() deletes it
  }

  tpool_pool *handle_ = nullptr;
};

// An owned job group of one pool (tpool.h, "job groups"). Move-only; the
// destructor releases the handle, and the group's jobs still run. The pool
// must outlive every submit.
class group {
 public:
  explicit group(pool &owner) : owner_(&owner) {
    check(tpool_group_create(owner.native(), &handle_), "tpool_group_create");
  }
  ~group() { reset(); }
  group(group &&other) noexcept : owner_(other.owner_), handle_(other.handle_) {
    other.handle_ = nullptr;
  }
  group &operator=(group &&other) noexcept {
    if (this != &other) {
      reset();
      owner_ = other.owner_;
      handle_ = other.handle_;
      other.handle_ = nullptr;
    }
    return *this;
  }
  group(const group &) = delete;
  group &operator=(const group &) = delete;

  // Submits fn (as pool::post) into the group. Thread-safe; callable from a job.
  template <typename Fn>
  void run(Fn &&fn, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
    owner_->submit_box(std::forward<Fn>(fn), priority, detail::no_completion{}, handle_, nullptr);
  }

  // Waits until every job of the group has its outcome; on a worker of the
  // pool it runs the group's queued jobs meanwhile. Throws WOULD_DEADLOCK
  // from a job of this group.
  void wait() { check(tpool_group_wait(handle_, TPOOL_INFINITE), "tpool_group_wait"); }
  // False on timeout.
  bool wait_for(uint32_t timeout_ms) {
    const tpool_status status = tpool_group_wait(handle_, timeout_ms);
    if (status == TPOOL_E_TIMEOUT) return false;
    check(status, "tpool_group_wait");
    return true;
  }
  // Cancels every queued job of the group; returns how many.
  size_t cancel() {
    size_t cancelled = 0;
    check(tpool_group_cancel(handle_, &cancelled), "tpool_group_cancel");
    return cancelled;
  }
  tpool_group_counts counts() const {
    tpool_group_counts counts{};
    counts.struct_size = sizeof(counts);
    check(tpool_group_get_counts(handle_, &counts), "tpool_group_get_counts");
    return counts;
  }

  void reset() noexcept {
    if (handle_ != nullptr) tpool_group_release(handle_);
    handle_ = nullptr;
  }
  tpool_group *native() const noexcept { return handle_; }

 private:
  pool *owner_;
  tpool_group *handle_ = nullptr;
};

// ---- timers and waits --------------------------------------------------------

namespace detail {

template <typename Fn>
void invoke_job_callable(Fn &fn, tpool_job_info *info) {
  if constexpr (std::is_invocable_v<Fn &, running_job &>) {
    running_job job(info);
    fn(job);
  } else {
    fn();
  }
}

// Owns the callable of one timer. At most one instance of a timer runs at a
// time (tpool.h), so run() never overlaps itself; retire() deletes the box.
template <typename Fn>
struct timer_box {
  Fn fn;

  static void TPOOL_CALL run(void *context, tpool_job_info *info) noexcept {
    try {
      invoke_job_callable(static_cast<timer_box *>(context)->fn, info);
    } catch (...) {
      tpool_job_info_set_failed(info);  // the exception stops here
    }
  }
  static void TPOOL_CALL retire(void *context) noexcept {
    delete static_cast<timer_box *>(context);
  }
};

// Owns the callable of one wait, called as fn(result) or
// fn(running_job&, result).
template <typename Fn>
struct wait_box {
  Fn fn;

  static void TPOOL_CALL run(void *context, tpool_job_info *info,
                             tpool_object_wait_result result) noexcept {
    wait_box *self = static_cast<wait_box *>(context);
    try {
      if constexpr (std::is_invocable_v<Fn &, running_job &, tpool_object_wait_result>) {
        running_job job(info);
        self->fn(job, result);
      } else {
        self->fn(result);
      }
    } catch (...) {
      tpool_job_info_set_failed(info);
    }
  }
  static void TPOOL_CALL retire(void *context) noexcept { delete static_cast<wait_box *>(context); }
};

}  // namespace detail

// An owned timer handle. Move-only. Destroying or resetting it releases the
// handle, which cancels the timer without waiting for a running instance.
class timer {
 public:
  timer() noexcept = default;
  explicit timer(tpool_timer *handle) noexcept : handle_(handle) {}
  ~timer() { reset(); }
  timer(timer &&other) noexcept : handle_(other.release()) {}
  timer &operator=(timer &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = other.release();
    }
    return *this;
  }
  timer(const timer &) = delete;
  timer &operator=(const timer &) = delete;

  // No instance starts after this returns. wait: also until a running one
  // ended (not from the timer's own callable: TPOOL_E_WOULD_DEADLOCK is
  // thrown). Returns TPOOL_OK or TPOOL_E_JOB_RUNNING (wait == false and an
  // instance still runs).
  tpool_status cancel(bool wait = true) {
    const tpool_status status = tpool_timer_cancel(handle_, wait ? 1 : 0);
    if (status != TPOOL_E_JOB_RUNNING) check(status, "tpool_timer_cancel");
    return status;
  }
  // Next due time delay_ms from now; period_ms from then on (0 for a ONCE
  // timer). Throws tpool::error (e.g. TPOOL_E_CANCELLED).
  void set(uint32_t delay_ms, uint32_t period_ms = 0) {
    check(tpool_timer_set(handle_, delay_ms, period_ms), "tpool_timer_set");
  }
  tpool_timer_state state() const {
    tpool_timer_state state = TPOOL_TIMER_CANCELLED;
    check(tpool_timer_get_state(handle_, &state, nullptr, nullptr), "tpool_timer_get_state");
    return state;
  }
  uint64_t fired() const {
    uint64_t fired = 0;
    check(tpool_timer_get_state(handle_, nullptr, &fired, nullptr), "tpool_timer_get_state");
    return fired;
  }
  uint64_t skipped() const {
    uint64_t skipped = 0;
    check(tpool_timer_get_state(handle_, nullptr, nullptr, &skipped), "tpool_timer_get_state");
    return skipped;
  }

  void reset() noexcept {
    if (handle_ != nullptr) tpool_timer_release(handle_);
    handle_ = nullptr;
  }
  tpool_timer *release() noexcept {
    tpool_timer *handle = handle_;
    handle_ = nullptr;
    return handle;
  }
  tpool_timer *native() const noexcept { return handle_; }
  explicit operator bool() const noexcept { return handle_ != nullptr; }

 private:
  tpool_timer *handle_ = nullptr;
};

// An owned handle of a wait on an OS object. Move-only. Destroying or
// resetting it releases the handle, which cancels a wait that has not fired.
class object_wait {
 public:
  object_wait() noexcept = default;
  explicit object_wait(tpool_object_wait *handle) noexcept : handle_(handle) {}
  ~object_wait() { reset(); }
  object_wait(object_wait &&other) noexcept : handle_(other.release()) {}
  object_wait &operator=(object_wait &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = other.release();
    }
    return *this;
  }
  object_wait(const object_wait &) = delete;
  object_wait &operator=(const object_wait &) = delete;

  // TPOOL_OK (cancelled, the callable never ran), TPOOL_E_JOB_RUNNING or
  // TPOOL_E_JOB_FINISHED (it ran); see tpool_object_wait_cancel. Throws on others.
  tpool_status cancel(bool wait = true) {
    const tpool_status status = tpool_object_wait_cancel(handle_, wait ? 1 : 0);
    if (status != TPOOL_E_JOB_RUNNING && status != TPOOL_E_JOB_FINISHED) {
      check(status, "tpool_object_wait_cancel");
    }
    return status;
  }

  void reset() noexcept {
    if (handle_ != nullptr) tpool_object_wait_release(handle_);
    handle_ = nullptr;
  }
  tpool_object_wait *release() noexcept {
    tpool_object_wait *handle = handle_;
    handle_ = nullptr;
    return handle;
  }
  tpool_object_wait *native() const noexcept { return handle_; }
  explicit operator bool() const noexcept { return handle_ != nullptr; }

 private:
  tpool_object_wait *handle_ = nullptr;
};

// Starts a timer on pool running fn (callable as fn(running_job&) or fn())
// per mode (tpool_timer_desc). Thread-safe; callable from a job. Throws
// tpool::error (e.g. SHUT_DOWN, INVALID_ARGUMENT).
template <typename Fn>
timer start_timer(pool &owner, tpool_timer_mode mode, uint32_t delay_ms, uint32_t period_ms,
                  Fn &&fn, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  using box = detail::timer_box<std::decay_t<Fn>>;
  std::unique_ptr<box> owned(new box{std::forward<Fn>(fn)});
  tpool_timer_desc desc;
  tpool_timer_desc_init(&desc);
  desc.priority = priority;
  desc.fn = &box::run;
  desc.context = owned.get();
  desc.on_retire = &box::retire;
  desc.mode = mode;
  desc.delay_ms = delay_ms;
  desc.period_ms = period_ms;
  tpool_timer *handle = nullptr;
  check(tpool_timer_start(owner.native(), &desc, &handle), "tpool_timer_start");
  owned.release();  // accepted: retire() deletes it
  return timer(handle);
}

// fn once, no earlier than delay_ms from now.
template <typename Fn>
timer run_after(pool &owner, uint32_t delay_ms, Fn &&fn, int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  return start_timer(owner, TPOOL_TIMER_ONCE, delay_ms, 0, std::forward<Fn>(fn), priority);
}

// fn every period_ms (the first period_ms from now), at a fixed rate.
template <typename Fn>
timer run_every(pool &owner, uint32_t period_ms, Fn &&fn,
                int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  return start_timer(owner, TPOOL_TIMER_FIXED_RATE, period_ms, period_ms, std::forward<Fn>(fn),
                     priority);
}

// Runs fn once when object (a HANDLE cast to intptr_t on Windows, a file
// descriptor on POSIX) is ready or timeout_ms passes; fn is called as
// fn(tpool_object_wait_result) or fn(running_job&, tpool_object_wait_result). Throws
// tpool::error (e.g. INVALID_ARGUMENT for an object that is not open).
template <typename Fn>
object_wait wait_for(pool &owner, intptr_t object, uint32_t timeout_ms, Fn &&fn,
                     int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  using box = detail::wait_box<std::decay_t<Fn>>;
  std::unique_ptr<box> owned(new box{std::forward<Fn>(fn)});
  tpool_object_wait_desc desc;
  tpool_object_wait_desc_init(&desc);
  desc.priority = priority;
  desc.object = object;
  desc.fn = &box::run;
  desc.context = owned.get();
  desc.on_retire = &box::retire;
  desc.timeout_ms = timeout_ms;
  tpool_object_wait *handle = nullptr;
  check(tpool_object_wait_start(owner.native(), &desc, &handle), "tpool_object_wait_start");
  owned.release();
  return object_wait(handle);
}

}  // namespace tpool

#include "tpool/algorithm.hpp"
#include "tpool/future.hpp"
#if TPOOL_HAS_COROUTINES
#include "tpool/coro.hpp"
#endif

#endif  // TPOOL_TPOOL_HPP
