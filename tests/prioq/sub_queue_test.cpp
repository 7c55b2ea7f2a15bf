// White-box test of the sub-queue's record of how long pops have found it
// empty (sub_queue::empty_for_long), which decides when a pop clears a stale
// occupancy bit (priority_queue.cpp, settle_found_empty). The sub-queue and
// ring sources are compiled into this test; nothing here goes through
// prioq.dll.
#include "sub_queue.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using prioq_impl::sub_queue;

constexpr uint64_t kPatienceMs = 2;

// One call on a fresh sub-queue: a look at aging time now_ms and whether it
// must report a long empty run, or a forget_empty().
struct step {
  bool forget;
  uint64_t now_ms;
  bool long_run;
};
constexpr step look(uint64_t now_ms, bool long_run) {
  return step{false, now_ms, long_run};
}
constexpr step forget() {
  return step{true, 0, false};
}

struct empty_run_case {
  const char *name;
  std::vector<step> steps;
};

class SubQueueEmptyRun : public ::testing::TestWithParam<empty_run_case> {};

TEST_P(SubQueueEmptyRun, ReportsALongRunOnlyOncePatienceHasPassedSinceItsFirstLook) {
  sub_queue tested;
  const std::vector<step> &steps = GetParam().steps;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].forget) {
      tested.forget_empty();
      continue;
    }
    EXPECT_EQ(tested.empty_for_long(steps[i].now_ms, kPatienceMs), steps[i].long_run)
        << "step " << i << ", a look at " << steps[i].now_ms << " ms";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Runs, SubQueueEmptyRun,
    ::testing::Values(empty_run_case{"TheFirstLookStartsARunThatIsNotYetLong",
                                     {look(100, false), look(100, false), look(101, false)}},
                      empty_run_case{"ARunIsLongFromPatienceAfterItsFirstLook",
                                     {look(100, false), look(102, true), look(500, true)}},
                      empty_run_case{"ForgettingStartsANewRun",
                                     {look(100, false), look(200, true), forget(), look(300, false),
                                      look(301, false), look(302, true)}},
                      // Threads' clocks may differ by the counters' skew: an earlier
                      // reading than the run's start must not count as a long run.
                      empty_run_case{"AClockBehindTheRunsStartIsNotLong",
                                     {look(100, false), look(99, false)}}),
    [](const ::testing::TestParamInfo<empty_run_case> &run) {
      return std::string(run.param.name);
    });

}  // namespace
