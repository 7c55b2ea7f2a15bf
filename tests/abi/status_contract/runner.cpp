// The registry of scenarios and one TEST per DLL that runs them all and
// checks coverage (contract.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "contract.h"
#include "prioq/prioq.h"
#include "tpool/tpool.h"
#if defined(TPOOL_FAULT_INJECTION)
#include "prioq_testing.h"
#include "tpool_testing.h"
#endif

namespace status_contract {
namespace {

#define STATUS(name) bit(name)
#define DOCUMENTED(function, mask) {#function, mask},
const std::map<std::string, uint32_t> kTpoolDocumented = {
#include "tpool_statuses.inc"
};
const std::map<std::string, uint32_t> kPrioqDocumented = {
#include "prioq_statuses.inc"
};
#undef DOCUMENTED
#undef STATUS

struct scenario {
  std::string dll;
  std::string object;
  scenario_fn run;
};

std::vector<scenario> &registry() {
  static std::vector<scenario> scenarios;
  return scenarios;
}

const char *tpool_name(int32_t status) {
  return tpool_status_string(static_cast<tpool_status>(status));
}
const char *prioq_name(int32_t status) {
  return prioq_status_string(static_cast<prioq_status>(status));
}

// A job whose call waits until the test has its handle.
struct from_a_job {
  tpool_status (*call)(tpool_pool *pool, tpool_job *self);
  tpool_pool *pool = nullptr;
  tpool_job *self = nullptr;
  test_support::gate handle_ready;
  std::atomic<int32_t> result{-1};
  static void TPOOL_CALL run(void *context, tpool_job_info *) {
    from_a_job *job = static_cast<from_a_job *>(context);
    if (!job->handle_ready.pass()) return;
    job->result.store(job->call(job->pool, job->self));
  }
};

}  // namespace

bool add_scenario(const char *dll, const char *object, scenario_fn run) {
  registry().push_back({dll, object, run});
  return true;
}

void run_scenarios(const char *dll, contract &c) {
  std::vector<scenario> mine;
  for (const scenario &each : registry()) {
    if (each.dll == dll) mine.push_back(each);
  }
  std::sort(mine.begin(), mine.end(),
            [](const scenario &a, const scenario &b) { return a.object < b.object; });
  for (const scenario &each : mine) {
    SCOPED_TRACE(each.dll + " " + each.object);
    each.run(c);
  }
}

void contract::check_coverage(const char *(*name_of)(int32_t), std::vector<int32_t> needs_faults) {
#if defined(TPOOL_FAULT_INJECTION)
  needs_faults.clear();
#endif
  for (const auto &[function, documented] : documented_) {
    for (int32_t status = 0; status < 32; ++status) {
      if ((documented & bit(status)) == 0) continue;
      bool fault_only = false;
      for (int32_t skipped : needs_faults) fault_only = fault_only || skipped == status;
      if (fault_only) continue;
      EXPECT_NE(produced_[function] & bit(status), 0u)
          << function << " documents " << name_of(status) << " but no scenario produced it";
    }
  }
  for (const auto &[function, produced] : produced_) {
    EXPECT_EQ(documented_.count(function), 1u) << function << " is not an exported function";
  }
}

void contract::check_wrapped(uint32_t (*seen)(const char *function)) {
  for (const auto &[function, produced] : produced_) {
    EXPECT_EQ(seen(function.c_str()) & produced, produced)
        << function << " returned statuses its API wrapper did not record: its body does not "
        << "run inside abi::guarded";
  }
}

int32_t status_inside_a_job(tpool_pool *pool, tpool_status (*call)(tpool_pool *, tpool_job *)) {
  from_a_job job;
  job.call = call;
  job.pool = pool;
  if (tpool_submit(pool, &from_a_job::run, &job, TPOOL_PRIORITY_HIGH, &job.self) != TPOOL_OK) {
    return -1;
  }
  job.handle_ready.open();
  tpool_job_wait(job.self, kPatienceMs, nullptr);
  tpool_job_release(job.self);
  return job.result.load();
}

namespace {

TEST(StatusContract, EveryTpoolStatusTheHeaderListsIsProducedByItsFunction) {
  contract c(kTpoolDocumented);
  run_scenarios("tpool", c);
  c.check_coverage(&tpool_name, {TPOOL_E_OUT_OF_MEMORY, TPOOL_E_THREAD_START});
#if defined(TPOOL_FAULT_INJECTION)
  c.check_wrapped(&tpool_testing_statuses_seen);
#endif
}

TEST(StatusContract, EveryPrioqStatusTheHeaderListsIsProducedByItsFunction) {
  contract c(kPrioqDocumented);
  run_scenarios("prioq", c);
  c.check_coverage(&prioq_name, {PRIOQ_E_OUT_OF_MEMORY});
#if defined(TPOOL_FAULT_INJECTION)
  c.check_wrapped(&prioq_testing_statuses_seen);
#endif
}

}  // namespace
}  // namespace status_contract
