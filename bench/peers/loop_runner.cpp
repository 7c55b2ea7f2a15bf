#include "loop_runner.h"

#include <tpool/tpool.h>

#include <atomic>
#include <vector>

#if defined(TPOOL_HAVE_TBB)
#include "tbb_loop.h"
#endif

namespace bench {
namespace {

// A tpool pool of `workers` fixed workers, through the public API only.
class tpool_owner {
 public:
  tpool_owner(uint32_t workers, std::string *error) {
    tpool_config config;
    tpool_config_init(&config);
    config.min_workers = config.max_workers = workers;
    config.thread_name_prefix = "loop";
    const tpool_status status = tpool_create(&config, &pool_);
    if (status != TPOOL_OK) *error = std::string("tpool_create: ") + tpool_status_string(status);
  }
  ~tpool_owner() {
    if (pool_ != nullptr) tpool_destroy(pool_);
  }
  tpool_owner(const tpool_owner &) = delete;
  tpool_owner &operator=(const tpool_owner &) = delete;
  tpool_pool *get() const { return pool_; }

 private:
  tpool_pool *pool_ = nullptr;
};

struct body_call {
  loop_body body;
  void *context;
};

class tpool_loop final : public loop_runner {
 public:
  tpool_loop(uint32_t workers, std::string *error) : pool_(workers, error) {}
  bool ok() const { return pool_.get() != nullptr; }
  const char *name() const override { return "tpool"; }
  bool run(uint64_t count, loop_body body, void *context) override {
    body_call call{body, context};
    return tpool_parallel_for(pool_.get(), 0, count, 0, &range, &call, TPOOL_PRIORITY_HIGH) ==
           TPOOL_OK;
  }

 private:
  static int32_t TPOOL_CALL range(void *context, uint64_t begin, uint64_t end) {
    const body_call *call = static_cast<const body_call *>(context);
    call->body(call->context, begin, end);
    return 0;
  }
  tpool_owner pool_;
};

class split_loop final : public loop_runner {
 public:
  split_loop(uint32_t workers, std::string *error)
      : pool_(workers, error), workers_(workers), slices_(workers) {}
  bool ok() const { return pool_.get() != nullptr; }
  const char *name() const override { return "split"; }
  bool run(uint64_t count, loop_body body, void *context) override {
    tpool_group *group = nullptr;
    if (tpool_group_create(pool_.get(), &group) != TPOOL_OK) return false;
    bool ok = true;
    for (uint32_t i = 0; i < workers_; ++i) {
      slice &part = slices_[i];
      part = slice{body, context, count * i / workers_, count * (i + 1) / workers_};
      ok = ok && tpool_group_submit(group, &run_slice, &part, TPOOL_PRIORITY_HIGH) == TPOOL_OK;
    }
    ok = tpool_group_wait(group, TPOOL_INFINITE) == TPOOL_OK && ok;
    tpool_group_release(group);
    return ok;
  }

 private:
  struct slice {
    loop_body body;
    void *context;
    uint64_t begin, end;
  };
  static void TPOOL_CALL run_slice(void *context, tpool_job_info *) {
    const slice *part = static_cast<const slice *>(context);
    part->body(part->context, part->begin, part->end);
  }
  tpool_owner pool_;
  const uint32_t workers_;
  std::vector<slice> slices_;
};

class inline_loop final : public loop_runner {
 public:
  const char *name() const override { return "inline"; }
  bool run(uint64_t count, loop_body body, void *context) override {
    body(context, 0, count);
    return true;
  }
};

}  // namespace

std::vector<std::string> available_loop_runners() {
  std::vector<std::string> names{"tpool", "split"};
#if defined(TPOOL_HAVE_TBB)
  names.emplace_back("tbb");
#endif
  names.emplace_back("inline");
  return names;
}

std::unique_ptr<loop_runner> make_loop_runner(const std::string &name, uint32_t workers,
                                              std::string *error) {
  try {
    if (name == "tpool") {
      auto runner = std::make_unique<tpool_loop>(workers, error);
      if (runner->ok()) return runner;
      return nullptr;
    }
    if (name == "split") {
      auto runner = std::make_unique<split_loop>(workers, error);
      if (runner->ok()) return runner;
      return nullptr;
    }
    if (name == "inline") return std::make_unique<inline_loop>();
#if defined(TPOOL_HAVE_TBB)
    if (name == "tbb") return make_tbb_loop(workers, error);
#endif
    *error = "loop runner '" + name + "' is not built into this binary";
  } catch (const std::exception &failure) {
    *error = name + ": " + failure.what();
  }
  return nullptr;
}

}  // namespace bench
