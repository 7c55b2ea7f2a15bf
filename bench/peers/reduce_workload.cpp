#include "reduce_workload.h"

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <tpool/tpool.hpp>

#include "naive_pool.h"
#include "peer_pool.h"

#if defined(TPOOL_HAVE_TBB)
#include "tbb_workloads.h"
#endif

namespace bench {
namespace {

class tpool_reduce final : public reduce_runner {
 public:
  explicit tpool_reduce(uint32_t workers) : pool_(config(workers)) {}
  const char *name() const override { return "tpool"; }
  bool run(uint64_t count, uint64_t *result) override {
    try {
      *result = tpool::parallel_reduce(
          pool_, tpool::index_range{0, count}, uint64_t{0},
          [](tpool::index_range chunk, uint64_t sum) {
            return sum + reduce_range(chunk.begin, chunk.end);
          },
          std::plus<>(), /*grain=*/0, TPOOL_PRIORITY_HIGH);
      return true;
    } catch (const std::exception &) {
      return false;
    }
  }

 private:
  static tpool_config config(uint32_t workers) {
    tpool_config config = tpool::pool::default_config();
    config.min_workers = config.max_workers = workers;
    config.thread_name_prefix = "reduce";
    return config;
  }
  tpool::pool pool_;
};

// One contiguous slice per worker, each summed into its own task, and a
// count of finished slices the caller waits on.
class naive_reduce final : public reduce_runner {
 public:
  naive_reduce(uint32_t workers, std::string *error) : slices_(workers) {
    pool_settings settings;
    settings.workers = workers;
    pool_ = make_naive_pool(settings, error);
    if (pool_ != nullptr && !pool_->wait_until_ready(60000)) {
      *error = "naive pool: workers did not start";
      pool_.reset();
    }
  }
  ~naive_reduce() override {
    if (pool_ != nullptr) pool_->shutdown();
  }
  naive_reduce(const naive_reduce &) = delete;
  naive_reduce &operator=(const naive_reduce &) = delete;

  bool ok() const { return pool_ != nullptr; }
  const char *name() const override { return "naive"; }
  bool run(uint64_t count, uint64_t *result) override {
    const uint64_t parts = slices_.size();
    {
      std::lock_guard<std::mutex> hold(mutex_);
      finished_ = 0;
    }
    uint64_t submitted = 0;
    for (size_t i = 0; i < slices_.size(); ++i) {
      slice &part = slices_[i];
      part = slice{{&kind_}, this, count * i / parts, count * (i + 1) / parts, 0, false};
      if (pool_->submit(&part, TPOOL_PRIORITY_HIGH)) {
        ++submitted;
      } else {
        part.failed = true;  // never runs: not waited for
      }
    }
    std::unique_lock<std::mutex> hold(mutex_);
    finished_changed_.wait(hold, [&] { return finished_ == submitted; });
    uint64_t sum = 0;
    for (const slice &part : slices_) {
      if (part.failed) return false;
      sum += part.sum;
    }
    *result = sum;
    return true;
  }

 private:
  struct slice : bench_task {
    naive_reduce *owner;
    uint64_t begin, end, sum;
    bool failed;
  };
  static void run_slice(bench_task *task) {
    slice *part = static_cast<slice *>(task);
    part->sum = reduce_range(part->begin, part->end);
  }
  static void finish_slice(bench_task *task, task_outcome outcome) {
    slice *part = static_cast<slice *>(task);
    naive_reduce *owner = part->owner;
    std::lock_guard<std::mutex> hold(owner->mutex_);
    if (outcome != task_outcome::done) part->failed = true;
    ++owner->finished_;
    owner->finished_changed_.notify_all();
  }

  const task_kind kind_{&run_slice, &finish_slice};
  std::unique_ptr<peer_pool> pool_;
  std::vector<slice> slices_;
  std::mutex mutex_;
  std::condition_variable finished_changed_;
  uint64_t finished_ = 0;
};

class inline_reduce final : public reduce_runner {
 public:
  const char *name() const override { return "inline"; }
  bool run(uint64_t count, uint64_t *result) override {
    *result = reduce_range(0, count);
    return true;
  }
};

}  // namespace

uint64_t reduce_range(uint64_t begin, uint64_t end) {
  uint64_t sum = 0;
  for (uint64_t i = begin; i < end; ++i) sum += reduce_element(i);
  return sum;
}

std::vector<std::string> available_reduce_runners() {
  std::vector<std::string> names{"tpool"};
#if defined(TPOOL_HAVE_TBB)
  names.emplace_back("tbb");
#endif
  names.emplace_back("naive");
  names.emplace_back("inline");
  return names;
}

std::unique_ptr<reduce_runner> make_reduce_runner(const std::string &name, uint32_t workers,
                                                  std::string *error) {
  try {
    if (name == "tpool") return std::make_unique<tpool_reduce>(workers);
    if (name == "naive") {
      auto runner = std::make_unique<naive_reduce>(workers, error);
      if (runner->ok()) return runner;
      return nullptr;
    }
    if (name == "inline") return std::make_unique<inline_reduce>();
#if defined(TPOOL_HAVE_TBB)
    if (name == "tbb") return make_tbb_reduce(workers);
#endif
    *error = "reduce runner '" + name + "' is not built into this binary";
  } catch (const std::exception &failure) {
    *error = name + ": " + failure.what();
  }
  return nullptr;
}

}  // namespace bench
