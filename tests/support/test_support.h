// Helpers shared by the tpool tests: pools with small configurations, the
// gate as a job that holds its worker, outcome and log probes, and the scale
// of stress runs.
#ifndef TPOOL_TESTS_SUPPORT_TEST_SUPPORT_H
#define TPOOL_TESTS_SUPPORT_TEST_SUPPORT_H

#include <tpool/tpool.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "gate.h"
#include "patience.h"
#include "slow_environment.h"

namespace tpool_test {

// Stress runs shrink where every operation costs more (slow_environment.h).
inline constexpr int kStressDivisor = test_support::kSlowEnvironment ? 2 : 1;

using test_support::eventually;
using test_support::kPatienceMs;

inline tpool_config small_config(uint32_t min_workers, uint32_t max_workers = 0) {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = min_workers;
  config.max_workers = max_workers == 0 ? min_workers : max_workers;
  config.thread_name_prefix = "tptest";
  return config;
}

// Owns a pool for one test; destroys it at scope exit.
class pool_fixture {
 public:
  explicit pool_fixture(const tpool_config &config) { status_ = tpool_create(&config, &pool_); }
  ~pool_fixture() {
    if (pool_ != nullptr) tpool_destroy(pool_);
  }
  pool_fixture(const pool_fixture &) = delete;
  pool_fixture &operator=(const pool_fixture &) = delete;
  tpool_pool *get() const { return pool_; }
  tpool_status create_status() const { return status_; }
  // For tests that destroy the pool themselves.
  tpool_pool *release() {
    tpool_pool *pool = pool_;
    pool_ = nullptr;
    return pool;
  }

 private:
  tpool_pool *pool_ = nullptr;
  tpool_status status_ = TPOOL_E_INTERNAL;
};

// The gate (gate.h) with a job that passes it: the job holds its worker
// until the test opens the gate.
class gate : public test_support::gate {
 public:
  static void TPOOL_CALL job(void *context, tpool_job_info *) {
    static_cast<gate *>(context)->pass();
  }
};

// Records the outcome a completion callback reports, and how often.
struct outcome_probe {
  std::atomic<int> runs{0};
  std::atomic<int> completions{0};
  std::atomic<int> last_outcome{-1};

  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    static_cast<outcome_probe *>(context)->runs.fetch_add(1);
  }
  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) {
    outcome_probe *probe = static_cast<outcome_probe *>(context);
    probe->last_outcome.store(outcome);
    probe->completions.fetch_add(1);
  }
};

inline tpool_job_desc desc_for(tpool_job_fn fn, void *context, int32_t priority,
                               tpool_completion_fn on_complete = nullptr) {
  tpool_job_desc desc;
  tpool_job_desc_init(&desc);
  desc.fn = fn;
  desc.context = context;
  desc.priority = priority;
  desc.on_complete = on_complete;
  return desc;
}

inline void TPOOL_CALL noop_job(void *, tpool_job_info *) {}

inline tpool_stats stats_of(tpool_pool *pool) {
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  tpool_get_stats(pool, &stats);
  return stats;
}

// Collects log lines delivered to a tpool_log_fn.
struct log_sink {
  std::mutex mutex;
  std::vector<std::pair<tpool_log_level, std::string>> lines;

  static void TPOOL_CALL receive(void *user, tpool_log_level level, const char *message) {
    log_sink *sink = static_cast<log_sink *>(user);
    std::lock_guard<std::mutex> lock(sink->mutex);
    sink->lines.emplace_back(level, message);
  }
  bool contains(tpool_log_level level, const std::string &fragment) {
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto &line : lines) {
      if (line.first == level && line.second.find(fragment) != std::string::npos) return true;
    }
    return false;
  }
  size_t count() {
    std::lock_guard<std::mutex> lock(mutex);
    return lines.size();
  }
};

}  // namespace tpool_test

#endif  // TPOOL_TESTS_SUPPORT_TEST_SUPPORT_H
