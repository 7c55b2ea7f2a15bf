// White-box tests of a sub-queue (src/prioq/sub_queue.h): one push as its
// producer makes it, for sub-queues configured with one-word items.
// Thread-safety: as sub_queue's producer side, one pushing thread at a time.
#ifndef TPOOL_TESTS_PRIOQ_SUB_QUEUE_PUSH_H
#define TPOOL_TESTS_PRIOQ_SUB_QUEUE_PUSH_H

#include <gtest/gtest.h>

#include <cstdint>

#include "sub_queue.h"

// Pushes the one-word item value into target: make room, write, commit,
// publish. Fails the calling test if room or the commit is refused.
inline void push_word(prioq_impl::sub_queue *target, uintptr_t value) {
  ASSERT_TRUE(target->make_room(1));
  const uint64_t pos = target->next_position();
  target->write(pos, &value, 0);  // sub-queues hold item bytes: here one word
  ASSERT_TRUE(target->commit(1));
  target->publish(pos, 1);
}

#endif  // TPOOL_TESTS_PRIOQ_SUB_QUEUE_PUSH_H
