// Test helpers shared by the prioq tests: a queue owner that destroys the
// queue at scope exit (so a failed assertion leaks nothing under ASan), and
// config builders.
#ifndef TPOOL_TESTS_PRIOQ_QUEUE_HANDLE_H
#define TPOOL_TESTS_PRIOQ_QUEUE_HANDLE_H

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <ostream>

#include "prioq/prioq.h"

namespace prioq_test {

struct queue_destroyer {
  void operator()(prioq_queue *queue) const { prioq_destroy(queue); }
};
using queue_handle = std::unique_ptr<prioq_queue, queue_destroyer>;

// Creates a queue; on failure records a test failure and returns null, so
// callers write `auto queue = create_queue(); ASSERT_TRUE(queue);`.
inline queue_handle create_queue(const prioq_config *config = nullptr) {
  prioq_queue *queue = nullptr;
  const prioq_status status = prioq_create(config, &queue);
  EXPECT_EQ(status, PRIOQ_OK) << prioq_status_string(status);
  return queue_handle(status == PRIOQ_OK ? queue : nullptr);
}

inline prioq_config default_config() {
  prioq_config config;
  prioq_config_init(&config);
  return config;
}

inline prioq_config config_with_capacity(size_t capacity) {
  prioq_config config = default_config();
  config.capacity = capacity;
  return config;
}

inline prioq_config config_with_aging(uint32_t threshold_ms) {
  prioq_config config = default_config();
  config.aging_threshold_ms = threshold_ms;
  return config;
}

// One popped item as the tests compare it.
struct popped_item {
  void *value;
  int32_t priority;
  bool operator==(const popped_item &other) const {
    return value == other.value && priority == other.priority;
  }
};

inline std::ostream &operator<<(std::ostream &out, const popped_item &item) {
  return out << "{" << item.value << ", priority " << item.priority << "}";
}

}  // namespace prioq_test

#endif  // TPOOL_TESTS_PRIOQ_QUEUE_HANDLE_H
