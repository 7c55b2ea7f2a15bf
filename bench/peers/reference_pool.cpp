#include "reference_pool.h"

#include <atomic>
#include <deque>
#include <vector>

#include "kernel_sync.h"
#include "platform/platform.h"

namespace bench {
namespace {

class reference_pool final : public peer_pool {
 public:
  ~reference_pool() override { shutdown(); }

  bool start(uint32_t workers, std::string *error) {
    if (!semaphore_.valid()) {
      *error = "reference pool: semaphore creation failed";
      return false;
    }
    threads_.reserve(workers);
    for (uint32_t i = 0; i < workers; ++i) {
      platform::thread_handle thread;
      if (!platform::thread_start(&thread, &reference_pool::worker_entry, this, {})) {
        *error = "reference pool: thread creation failed";
        shutdown();
        return false;
      }
      threads_.push_back(thread);
    }
    return true;
  }

  const char *name() const override { return "reference"; }

  bool wait_until_ready(uint32_t timeout_ms) override {
    const uint64_t deadline = platform::monotonic_ns() + uint64_t{timeout_ms} * 1000000u;
    while (waiting_workers_.load(std::memory_order_acquire) < threads_.size()) {
      if (platform::monotonic_ns() > deadline) return false;
      platform::sleep_ms(1);
    }
    return true;
  }

  bool submit(bench_job *job, int32_t priority) override {
    if (priority < 0 || priority > 2) return false;
    mutex_.lock();
    if (stopping_) {
      mutex_.unlock();
      return false;
    }
    queues_[priority].push_back(job);
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
    // stop flag set, and exits. Queued jobs still own their own units, so
    // every one of them runs first (drain semantics).
    semaphore_.release(static_cast<uint32_t>(threads_.size()));
    for (platform::thread_handle &thread : threads_) platform::thread_join(&thread);
    threads_.clear();
    return true;
  }

  bool queue_empty() const override {
    mutex_.lock();
    const bool empty = queues_[0].empty() && queues_[1].empty() && queues_[2].empty();
    mutex_.unlock();
    return empty;
  }

 private:
  static void worker_entry(void *self) { static_cast<reference_pool *>(self)->worker_loop(); }

  void worker_loop() {
    bool first_wait = true;
    for (;;) {
      if (first_wait) {
        waiting_workers_.fetch_add(1, std::memory_order_release);
        first_wait = false;
      }
      semaphore_.acquire();
      mutex_.lock();
      bench_job *job = nullptr;
      for (std::deque<bench_job *> &queue : queues_) {
        if (!queue.empty()) {
          job = queue.front();
          queue.pop_front();
          break;
        }
      }
      const bool stop = stopping_;
      mutex_.unlock();
      if (job == nullptr) {
        if (stop) return;
        continue;
      }
      job->kind->run(job);
      job->kind->finish(job, job_outcome::done);
    }
  }

  mutable kernel_mutex mutex_;
  std::deque<bench_job *> queues_[3];
  bool stopping_ = false;  // guarded by mutex_
  kernel_semaphore semaphore_;
  std::vector<platform::thread_handle> threads_;
  std::atomic<size_t> waiting_workers_{0};
};

}  // namespace

std::unique_ptr<peer_pool> make_reference_pool(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<reference_pool>();
  if (!pool->start(settings.workers, error)) return nullptr;
  return pool;
}

}  // namespace bench
