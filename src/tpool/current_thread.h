// What the calling thread is doing for tpool: which pool's thread it is (a
// worker, or a thread running a completion callback of that pool) and which
// job it is running. Used to refuse calls that could never return
// (TPOOL_E_WOULD_DEADLOCK) instead of blocking forever.
#ifndef TPOOL_SRC_TPOOL_CURRENT_THREAD_H
#define TPOOL_SRC_TPOOL_CURRENT_THREAD_H

namespace tpool_impl {

class pool;
struct job_record;

struct thread_role {
  const pool *current_pool = nullptr;
  const job_record *current_job = nullptr;
};

// The calling thread's role (thread_local; trivially constructed, so no TLS
// initialization guard runs on the hot path).
thread_role &current_thread() noexcept;

// Sets the calling thread's role for a scope and restores the previous one,
// so nested callbacks (a completion callback running inside another pool's
// job) see the right values.
class scoped_thread_role {
 public:
  scoped_thread_role(const pool *owner, const job_record *job) noexcept : saved_(current_thread()) {
    current_thread() = thread_role{owner, job};
  }
  ~scoped_thread_role() { current_thread() = saved_; }
  scoped_thread_role(const scoped_thread_role &) = delete;
  scoped_thread_role &operator=(const scoped_thread_role &) = delete;

 private:
  thread_role saved_;
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CURRENT_THREAD_H
