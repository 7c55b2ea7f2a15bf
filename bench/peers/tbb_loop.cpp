#include "tbb_loop.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

namespace bench {
namespace {

// The arena has `workers` slots and the calling thread takes one of them,
// as a TBB user's thread does: `workers` threads in all run the loop, the
// same count as the other runners' pools.
class tbb_loop final : public loop_runner {
 public:
  explicit tbb_loop(uint32_t workers)
      : parallelism_(tbb::global_control::max_allowed_parallelism, workers),
        arena_(static_cast<int>(workers)) {}
  const char *name() const override { return "tbb"; }
  bool run(uint64_t count, loop_body body, void *context) override {
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<uint64_t>(0, count),
                        [&](const tbb::blocked_range<uint64_t> &range) {
                          body(context, range.begin(), range.end());
                        });
    });
    return true;
  }

 private:
  tbb::global_control parallelism_;
  tbb::task_arena arena_;
};

}  // namespace

std::unique_ptr<loop_runner> make_tbb_loop(uint32_t workers, std::string * /*error*/) {
  return std::make_unique<tbb_loop>(workers);
}

}  // namespace bench
