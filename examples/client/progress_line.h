// The live progress line: rewritten in place on a terminal, printed at each
// quarter otherwise (ctest and pipes keep a short log).
#ifndef TPOOL_EXAMPLES_CLIENT_PROGRESS_LINE_H
#define TPOOL_EXAMPLES_CLIENT_PROGRESS_LINE_H

#include <tpool/tpool.h>

namespace client_example {

class progress_line {
 public:
  explicit progress_line(int total_jobs);
  // Prints the current state: finished of the planned jobs, queues and
  // workers from a stats snapshot (whose counters also hold the status job's
  // own instances). One thread at a time (the status job's instances, which
  // never overlap; then the main thread).
  void update(const tpool_stats &stats, uint64_t finished);
  // Ends the line. Same rule.
  void finish(const tpool_stats &stats, uint64_t finished);

 private:
  void print(const tpool_stats &stats, uint64_t finished, bool final_line);
  int total_jobs_;
  bool interactive_;
  int last_quarter_ = -1;
};

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_PROGRESS_LINE_H
