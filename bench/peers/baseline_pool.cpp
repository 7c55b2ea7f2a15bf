#include "baseline_pool.h"

#include <atomic>
#include <chrono>
#include <deque>
#include <system_error>
#include <thread>
#include <vector>

#include "bench_os.h"
#include "kernel_sync.h"
#include "worker_threads.h"

namespace bench {
namespace {

class baseline_pool final : public peer_pool {
 public:
  ~baseline_pool() override { shutdown(); }

  bool start(uint32_t workers, std::string *error) {
    if (!semaphore_.valid()) {
      *error = "baseline pool: semaphore creation failed";
      return false;
    }
    if (threads_.start(
            workers, [this] { worker_loop(); }, "baseline pool", error))
      return true;
    shutdown();
    return false;
  }

  const char *name() const override { return "baseline"; }

  bool wait_until_ready(uint32_t timeout_ms) override {
    return poll_until_ready(timeout_ms, [this] {
      return waiting_workers_.load(std::memory_order_acquire) == threads_.size();
    });
  }

  bool submit(bench_task *task, int32_t priority) override {
    if (priority < 0 || priority > 2) return false;
    mutex_.lock();
    if (stopping_) {
      mutex_.unlock();
      return false;
    }
    queues_[priority].push_back(task);
    mutex_.unlock();
    semaphore_.release(1);
    return true;
  }

  bool shutdown() override {
    if (threads_.empty()) return true;
    mutex_.lock();
    stopping_ = true;
    mutex_.unlock();
    // One extra unit per worker: each wakes, finds the queues empty and the
    // stop flag set, and exits. Queued tasks still own their own units, so
    // every one of them runs first (drain semantics).
    semaphore_.release(static_cast<uint32_t>(threads_.size()));
    threads_.join_all();
    return true;
  }

  bool queue_empty() const override {
    mutex_.lock();
    const bool empty = queues_[0].empty() && queues_[1].empty() && queues_[2].empty();
    mutex_.unlock();
    return empty;
  }

 private:
  void worker_loop() {
    bool first_wait = true;
    for (;;) {
      if (first_wait) {
        waiting_workers_.fetch_add(1, std::memory_order_release);
        first_wait = false;
      }
      semaphore_.acquire();
      mutex_.lock();
      bench_task *task = nullptr;
      for (std::deque<bench_task *> &queue : queues_) {
        if (!queue.empty()) {
          task = queue.front();
          queue.pop_front();
          break;
        }
      }
      const bool stop = stopping_;
      mutex_.unlock();
      if (task == nullptr) {
        if (stop) return;
        continue;
      }
      task->kind->run(task);
      task->kind->finish(task, task_outcome::done);
    }
  }

  mutable kernel_mutex mutex_;
  std::deque<bench_task *> queues_[3];
  bool stopping_ = false;  // guarded by mutex_
  kernel_semaphore semaphore_;
  worker_threads threads_;
  std::atomic<size_t> waiting_workers_{0};
};

}  // namespace

std::unique_ptr<peer_pool> make_baseline_pool(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<baseline_pool>();
  if (!pool->start(settings.workers, error)) return nullptr;
  return pool;
}

}  // namespace bench
