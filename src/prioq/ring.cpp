#include "ring.h"

#include <new>

#include "fault_injection.h"
#include "ring_cache.h"

namespace prioq_impl {

ring *ring::create(uint64_t capacity, uint32_t item_words, bool timed, uint64_t first_position) {
  if (platform::fault::should_fail(platform::fault::point::allocation)) return nullptr;
  if (capacity == 0 || (capacity & (capacity - 1)) != 0) return nullptr;
  if (item_words == 0 || item_words > kMaxItemWords) return nullptr;
  const size_t stride = stride_for(item_words, timed);
  if (capacity > SIZE_MAX / stride) return nullptr;
  // Zeroed memory is an initialized ring (ring::seq_of).
  const size_t bytes = cells_bytes(capacity, stride);
  unsigned char *cells = ring_cache::take_zeroed(bytes);
  if (cells == nullptr) return nullptr;
  ring *created = new (std::nothrow) ring(cells, capacity, item_words, timed, first_position);
  if (created == nullptr) ring_cache::give_back(cells, bytes);
  return created;
}

void ring::destroy(ring *victim) {
  if (victim == nullptr) return;
  ring_cache::give_back(victim->cells_, cells_bytes(victim->capacity(), victim->stride_));
  delete victim;
}

}  // namespace prioq_impl
