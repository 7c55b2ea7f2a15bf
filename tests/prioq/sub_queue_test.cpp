// White-box test of the sub-queue's record of how long pops have found it
// empty (sub_queue::empty_for_long), which decides when a pop clears a stale
// occupancy bit (priority_queue.cpp, settle_stale). The sub-queue and ring
// sources are compiled into this test; nothing here goes through prioq.dll.
#include "sub_queue.h"

#include <gtest/gtest.h>

namespace {

using prioq_impl::sub_queue;

TEST(SubQueueEmptyRun, TheFirstEmptyLookStartsARunAndIsNotYetLong) {
  sub_queue tested;
  EXPECT_FALSE(tested.empty_for_long(100, 2));
  EXPECT_FALSE(tested.empty_for_long(100, 2));
  EXPECT_FALSE(tested.empty_for_long(101, 2));
}

TEST(SubQueueEmptyRun, ARunIsLongOncePatienceHasPassedSinceItsFirstLook) {
  sub_queue tested;
  ASSERT_FALSE(tested.empty_for_long(100, 2));
  EXPECT_TRUE(tested.empty_for_long(102, 2));
  EXPECT_TRUE(tested.empty_for_long(500, 2));
}

TEST(SubQueueEmptyRun, ForgettingStartsANewRun) {
  sub_queue tested;
  ASSERT_FALSE(tested.empty_for_long(100, 2));
  ASSERT_TRUE(tested.empty_for_long(200, 2));
  tested.forget_empty();
  EXPECT_FALSE(tested.empty_for_long(300, 2));
  EXPECT_FALSE(tested.empty_for_long(301, 2));
  EXPECT_TRUE(tested.empty_for_long(302, 2));
}

TEST(SubQueueEmptyRun, AClockBehindTheRunsStartIsNotLong) {
  // Threads' clocks may differ by the counters' skew: an earlier reading
  // than the run's start must not count as a long run.
  sub_queue tested;
  ASSERT_FALSE(tested.empty_for_long(100, 2));
  EXPECT_FALSE(tested.empty_for_long(99, 2));
}

}  // namespace
