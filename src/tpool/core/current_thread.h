// What the calling thread is doing for tpool: which pool's thread it is (a
// worker, or a thread running a completion callback of that pool) and which
// job it is running. Used to refuse calls that could never return
// (TPOOL_E_WOULD_DEADLOCK) instead of blocking forever, and to let a group
// wait on a worker run the group's jobs (job_group.h).
#ifndef TPOOL_SRC_TPOOL_CORE_CURRENT_THREAD_H
#define TPOOL_SRC_TPOOL_CORE_CURRENT_THREAD_H

namespace tpool_impl {

class pool;
struct job_record;
struct worker_slot;

struct thread_role {
  const pool *current_pool = nullptr;
  // The job with a record this thread runs (null: none, or a job without a
  // record, which nobody can wait for).
  const job_record *current_job = nullptr;
  // The slot of the worker thread this is; null on any other thread.
  worker_slot *slot = nullptr;
  // The role this one interrupted (a job that a group wait runs inside the
  // waiting job, a completion callback of another pool), or null: the
  // chain of everything the thread is in the middle of.
  const thread_role *enclosing = nullptr;
};

// The calling thread's role (thread_local; trivially constructed, so no
// TLS initialization guard runs on the hot path).
thread_role &current_thread() noexcept;

// Sets the role for a scope and restores the previous one, so nested
// callbacks (a completion callback running inside another pool's job) see
// the right values. The worker slot carries over when the pool stays the
// same (a job run by a worker, or inside a group wait on that worker).
class scoped_thread_role {
 public:
  scoped_thread_role(const pool *owner, const job_record *job) noexcept : saved_(current_thread()) {
    worker_slot *slot = saved_.current_pool == owner ? saved_.slot : nullptr;
    current_thread() = thread_role{owner, job, slot, &saved_};
  }
  scoped_thread_role(const pool *owner, const job_record *job, worker_slot *slot) noexcept
      : saved_(current_thread()) {
    current_thread() = thread_role{owner, job, slot, &saved_};
  }
  ~scoped_thread_role() { current_thread() = saved_; }
  scoped_thread_role(const scoped_thread_role &) = delete;
  scoped_thread_role &operator=(const scoped_thread_role &) = delete;

 private:
  thread_role saved_;
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_CORE_CURRENT_THREAD_H
