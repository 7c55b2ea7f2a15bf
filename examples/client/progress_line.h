// The live progress line: rewritten in place on a terminal, printed at each
// quarter otherwise (ctest and pipes keep a short log).
#ifndef TPOOL_EXAMPLES_CLIENT_PROGRESS_LINE_H
#define TPOOL_EXAMPLES_CLIENT_PROGRESS_LINE_H

#include <tpool/tpool.h>

namespace client_example {

class progress_line {
 public:
  explicit progress_line(int total_jobs);
  // Prints the current state from a stats snapshot. Main thread only.
  void update(const tpool_stats &stats);
  // Ends the line. Main thread only.
  void finish(const tpool_stats &stats);

 private:
  void print(const tpool_stats &stats, bool final_line);
  int total_jobs_;
  bool interactive_;
  int last_quarter_ = -1;
};

}  // namespace client_example

#endif  // TPOOL_EXAMPLES_CLIENT_PROGRESS_LINE_H
