#include "moodycamel_pool.h"

// concurrentqueue.h first: lightweightsemaphore.h relies on what it defines.
// clang-format off
#include <concurrentqueue/concurrentqueue.h>
#include <concurrentqueue/lightweightsemaphore.h>
// clang-format on

#include <atomic>
#include <chrono>
#include <memory>
#include <system_error>
#include <thread>
#include <vector>

#include "bench_os.h"
#include "worker_threads.h"

namespace bench {
namespace {

class moodycamel_pool final : public peer_pool {
 public:
  ~moodycamel_pool() override { shutdown(); }

  bool start(uint32_t workers, std::string *error) {
    if (threads_.start(
            workers, [this] { worker_loop(); }, "moodycamel pool", error))
      return true;
    shutdown();
    return false;
  }

  const char *name() const override { return "moodycamel"; }

  // Ready when every worker has reached its first semaphore wait.
  bool wait_until_ready(uint32_t timeout_ms) override {
    return poll_until_ready(timeout_ms, [this] {
      return waiting_workers_.load(std::memory_order_acquire) == threads_.size();
    });
  }

  // No producer token: the producers are the caller's threads, which the
  // pool does not know; the queue keeps one implicit producer per thread,
  // which is what a token would give it.
  bool submit(bench_task *task, int32_t priority) override {
    if (priority < 0 || priority > 2 || stopping_.load(std::memory_order_relaxed)) return false;
    if (!queues_[priority].enqueue(task)) return false;  // allocation failed
    available_.signal();
    return true;
  }

  // Drains. Every queued task holds one semaphore unit; each worker gets one
  // more unit that it cannot match with a task, and only then leaves.
  bool shutdown() override {
    if (threads_.empty()) return true;
    stopping_.store(true, std::memory_order_release);
    available_.signal(static_cast<moodycamel::LightweightSemaphore::ssize_t>(threads_.size()));
    threads_.join_all();
    return true;
  }

  // Exact once the workers are joined (no operation runs concurrently).
  bool queue_empty() const override {
    for (const auto &queue : queues_) {
      if (queue.size_approx() != 0) return false;
    }
    return true;
  }

 private:
  using task_queue = moodycamel::ConcurrentQueue<bench_task *>;

  bool dequeue_highest(moodycamel::ConsumerToken *tokens, bench_task **task) {
    for (int priority = 0; priority < 3; ++priority) {
      if (queues_[priority].try_dequeue(tokens[priority], *task)) return true;
    }
    return false;
  }

  void worker_loop() {
    // A consumer token per queue: the workers are the pool's own long-lived
    // threads, the case tokens are made for.
    moodycamel::ConsumerToken tokens[3] = {moodycamel::ConsumerToken(queues_[0]),
                                           moodycamel::ConsumerToken(queues_[1]),
                                           moodycamel::ConsumerToken(queues_[2])};
    waiting_workers_.fetch_add(1, std::memory_order_release);
    for (;;) {
      available_.wait();
      bench_task *task = nullptr;
      // A unit guarantees a task was enqueued, but try_dequeue may miss it
      // while other producers and consumers are mid-operation; retry, as
      // BlockingConcurrentQueue does. Once stopping is seen no enqueue runs
      // any more, so a miss on the scan after it is real: every task left is
      // held by another worker, and this unit was a stop unit.
      for (;;) {
        if (dequeue_highest(tokens, &task)) break;
        if (stopping_.load(std::memory_order_acquire)) {
          if (dequeue_highest(tokens, &task)) break;
          return;
        }
        os::cpu_relax();
      }
      task->kind->run(task);
      task->kind->finish(task, task_outcome::done);
    }
  }

  task_queue queues_[3];
  moodycamel::LightweightSemaphore available_;
  std::atomic<bool> stopping_{false};
  worker_threads threads_;
  std::atomic<size_t> waiting_workers_{0};
};

}  // namespace

std::unique_ptr<peer_pool> make_moodycamel_pool(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<moodycamel_pool>();
  if (!pool->start(settings.workers, error)) return nullptr;
  return pool;
}

}  // namespace bench
