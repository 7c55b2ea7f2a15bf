// The timer service's schedule: a binary min-heap of armed timers ordered by
// (due_ns, sequence). sequence is handed out per scheduling, so timers due
// at the same instant fire in the order they were armed. Each node knows its
// index, so cancelling or moving a timer is O(log n), not a search.
//
// Not thread-safe: the timer service's lock guards it. Storage is reserved
// ahead (reserve) for every timer the service holds, so push never
// allocates.
#ifndef TPOOL_SRC_TPOOL_TRIGGERS_TIMER_HEAP_H
#define TPOOL_SRC_TPOOL_TRIGGERS_TIMER_HEAP_H

#include <cstddef>
#include <cstdint>

namespace tpool_impl {

struct timer_heap_node {
  static constexpr size_t kNotInHeap = SIZE_MAX;
  uint64_t due_ns = 0;
  uint64_t sequence = 0;
  size_t heap_index = kNotInHeap;
  bool in_heap() const { return heap_index != kNotInHeap; }
};

class timer_heap {
 public:
  timer_heap() = default;
  timer_heap(const timer_heap &) = delete;
  timer_heap &operator=(const timer_heap &) = delete;
  ~timer_heap();

  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  timer_heap_node *top() const { return size_ == 0 ? nullptr : nodes_[0]; }

  // Makes room for count nodes. False (nothing changed) if allocation
  // failed, real or injected (fault_injection.h, allocation point).
  bool reserve(size_t count);
  // The node must not be in the heap; room must have been reserved.
  void push(timer_heap_node *node);
  // Removes and returns the earliest node.
  timer_heap_node *pop();
  // The node must be in the heap.
  void remove(timer_heap_node *node);
  // Restores the order after node's key changed (node in the heap).
  void update(timer_heap_node *node);

 private:
  static bool earlier(const timer_heap_node *a, const timer_heap_node *b) {
    return a->due_ns != b->due_ns ? a->due_ns < b->due_ns : a->sequence < b->sequence;
  }
  void place(size_t index, timer_heap_node *node) {
    nodes_[index] = node;
    node->heap_index = index;
  }
  void sift_up(size_t index);
  void sift_down(size_t index);

  timer_heap_node **nodes_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace tpool_impl

#endif  // TPOOL_SRC_TPOOL_TRIGGERS_TIMER_HEAP_H
