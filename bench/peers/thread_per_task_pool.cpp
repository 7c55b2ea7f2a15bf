#include "thread_per_task_pool.h"

#include <mutex>
#include <vector>

#include "bench_os.h"

namespace bench {
namespace {

class thread_per_task_pool final : public peer_pool {
 public:
  ~thread_per_task_pool() override { shutdown(); }

  const char *name() const override { return "thread_per_task"; }
  bool honours_priorities() const override { return false; }
  bool wait_until_ready(uint32_t) override { return true; }

  bool submit(bench_task *task, int32_t) override {
    os::native_thread thread;
    if (!os::start_native_thread(&thread, &thread_per_task_pool::thread_entry, task)) return false;
    std::lock_guard<std::mutex> hold(threads_lock_);
    threads_.push_back(thread);
    return true;
  }

  // Joins every thread started so far; a finished thread's join is cheap.
  bool shutdown() override {
    std::lock_guard<std::mutex> hold(threads_lock_);
    for (os::native_thread &thread : threads_) os::join_native_thread(&thread);
    threads_.clear();
    return true;
  }

  bool queue_empty() const override { return true; }

 private:
  static void thread_entry(void *arg) {
    bench_task *task = static_cast<bench_task *>(arg);
    task->kind->run(task);
    task->kind->finish(task, task_outcome::done);
  }

  std::mutex threads_lock_;
  std::vector<os::native_thread> threads_;
};

}  // namespace

std::unique_ptr<peer_pool> make_thread_per_task_pool(const pool_settings &, std::string *) {
  return std::make_unique<thread_per_task_pool>();
}

}  // namespace bench
