/*
 * tpool.hpp: a header-only C++17 convenience layer over the C API of tpool.h.
 *
 *  - tpool::pool owns a pool (RAII: the destructor drains and destroys it).
 *  - tpool::job owns a job handle (RAII: the destructor releases it; the job
 *    itself still runs to its outcome).
 *  - Any callable can be submitted. It is moved into a heap box that the
 *    completion trampoline deletes exactly once, whatever the outcome.
 *  - An exception thrown by a job is caught here, in the caller's module, and
 *    turns the job's outcome into FAILED through tpool_job_info_set_failed;
 *    one thrown by a parallel loop's body stops the loop, which then throws
 *    tpool::error(TPOOL_E_FAILED). No exception ever crosses the C ABI.
 *  - tpool::group owns a job group (RAII: the destructor releases it; its
 *    jobs still run to their outcomes).
 *
 * Errors from the C API surface as tpool::error (carrying the tpool_status),
 * except where a status is an ordinary result (timeouts, cancel outcomes).
 * Thread-safety is that of the underlying C function, stated on each.
 */
#ifndef TPOOL_TPOOL_HPP
#define TPOOL_TPOOL_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "tpool/tpool.h"

namespace tpool {

// A failed tpool call. status() is the C status.
class error : public std::runtime_error {
 public:
  error(tpool_status status, const char *call)
      : std::runtime_error(std::string(call) + ": " + tpool_status_string(status)),
        status_(status) {}
  tpool_status status() const noexcept { return status_; }

 private:
  tpool_status status_;
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
    check(tpool_job_status(handle_, &state), "tpool_job_status");
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
    check(tpool_job_id(handle_, &id), "tpool_job_id");
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

// Calls a parallel loop's body over one chunk; an exception stops the loop.
template <typename Fn>
int32_t TPOOL_CALL run_range(void *context, uint64_t begin, uint64_t end) noexcept {
  try {
    (*static_cast<Fn *>(context))(begin, end);
    return 0;
  } catch (...) {
    return 1;  // the exception stops here, in the caller's module
  }
}

}  // namespace detail

// An owned pool. Move-only. The destructor drains and destroys the pool; it
// must not run on a thread of this pool (tpool_destroy would refuse).
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

  // Runs fn(begin, end) over chunks of [first, last) on the workers and this
  // thread (tpool_parallel_for: grain 0 adapts the chunk size). Throws
  // tpool::error(TPOOL_E_FAILED) if fn threw; chunks not yet started then
  // never run. Callable from a job.
  template <typename Fn>
  void parallel_for(uint64_t first, uint64_t last, Fn &&fn, uint64_t grain = 0,
                    int32_t priority = TPOOL_PRIORITY_MEDIUM) {
    using body = std::remove_reference_t<Fn>;
    check(tpool_parallel_for(handle_, first, last, grain, &detail::run_range<body>,
                             const_cast<std::remove_const_t<body> *>(&fn), priority),
          "tpool_parallel_for");
  }

  // Waits until every accepted job has its outcome. Throws WOULD_DEADLOCK
  // from a pool thread.
  void wait_idle() { check(tpool_wait_idle(handle_, TPOOL_INFINITE), "tpool_wait_idle"); }
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

  tpool_pool *native() const noexcept { return handle_; }

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

}  // namespace tpool

#endif  // TPOOL_TPOOL_HPP
