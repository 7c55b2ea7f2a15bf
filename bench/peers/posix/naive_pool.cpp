// The naive pool with the standard library's mutex and condition variable
// (see naive_pool.h; win32/naive_pool.cpp is the same pool on SRWLOCK).
#include "naive_pool.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
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
      std::lock_guard<std::mutex> hold(mutex_);
      return idle_workers_ == threads_.size();
    });
  }

  bool submit(bench_task *task, int32_t priority) override {
    if (priority < 0 || priority > 2) return false;
    bool wake = false;
    {
      std::lock_guard<std::mutex> hold(mutex_);
      if (stopping_) return false;
      queues_[priority].push_back(task);
      wake = idle_workers_ > 0;
    }
    if (wake) ready_.notify_one();
    return true;
  }

  // Drains: workers leave only once every queue is empty.
  bool shutdown() override {
    if (threads_.empty()) return true;
    {
      std::lock_guard<std::mutex> hold(mutex_);
      stopping_ = true;
    }
    ready_.notify_all();
    threads_.join_all();
    return true;
  }

  bool queue_empty() const override {
    std::lock_guard<std::mutex> hold(mutex_);
    return queues_[0].empty() && queues_[1].empty() && queues_[2].empty();
  }

 private:
  // The highest-priority queued task, or null. Caller holds mutex_.
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
    std::unique_lock<std::mutex> hold(mutex_);
    for (;;) {
      bench_task *task = pop_highest();
      if (task == nullptr) {
        if (stopping_) return;
        ++idle_workers_;
        ready_.wait(hold);
        --idle_workers_;
        continue;
      }
      hold.unlock();
      task->kind->run(task);
      task->kind->finish(task, task_outcome::done);
      hold.lock();
    }
  }

  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<bench_task *> queues_[3];  // guarded by mutex_
  size_t idle_workers_ = 0;             // guarded by mutex_
  bool stopping_ = false;               // guarded by mutex_
  worker_threads threads_;
};

}  // namespace

std::unique_ptr<peer_pool> make_naive_pool(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<naive_pool>();
  if (!pool->start(settings.workers, error)) return nullptr;
  return pool;
}

}  // namespace bench
