// Aging (prioq_config.aging_threshold_ms): an item that has waited longer than
// the threshold is popped ahead of newer higher-priority items. The only
// timing assumption: after sleeping 3x the threshold an item is overdue.
// Ages come from a coarse clock (up to ~16 ms per tick on Windows), so items
// meant to differ in age are pushed kDistinctAgeMs apart.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::config_with_aging;
using prioq_test::create_queue;

constexpr uint32_t kThresholdMs = 20;
constexpr int kDistinctAgeMs = 40;

void sleep_until_overdue() {
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * kThresholdMs));
}

void *pop_now(prioq_queue *queue) {
  void *item = nullptr;
  EXPECT_EQ(prioq_try_pop(queue, &item, nullptr), PRIOQ_OK);
  return item;
}

TEST(Aging, OverdueLowItemIsPoppedAheadOfNewerHighItems) {
  const prioq_config config = config_with_aging(kThresholdMs);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int low = 0, high_a = 0, high_b = 0;
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  sleep_until_overdue();
  ASSERT_EQ(prioq_push(queue.get(), &high_a, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &high_b, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  EXPECT_EQ(pop_now(queue.get()), &low);
}

TEST(Aging, OverdueItemReportsItsOwnPriority) {
  const prioq_config config = config_with_aging(kThresholdMs);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int low = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  sleep_until_overdue();
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  void *item = nullptr;
  int32_t priority = -1;
  ASSERT_EQ(prioq_try_pop(queue.get(), &item, &priority), PRIOQ_OK);
  EXPECT_EQ(priority, PRIOQ_PRIORITY_LOW);
}

TEST(Aging, AmongOverdueLevelsTheOldestItemWins) {
  const prioq_config config = config_with_aging(kThresholdMs);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int older_low = 0, newer_medium = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &older_low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(kDistinctAgeMs));
  ASSERT_EQ(prioq_push(queue.get(), &newer_medium, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  sleep_until_overdue();
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  EXPECT_EQ(pop_now(queue.get()), &older_low);
}

TEST(Aging, OverdueLowItemNeverOvertakesAnOlderHighItem) {
  const prioq_config config = config_with_aging(kThresholdMs);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int older_high = 0, low = 0;
  ASSERT_EQ(prioq_push(queue.get(), &older_high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  std::this_thread::sleep_for(std::chrono::milliseconds(kDistinctAgeMs));
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  sleep_until_overdue();

  EXPECT_EQ(pop_now(queue.get()), &older_high);
}

TEST(Aging, ItemsNotYetOverdueKeepStrictPriority) {
  // A threshold no test run reaches: nothing becomes overdue.
  const prioq_config config = config_with_aging(600000);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int low = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  EXPECT_EQ(pop_now(queue.get()), &high);
}

TEST(Aging, DisabledByDefaultSoWaitingLowItemsNeverOvertake) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int low = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  sleep_until_overdue();
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  EXPECT_EQ(pop_now(queue.get()), &high);
}

TEST(Aging, OverdueItemsStillLeaveInFifoOrderWithinTheirLevel) {
  const prioq_config config = config_with_aging(kThresholdMs);
  auto queue = create_queue(&config);
  ASSERT_TRUE(queue);
  int first_low = 0, second_low = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &first_low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &second_low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  sleep_until_overdue();
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);

  void *first = pop_now(queue.get());
  void *second = pop_now(queue.get());
  EXPECT_EQ(first, &first_low);
  EXPECT_EQ(second, &second_low);
}

}  // namespace
