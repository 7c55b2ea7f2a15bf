// The status contract test (tests/abi/status_contract/), checked from both
// sides:
//  - each status an exported function's comment lists after "Returns:" is
//    produced by a scenario of that function. Scenarios live one file per
//    object (tpool_pools.cpp, tpool_jobs.cpp, ..., prioq_items.cpp) and
//    register themselves here; runner.cpp has one TEST per DLL that runs
//    every scenario of that DLL in one process and then checks coverage, so
//    a new export gets its scenarios in its object's file and is counted
//    without touching the runner;
//  - no test anywhere sees a status a function does not list: in
//    fault-injection builds every DLL audits its own returns, and
//    tests/support/status_audit.cpp fails any test program that saw one;
//  - in fault-injection builds, every status produced here was seen by the
//    DLL's API wrapper (abi::guarded records each status it returns), so
//    every exported function that returns a status runs inside it.
// The lists come from src/*/testing/*_statuses.inc, generated from the
// headers by tools/gen_api_docs.py (and checked fresh by a ctest).
// TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START and their prioq counterpart
// need the fault-injection seam; other builds report them as not covered
// here (the suites of linux-debug, linux-asan and linux-tsan cover them).
#ifndef TPOOL_TESTS_ABI_STATUS_CONTRACT_CONTRACT_H
#define TPOOL_TESTS_ABI_STATUS_CONTRACT_CONTRACT_H

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gate.h"
#include "patience.h"
#include "tpool/tpool.h"

namespace status_contract {

using test_support::kPatienceMs;

inline uint32_t bit(int32_t status) {
  return status >= 0 && status < 32 ? uint32_t{1} << status : 0;
}

// Records which (function, status) pairs the scenarios produced.
class contract {
 public:
  explicit contract(const std::map<std::string, uint32_t> &documented) : documented_(documented) {}

  void expect(const char *function, int32_t actual, int32_t expected) {
    EXPECT_EQ(actual, expected) << function;
    if (actual == expected) produced_[function] |= bit(actual);
  }

  // Every documented pair was produced; needs_faults lists the statuses only
  // fault injection can produce.
  void check_coverage(const char *(*name_of)(int32_t), std::vector<int32_t> needs_faults);

  // Every produced status went through the DLL's API wrapper, which records
  // each status it returns (seen: the DLL's *_testing_statuses_seen).
  void check_wrapped(uint32_t (*seen)(const char *function));

 private:
  const std::map<std::string, uint32_t> &documented_;
  std::map<std::string, uint32_t> produced_;
};

// One object's scenarios: they call its functions and record each status
// with contract::expect.
using scenario_fn = void (*)(contract &c);

// Registers run as a scenario of dll ("tpool" or "prioq") for object (its
// name orders the runs). Called by STATUS_CONTRACT_SCENARIO before main.
bool add_scenario(const char *dll, const char *object, scenario_fn run);
// Runs every scenario registered for dll, in object name order.
void run_scenarios(const char *dll, contract &c);

// Defines and registers the scenarios of one object:
//   STATUS_CONTRACT_SCENARIO(tpool, timers) { c.expect(...); ... }
#define STATUS_CONTRACT_SCENARIO(dll, object)                                      \
  void dll##_##object##_scenarios(::status_contract::contract &c);                 \
  [[maybe_unused]] const bool dll##_##object##_registered =                        \
      ::status_contract::add_scenario(#dll, #object, &dll##_##object##_scenarios); \
  void dll##_##object##_scenarios(::status_contract::contract &c)

// ---- what several tpool scenarios use ----------------------------------------

inline tpool_config one_worker() {
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = config.max_workers = 1;
  return config;
}

inline void TPOOL_CALL noop(void *, tpool_job_info *) {}

// A job that holds its worker until the gate opens.
inline void TPOOL_CALL hold_at_gate(void *context, tpool_job_info *) {
  static_cast<test_support::gate *>(context)->pass();
}

// Runs call(pool, the job's own handle) inside a job of pool and returns
// its status (-1 if the job did not run).
int32_t status_inside_a_job(tpool_pool *pool, tpool_status (*call)(tpool_pool *, tpool_job *));

}  // namespace status_contract

#endif  // TPOOL_TESTS_ABI_STATUS_CONTRACT_CONTRACT_H
