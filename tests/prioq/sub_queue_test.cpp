// White-box tests of a sub-queue (src/prioq/sub_queue.h):
//  - its record of how long pops have found it empty
//    (sub_queue::empty_for_long), which decides when a pop clears a stale
//    occupancy bit (priority_queue.cpp, settle_found_empty);
//  - the position take() reports for the first item it took, which decides
//    when a pop warms the slot's higher levels (warm_higher_levels), and
//    warm() leaving what a take finds unchanged.
// The sub-queue and ring sources are compiled into this test; nothing here
// goes through prioq.dll.
#include "sub_queue.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sub_queue_push.h"

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

// Pushes items value first .. first + count - 1, one word each, one push each.
void push_values(sub_queue *target, uintptr_t first, uintptr_t count) {
  for (uintptr_t value = first; value != first + count; ++value) push_word(target, value);
}

TEST(SubQueueTake, ReportsThePositionOfTheFirstItemItTookAcrossRings) {
  sub_queue tested;
  tested.configure(1, 0, false);
  // More than the first ring holds: the later items are in a second ring.
  constexpr uintptr_t kPushed = 100;
  push_values(&tested, 0, kPushed);
  uintptr_t out[kPushed] = {};
  uint64_t first_pos = UINT64_MAX;
  uint64_t expected = 0;
  // Runs of 1, 10, then as many as fit: a run stops at the end of a ring,
  // and the next take finds its head in the following ring (take_slow).
  for (size_t max : {size_t{1}, size_t{10}, size_t{kPushed}, size_t{kPushed}}) {
    const size_t taken = tested.take(out, max, &first_pos);
    ASSERT_NE(taken, 0u) << "after position " << expected;
    EXPECT_EQ(first_pos, expected);
    EXPECT_EQ(out[0], expected) << "the item at the reported position";
    expected += taken;
  }
  EXPECT_EQ(expected, kPushed);
  EXPECT_EQ(tested.take(out, 1, &first_pos), 0u);
}

TEST(SubQueueWarm, LeavesWhatATakeFindsUnchanged) {
  sub_queue tested;
  tested.configure(1, 0, false);
  tested.warm();  // no ring yet
  ASSERT_TRUE(tested.make_room(0));
  tested.warm();  // a ring, nothing published
  push_values(&tested, 7, 3);
  tested.warm();
  uintptr_t out[4] = {};
  uint64_t first_pos = UINT64_MAX;
  ASSERT_EQ(tested.take(out, 4, &first_pos), 3u);
  EXPECT_EQ(first_pos, 0u);
  EXPECT_EQ(out[0], 7u);
  EXPECT_EQ(out[2], 9u);
  tested.warm();  // the head past every item
  EXPECT_EQ(tested.take(out, 1, &first_pos), 0u);
}

}  // namespace
