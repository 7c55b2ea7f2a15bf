#include "asio_pool.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <exception>

#include "worker_rendezvous.h"

namespace bench {
namespace {

class asio_pool final : public peer_pool {
 public:
  explicit asio_pool(uint32_t workers) : pool_(workers), workers_(workers) {}

  ~asio_pool() override { shutdown(); }

  const char *name() const override { return "asio"; }
  bool honours_priorities() const override { return false; }

  // thread_pool exposes no idle count: one rendezvous task per thread proves
  // that every thread exists and took work at once (worker_rendezvous.h).
  bool wait_until_ready(uint32_t timeout_ms) override {
    worker_rendezvous rendezvous(workers_, timeout_ms);
    return rendezvous.meet([this](worker_rendezvous *meeting) {
      boost::asio::post(pool_, [meeting] { meeting->arrive_and_wait(); });
      return true;
    });
  }

  bool submit(bench_task *task, int32_t) override {
    if (stopped_) return false;
    try {
      boost::asio::post(pool_, [task] {
        task->kind->run(task);
        task->kind->finish(task, task_outcome::done);
      });
    } catch (const std::exception &) {
      return false;  // out of memory for the handler: the task never runs
    }
    return true;
  }

  // join() without stop(): returns once every posted handler has run.
  bool shutdown() override {
    if (stopped_) return true;
    stopped_ = true;
    pool_.join();
    return true;
  }

  bool queue_empty() const override { return stopped_; }

 private:
  boost::asio::thread_pool pool_;
  const uint32_t workers_;
  bool stopped_ = false;  // written only by shutdown, which no submit overlaps
};

}  // namespace

std::unique_ptr<peer_pool> make_asio_pool(const pool_settings &settings, std::string *) {
  return std::make_unique<asio_pool>(settings.workers);
}

}  // namespace bench
