// The naive pool with SRWLOCK and CONDITION_VARIABLE, as a Windows developer
// writes it (see naive_pool.h; posix/naive_pool.cpp is the same pool on
// std::mutex).
#include "naive_pool.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <chrono>
#include <deque>
#include <system_error>
#include <thread>
#include <vector>

#include "bench_os.h"
#include "worker_threads.h"

namespace bench {
namespace {

class naive_pool final : public peer_pool {
 public:
  ~naive_pool() override { shutdown(); }

  bool start(uint32_t workers, std::string *error) {
    if (threads_.start(
            workers, [this] { worker_loop(); }, "naive pool", error))
      return true;
    shutdown();
    return false;
  }

  const char *name() const override { return "naive"; }

  // Ready when every worker sleeps on the condition variable.
  bool wait_until_ready(uint32_t timeout_ms) override {
    return poll_until_ready(timeout_ms, [this] {
      AcquireSRWLockExclusive(&lock_);
      const bool ready = idle_workers_ == threads_.size();
      ReleaseSRWLockExclusive(&lock_);
      return ready;
    });
  }

  bool submit(bench_task *task, int32_t priority) override {
    if (priority < 0 || priority > 2) return false;
    AcquireSRWLockExclusive(&lock_);
    if (stopping_) {
      ReleaseSRWLockExclusive(&lock_);
      return false;
    }
    queues_[priority].push_back(task);
    const bool wake = idle_workers_ > 0;
    ReleaseSRWLockExclusive(&lock_);
    if (wake) WakeConditionVariable(&ready_);
    return true;
  }

  // Drains: workers leave only once every queue is empty.
  bool shutdown() override {
    if (threads_.empty()) return true;
    AcquireSRWLockExclusive(&lock_);
    stopping_ = true;
    ReleaseSRWLockExclusive(&lock_);
    WakeAllConditionVariable(&ready_);
    threads_.join_all();
    return true;
  }

  bool queue_empty() const override {
    AcquireSRWLockShared(&lock_);
    const bool empty = queues_[0].empty() && queues_[1].empty() && queues_[2].empty();
    ReleaseSRWLockShared(&lock_);
    return empty;
  }

 private:
  // The highest-priority queued task, or null. Caller holds lock_.
  bench_task *pop_highest() {
    for (std::deque<bench_task *> &queue : queues_) {
      if (!queue.empty()) {
        bench_task *task = queue.front();
        queue.pop_front();
        return task;
      }
    }
    return nullptr;
  }

  void worker_loop() {
    AcquireSRWLockExclusive(&lock_);
    for (;;) {
      bench_task *task = pop_highest();
      if (task == nullptr) {
        if (stopping_) break;
        ++idle_workers_;
        SleepConditionVariableSRW(&ready_, &lock_, INFINITE, 0);
        --idle_workers_;
        continue;
      }
      ReleaseSRWLockExclusive(&lock_);
      task->kind->run(task);
      task->kind->finish(task, task_outcome::done);
      AcquireSRWLockExclusive(&lock_);
    }
    ReleaseSRWLockExclusive(&lock_);
  }

  mutable SRWLOCK lock_ = SRWLOCK_INIT;
  CONDITION_VARIABLE ready_ = CONDITION_VARIABLE_INIT;
  std::deque<bench_task *> queues_[3];  // guarded by lock_
  size_t idle_workers_ = 0;             // guarded by lock_
  bool stopping_ = false;               // guarded by lock_
  worker_threads threads_;
};

}  // namespace

std::unique_ptr<peer_pool> make_naive_pool(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<naive_pool>();
  if (!pool->start(settings.workers, error)) return nullptr;
  return pool;
}

}  // namespace bench
