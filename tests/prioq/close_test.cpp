// prioq_close with one thread: pushes are refused afterwards, items already
// queued stay drainable in order, and an empty closed queue reports CLOSED.
// (Waking blocked consumers is in close_wakes_waiters_test.cpp.)
#include <gtest/gtest.h>

#include <vector>

#include "prioq/prioq.h"
#include "queue_handle.h"

namespace {

using prioq_test::create_queue;

TEST(QueueClose, PushAfterCloseFailsWithClosed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  int item = 0;
  EXPECT_EQ(prioq_push(queue.get(), &item, PRIOQ_PRIORITY_HIGH), PRIOQ_E_CLOSED);
}

TEST(QueueClose, BatchPushAfterCloseFailsWithClosed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  int item = 0;
  const prioq_item batch[] = {{&item, PRIOQ_PRIORITY_HIGH}};
  EXPECT_EQ(prioq_push_batch(queue.get(), batch, 1), PRIOQ_E_CLOSED);
}

TEST(QueueClose, ItemsQueuedBeforeCloseAreDrainedInOrderThenClosedIsReported) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int low = 0, high = 0;
  ASSERT_EQ(prioq_push(queue.get(), &low, PRIOQ_PRIORITY_LOW), PRIOQ_OK);
  ASSERT_EQ(prioq_push(queue.get(), &high, PRIOQ_PRIORITY_HIGH), PRIOQ_OK);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);

  std::vector<void *> drained;
  void *item = nullptr;
  prioq_status status;
  while ((status = prioq_try_pop(queue.get(), &item, nullptr)) == PRIOQ_OK) drained.push_back(item);
  EXPECT_EQ(drained, (std::vector<void *>{&high, &low}));
  EXPECT_EQ(status, PRIOQ_E_CLOSED);
}

TEST(QueueClose, BlockingPopDrainsRemainingItemsThenReturnsClosedWithoutWaiting) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int queued = 0;
  ASSERT_EQ(prioq_push(queue.get(), &queued, PRIOQ_PRIORITY_MEDIUM), PRIOQ_OK);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);

  void *item = nullptr;
  ASSERT_EQ(prioq_pop(queue.get(), PRIOQ_INFINITE, &item, nullptr), PRIOQ_OK);
  EXPECT_EQ(item, &queued);
  EXPECT_EQ(prioq_pop(queue.get(), PRIOQ_INFINITE, &item, nullptr), PRIOQ_E_CLOSED);
}

TEST(QueueClose, BatchPopOnClosedEmptyQueueReturnsClosed) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  prioq_item items[2] = {};
  size_t count = 0;
  EXPECT_EQ(prioq_pop_batch(queue.get(), items, 2, PRIOQ_INFINITE, &count), PRIOQ_E_CLOSED);
}

TEST(QueueClose, CloseIsIdempotent) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  EXPECT_EQ(prioq_close(queue.get()), PRIOQ_OK);
}

TEST(QueueClose, IsClosedReportsZeroBeforeAndOneAfterClose) {
  auto queue = create_queue();
  ASSERT_TRUE(queue);
  int32_t before = -1, after = -1;
  ASSERT_EQ(prioq_is_closed(queue.get(), &before), PRIOQ_OK);
  ASSERT_EQ(prioq_close(queue.get()), PRIOQ_OK);
  ASSERT_EQ(prioq_is_closed(queue.get(), &after), PRIOQ_OK);
  EXPECT_EQ(before, 0);
  EXPECT_EQ(after, 1);
}

TEST(QueueClose, DestroyingAQueueThatStillHoldsItemsSucceeds) {
  prioq_queue *queue = nullptr;
  ASSERT_EQ(prioq_create(nullptr, &queue), PRIOQ_OK);
  int item = 0;
  for (int i = 0; i < 100; ++i) ASSERT_EQ(prioq_push(queue, &item, i % 3), PRIOQ_OK);
  // The items belong to the caller; the queue only drops its references.
  EXPECT_EQ(prioq_destroy(queue), PRIOQ_OK);
}

}  // namespace
