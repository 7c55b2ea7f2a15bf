// Ring memory kept for reuse after its queue is destroyed, per process.
//
// Why: a queue's rings are its largest allocations (a backlog of 50,000
// jobs is megabytes of cells), so the C runtime usually hands them out as
// fresh pages from the operating system (Windows heaps map large blocks
// directly, and so does glibc above its mmap threshold) and gives them back
// on free. Every page of a fresh block faults on the first write, inside a
// push: about 10 us per 4 KiB page on the development VM, natively and
// under Wine. A program that creates queues (or pools) one after another
// paid those faults again for every queue; zeroing reused memory costs
// about 0.2 us per page.
//
// What it keeps: blocks for a later ring of exactly their size (sizes are
// a power of two times a cell stride, so few sizes recur), at most
// kMaxBlocks of them and kMaxBytes in all, the largest first: a block that
// does not fit is freed at once, or smaller kept blocks are freed to make
// room for it. Blocks still held are freed when the process exits or the
// DLL is unloaded.
//
// Thread-safety: every function may be called from any thread; a short
// lock guards the table (rings are made and destroyed rarely: on growth
// and with their queue).
#ifndef TPOOL_SRC_PRIOQ_RING_CACHE_H
#define TPOOL_SRC_PRIOQ_RING_CACHE_H

#include <cstddef>

namespace prioq_impl {
namespace ring_cache {

// At most this many bytes and blocks are kept.
constexpr size_t kMaxBytes = size_t{32} << 20;
constexpr size_t kMaxBlocks = 64;

// bytes of zeroed memory, from a kept block of exactly that size if there
// is one, else from calloc. Null if allocation failed. The caller owns the
// block and gives it back with give_back(block, bytes).
unsigned char *take_zeroed(size_t bytes);
// Keeps block (bytes long, from take_zeroed) for a later take_zeroed if
// there is room, else frees it. Null is ignored.
void give_back(unsigned char *block, size_t bytes);

// What is kept now (for tests: the white-box tests/prioq/ring_cache_test.cpp).
struct holdings {
  size_t blocks;
  size_t bytes;
};
holdings held();

}  // namespace ring_cache
}  // namespace prioq_impl

#endif  // TPOOL_SRC_PRIOQ_RING_CACHE_H
