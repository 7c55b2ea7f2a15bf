#include "timer_heap.h"

#include <algorithm>
#include <new>

#include "fault_injection.h"

namespace tpool_impl {

timer_heap::~timer_heap() {
  delete[] nodes_;
}

bool timer_heap::reserve(size_t count) {
  if (count <= capacity_) return true;
  size_t capacity = capacity_ < 16 ? 16 : capacity_ * 2;
  while (capacity < count) capacity *= 2;
  if (platform::fault::should_fail(platform::fault::point::allocation)) return false;
  timer_heap_node **nodes = new (std::nothrow) timer_heap_node *[capacity];
  if (nodes == nullptr) return false;
  std::copy(nodes_, nodes_ + size_, nodes);
  delete[] nodes_;
  nodes_ = nodes;
  capacity_ = capacity;
  return true;
}

void timer_heap::push(timer_heap_node *node) {
  place(size_, node);
  ++size_;
  sift_up(size_ - 1);
}

timer_heap_node *timer_heap::pop() {
  timer_heap_node *first = nodes_[0];
  remove(first);
  return first;
}

void timer_heap::remove(timer_heap_node *node) {
  const size_t index = node->heap_index;
  node->heap_index = timer_heap_node::kNotInHeap;
  --size_;
  if (index == size_) return;
  place(index, nodes_[size_]);
  update(nodes_[index]);
}

void timer_heap::update(timer_heap_node *node) {
  const size_t index = node->heap_index;
  if (index > 0 && earlier(node, nodes_[(index - 1) / 2])) {
    sift_up(index);
  } else {
    sift_down(index);
  }
}

void timer_heap::sift_up(size_t index) {
  timer_heap_node *node = nodes_[index];
  while (index > 0) {
    const size_t parent = (index - 1) / 2;
    if (!earlier(node, nodes_[parent])) break;
    place(index, nodes_[parent]);
    index = parent;
  }
  place(index, node);
}

void timer_heap::sift_down(size_t index) {
  timer_heap_node *node = nodes_[index];
  for (;;) {
    const size_t left = 2 * index + 1;
    if (left >= size_) break;
    const size_t right = left + 1;
    const size_t child = right < size_ && earlier(nodes_[right], nodes_[left]) ? right : left;
    if (!earlier(nodes_[child], node)) break;
    place(index, nodes_[child]);
    index = child;
  }
  place(index, node);
}

}  // namespace tpool_impl
