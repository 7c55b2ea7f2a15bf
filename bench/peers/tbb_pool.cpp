#include "tbb_pool.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>
#include <oneapi/tbb/task_group.h>

#include <memory>

#include "worker_rendezvous.h"

namespace bench {
namespace {

class tbb_pool final : public peer_pool {
 public:
  explicit tbb_pool(uint32_t workers)
      // TBB caps its worker threads at the core count minus one unless told
      // otherwise; the producers never join the arena, so allow `workers`
      // worker threads.
      : parallelism_(tbb::global_control::max_allowed_parallelism, workers + 1),
        arena_(static_cast<int>(workers), 0),
        workers_(workers) {}

  ~tbb_pool() override { shutdown(); }

  const char *name() const override { return "tbb"; }
  bool honours_priorities() const override { return false; }

  bool wait_until_ready(uint32_t timeout_ms) override {
    worker_rendezvous rendezvous(workers_, timeout_ms);
    return rendezvous.meet([this](worker_rendezvous *meeting) {
      arena_.execute([&] { group_->run([meeting] { meeting->arrive_and_wait(); }); });
      return true;
    });
  }

  bool submit(bench_task *task, int32_t) override {
    if (stopped_) return false;
    arena_.execute([this, task] {
      group_->run([task] {
        task->kind->run(task);
        task->kind->finish(task, task_outcome::done);
      });
    });
    return true;
  }

  bool shutdown() override {
    if (stopped_) return true;
    stopped_ = true;
    arena_.execute([this] { group_->wait(); });
    return true;
  }

  bool queue_empty() const override { return stopped_; }

 private:
  tbb::global_control parallelism_;
  tbb::task_arena arena_;
  // Held by pointer: task_group's destructor may throw, which the
  // (noexcept) peer_pool destructor cannot allow.
  std::unique_ptr<tbb::task_group> group_ = std::make_unique<tbb::task_group>();
  const uint32_t workers_;
  bool stopped_ = false;
};

}  // namespace

std::unique_ptr<peer_pool> make_tbb_pool(const pool_settings &settings, std::string *) {
  return std::make_unique<tbb_pool>(settings.workers);
}

}  // namespace bench
