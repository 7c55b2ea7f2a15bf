#include "thread_per_task_pool.h"

#include <mutex>
#include <vector>

#include "platform/platform.h"

namespace bench {
namespace {

class thread_per_task_pool final : public peer_pool {
 public:
  ~thread_per_task_pool() override { shutdown(); }

  const char *name() const override { return "thread_per_task"; }
  bool honours_priorities() const override { return false; }
  bool wait_until_ready(uint32_t) override { return true; }

  bool submit(bench_job *job, int32_t) override {
    platform::thread_handle thread;
    if (!platform::thread_start(&thread, &thread_per_task_pool::thread_entry, job, {})) {
      return false;
    }
    std::lock_guard<std::mutex> hold(threads_lock_);
    threads_.push_back(thread);
    return true;
  }

  // Joins every thread started so far; a finished thread's join is cheap.
  bool shutdown() override {
    std::lock_guard<std::mutex> hold(threads_lock_);
    for (platform::thread_handle &thread : threads_) platform::thread_join(&thread);
    threads_.clear();
    return true;
  }

  bool queue_empty() const override { return true; }

 private:
  static void thread_entry(void *context) {
    bench_job *job = static_cast<bench_job *>(context);
    job->kind->run(job);
    job->kind->finish(job, job_outcome::done);
  }

  std::mutex threads_lock_;
  std::vector<platform::thread_handle> threads_;
};

}  // namespace

std::unique_ptr<peer_pool> make_thread_per_task_pool(const pool_settings &, std::string *) {
  return std::make_unique<thread_per_task_pool>();
}

}  // namespace bench
