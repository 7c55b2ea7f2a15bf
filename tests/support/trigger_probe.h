// What the timer and wait tests count: every call of a timer's or wait's
// callbacks (fn, on_complete with each outcome, on_retire), when fn started
// and ended, which thread ran the completion, and whether fn saw its cancel
// flag. A probe can hold fn inside until the test lets it go.
//
// A test declares its probe before its pool_fixture: the pool's destroy
// waits for every instance and runs the retirements, which write the probe,
// so the probe must be destroyed after the pool (a released timer's
// instance can still be running when the test body ends).
#ifndef TPOOL_TESTS_SUPPORT_TRIGGER_PROBE_H
#define TPOOL_TESTS_SUPPORT_TRIGGER_PROBE_H

#include <tpool/tpool.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "test_support.h"

namespace tpool_test {

using steady = std::chrono::steady_clock;

struct trigger_probe {
  std::atomic<int> runs{0};
  std::atomic<int> in_flight{0};
  std::atomic<int> most_in_flight{0};
  std::atomic<int> completions{0};
  std::atomic<int> done{0};
  std::atomic<int> cancelled{0};
  std::atomic<int> failed{0};
  std::atomic<int> retires{0};
  std::atomic<int> saw_cancel_flag{0};
  std::atomic<int> last_result{-1};
  std::atomic<int32_t> seen_priority{-1};
  // Set to hold fn until released (or cancellation is requested, with
  // stop_on_cancel).
  std::atomic<bool> hold{false};
  std::atomic<bool> stop_on_cancel{false};
  std::atomic<int> work_ms{0};  // each run sleeps this long before it ends
  std::atomic<bool> inside{false};
  std::thread::id completion_thread;
  std::mutex mutex;
  std::vector<steady::time_point> starts;
  std::vector<steady::time_point> ends;

  void enter(tpool_job_info *info) {
    const int now_in = in_flight.fetch_add(1) + 1;
    int most = most_in_flight.load();
    while (now_in > most && !most_in_flight.compare_exchange_weak(most, now_in)) {
    }
    int32_t priority = -1;
    tpool_job_info_get(info, nullptr, &priority, nullptr);
    seen_priority.store(priority);
    {
      std::lock_guard<std::mutex> lock(mutex);
      starts.push_back(steady::now());
    }
    inside.store(true);
    const auto deadline = steady::now() + std::chrono::milliseconds(kPatienceMs);
    while (hold.load() && steady::now() < deadline) {
      if (tpool_job_info_cancel_requested(info) != 0) {
        saw_cancel_flag.store(1);
        if (stop_on_cancel.load()) break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (tpool_job_info_cancel_requested(info) != 0) saw_cancel_flag.store(1);
    if (work_ms.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(work_ms.load()));
    {
      std::lock_guard<std::mutex> lock(mutex);
      ends.push_back(steady::now());
    }
    inside.store(false);
    in_flight.fetch_sub(1);
    runs.fetch_add(1);
  }

  static void TPOOL_CALL run(void *context, tpool_job_info *info) {
    static_cast<trigger_probe *>(context)->enter(info);
  }
  static void TPOOL_CALL run_wait(void *context, tpool_job_info *info,
                                  tpool_object_wait_result result) {
    trigger_probe *probe = static_cast<trigger_probe *>(context);
    probe->last_result.store(result);
    probe->enter(info);
  }
  static void TPOOL_CALL complete(void *context, tpool_job_state outcome) {
    trigger_probe *probe = static_cast<trigger_probe *>(context);
    {
      std::lock_guard<std::mutex> lock(probe->mutex);
      probe->completion_thread = std::this_thread::get_id();
    }
    if (outcome == TPOOL_JOB_DONE) probe->done.fetch_add(1);
    if (outcome == TPOOL_JOB_CANCELLED) probe->cancelled.fetch_add(1);
    if (outcome == TPOOL_JOB_FAILED) probe->failed.fetch_add(1);
    probe->completions.fetch_add(1);
  }
  static void TPOOL_CALL retire(void *context) {
    static_cast<trigger_probe *>(context)->retires.fetch_add(1);
  }

  bool wait_inside(uint32_t timeout_ms = kPatienceMs) {
    return eventually([&] { return inside.load(); }, timeout_ms);
  }
  std::vector<steady::time_point> start_times() {
    std::lock_guard<std::mutex> lock(mutex);
    return starts;
  }
  std::vector<steady::time_point> end_times() {
    std::lock_guard<std::mutex> lock(mutex);
    return ends;
  }
};

inline tpool_timer_desc timer_desc_for(trigger_probe *probe, int32_t mode, uint32_t delay_ms,
                                       uint32_t period_ms,
                                       int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  tpool_timer_desc desc;
  tpool_timer_desc_init(&desc);
  desc.fn = &trigger_probe::run;
  desc.context = probe;
  desc.on_complete = &trigger_probe::complete;
  desc.on_retire = &trigger_probe::retire;
  desc.mode = mode;
  desc.delay_ms = delay_ms;
  desc.period_ms = period_ms;
  desc.priority = priority;
  return desc;
}

inline tpool_object_wait_desc wait_desc_for(trigger_probe *probe, intptr_t object,
                                            uint32_t timeout_ms = TPOOL_INFINITE,
                                            int32_t priority = TPOOL_PRIORITY_MEDIUM) {
  tpool_object_wait_desc desc;
  tpool_object_wait_desc_init(&desc);
  desc.fn = &trigger_probe::run_wait;
  desc.context = probe;
  desc.on_complete = &trigger_probe::complete;
  desc.on_retire = &trigger_probe::retire;
  desc.object = object;
  desc.timeout_ms = timeout_ms;
  desc.priority = priority;
  return desc;
}

inline tpool_timer_state timer_state(const tpool_timer *timer) {
  tpool_timer_state state = static_cast<tpool_timer_state>(-1);
  tpool_timer_get_state(timer, &state, nullptr, nullptr);
  return state;
}
inline uint64_t timer_fired(const tpool_timer *timer) {
  uint64_t fired = 0;
  tpool_timer_get_state(timer, nullptr, &fired, nullptr);
  return fired;
}
inline uint64_t timer_skipped(const tpool_timer *timer) {
  uint64_t skipped = 0;
  tpool_timer_get_state(timer, nullptr, nullptr, &skipped);
  return skipped;
}

inline int64_t us_between(steady::time_point from, steady::time_point to) {
  return std::chrono::duration_cast<std::chrono::microseconds>(to - from).count();
}

}  // namespace tpool_test

#endif  // TPOOL_TESTS_SUPPORT_TRIGGER_PROBE_H
