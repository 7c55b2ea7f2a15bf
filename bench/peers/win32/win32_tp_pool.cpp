// win32_tp: the Windows thread pool API on a private TP_POOL whose minimum and
// maximum thread counts both equal the worker count, so it cannot grow past
// the other pools. One callback environment per priority carries
// SetThreadpoolCallbackPriority; tasks go in with TrySubmitThreadpoolCallback.
#include "win32_tp_pool.h"

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <atomic>

#include "worker_rendezvous.h"

namespace bench {
namespace {

class win32_tp_pool final : public peer_pool {
 public:
  ~win32_tp_pool() override {
    shutdown();
    for (TP_CALLBACK_ENVIRON &environment : environments_)
      DestroyThreadpoolEnvironment(&environment);
    if (cleanup_group_ != nullptr) CloseThreadpoolCleanupGroup(cleanup_group_);
    if (pool_ != nullptr) CloseThreadpool(pool_);
  }

  bool start(uint32_t workers, std::string *error) {
    workers_ = workers;
    pool_ = CreateThreadpool(nullptr);
    cleanup_group_ = CreateThreadpoolCleanupGroup();
    if (pool_ == nullptr || cleanup_group_ == nullptr) {
      *error = "win32_tp: CreateThreadpool failed";
      return false;
    }
    SetThreadpoolThreadMaximum(pool_, workers);
    if (!SetThreadpoolThreadMinimum(pool_, workers)) {
      *error = "win32_tp: SetThreadpoolThreadMinimum failed";
      return false;
    }
    const TP_CALLBACK_PRIORITY priorities[3] = {
        TP_CALLBACK_PRIORITY_HIGH, TP_CALLBACK_PRIORITY_NORMAL, TP_CALLBACK_PRIORITY_LOW};
    for (int i = 0; i < 3; ++i) {
      InitializeThreadpoolEnvironment(&environments_[i]);
      SetThreadpoolCallbackPool(&environments_[i], pool_);
      SetThreadpoolCallbackCleanupGroup(&environments_[i], cleanup_group_, nullptr);
      SetThreadpoolCallbackPriority(&environments_[i], priorities[i]);
    }
    return true;
  }

  const char *name() const override { return "win32_tp"; }

  bool wait_until_ready(uint32_t timeout_ms) override {
    worker_rendezvous rendezvous(workers_, timeout_ms);
    // A refused submit cannot happen before shutdown; the pool would be broken.
    return rendezvous.meet([this](worker_rendezvous *meeting) {
      return TrySubmitThreadpoolCallback(&win32_tp_pool::rendezvous_callback, meeting,
                                         &environments_[0]) != FALSE;
    });
  }

  bool submit(bench_task *task, int32_t priority) override {
    if (priority < 0 || priority > 2 || stopped_) return false;
    return TrySubmitThreadpoolCallback(&win32_tp_pool::task_callback, task,
                                       &environments_[priority]) != FALSE;
  }

  bool shutdown() override {
    if (stopped_ || cleanup_group_ == nullptr) return true;
    stopped_ = true;
    // FALSE: let pending callbacks run (drain), then wait for all of them.
    CloseThreadpoolCleanupGroupMembers(cleanup_group_, FALSE, nullptr);
    return true;
  }

  // After CloseThreadpoolCleanupGroupMembers every submitted callback has
  // returned, so nothing can still be queued.
  bool queue_empty() const override { return stopped_; }

 private:
  static VOID CALLBACK task_callback(PTP_CALLBACK_INSTANCE, PVOID context) {
    bench_task *task = static_cast<bench_task *>(context);
    task->kind->run(task);
    task->kind->finish(task, task_outcome::done);
  }

  static VOID CALLBACK rendezvous_callback(PTP_CALLBACK_INSTANCE, PVOID context) {
    static_cast<worker_rendezvous *>(context)->arrive_and_wait();
  }

  uint32_t workers_ = 0;
  PTP_POOL pool_ = nullptr;
  PTP_CLEANUP_GROUP cleanup_group_ = nullptr;
  TP_CALLBACK_ENVIRON environments_[3]{};
  bool stopped_ = false;
};

}  // namespace

std::unique_ptr<peer_pool> make_win32_tp_pool(const pool_settings &settings, std::string *error) {
  auto pool = std::make_unique<win32_tp_pool>();
  if (!pool->start(settings.workers, error)) return nullptr;
  return pool;
}

}  // namespace bench
