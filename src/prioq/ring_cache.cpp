#include "ring_cache.h"

#include <cstdlib>
#include <cstring>

#include "thread_annotations.h"
#include "word_lock.h"

namespace prioq_impl {
namespace ring_cache {
namespace {

// Trivially destructible and constant-initialized, so it is usable before
// any constructor runs and after every destructor ran: a queue destroyed
// during static destruction (or from another DLL's) still finds it. What
// it holds is freed by the releaser below, after which it keeps nothing.
class table {
 public:
  unsigned char *take(size_t bytes) {
    tpsync::lock_guard guard(lock_);
    for (size_t i = 0; i < count_; ++i) {
      if (blocks_[i].bytes == bytes) {
        unsigned char *found = blocks_[i].memory;
        held_bytes_ -= bytes;
        blocks_[i] = blocks_[--count_];
        return found;
      }
    }
    return nullptr;
  }
  // False if the block does not fit (the caller frees it). Smaller blocks
  // make room for a larger one: a queue gives its rings back smallest first
  // (each ring is twice the one before), and the large ones are those whose
  // pages cost the most faults.
  bool keep(unsigned char *memory, size_t bytes) {
    if (bytes > kMaxBytes) return false;
    tpsync::lock_guard guard(lock_);
    if (closed_) return false;
    while (count_ == kMaxBlocks || bytes > kMaxBytes - held_bytes_) {
      size_t smallest = 0;
      for (size_t i = 1; i < count_; ++i) {
        if (blocks_[i].bytes < blocks_[smallest].bytes) smallest = i;
      }
      if (blocks_[smallest].bytes >= bytes) return false;
      std::free(blocks_[smallest].memory);
      held_bytes_ -= blocks_[smallest].bytes;
      blocks_[smallest] = blocks_[--count_];
    }
    blocks_[count_++] = {memory, bytes};
    held_bytes_ += bytes;
    return true;
  }
  holdings held() {
    tpsync::lock_guard guard(lock_);
    return {count_, held_bytes_};
  }
  // Frees everything and keeps nothing from now on. At process exit other
  // threads may have been stopped anywhere (Windows terminates them before
  // DLLs detach), one of them perhaps holding the lock: then the blocks are
  // left to the exiting process instead of waiting for it forever.
  void close() {
    if (!lock_.try_lock()) return;
    closed_ = true;
    while (count_ != 0) std::free(blocks_[--count_].memory);
    held_bytes_ = 0;
    lock_.unlock();
  }

 private:
  struct block {
    unsigned char *memory;
    size_t bytes;
  };
  tpsync::word_lock lock_;
  block blocks_[kMaxBlocks] GUARDED_BY(lock_) = {};
  size_t count_ GUARDED_BY(lock_) = 0;
  size_t held_bytes_ GUARDED_BY(lock_) = 0;
  bool closed_ GUARDED_BY(lock_) = false;
};

table cache;

// Runs at process exit or DLL unload (static destruction), after which
// blocks given back are freed at once.
struct releaser {
  releaser() = default;
  releaser(const releaser &) = delete;
  releaser &operator=(const releaser &) = delete;
  ~releaser() { cache.close(); }
} release_at_exit;

}  // namespace

unsigned char *take_zeroed(size_t bytes) {
  if (unsigned char *kept = cache.take(bytes)) {
    // A ring's all-zero cells are its initial state (ring.h).
    std::memset(kept, 0, bytes);
    return kept;
  }
  // calloc: a fresh large block maps zero pages on demand instead of
  // writing every byte up front.
  return static_cast<unsigned char *>(std::calloc(bytes, 1));
}

void give_back(unsigned char *block, size_t bytes) {
  if (block == nullptr) return;
  if (!cache.keep(block, bytes)) std::free(block);
}

holdings held() {
  return cache.held();
}

}  // namespace ring_cache
}  // namespace prioq_impl
