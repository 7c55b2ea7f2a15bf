#include "progress_line.h"

#include <cstdio>

#ifdef _WIN32
#include <io.h>
#define CLIENT_ISATTY _isatty
#define CLIENT_FILENO _fileno
#else
#include <unistd.h>
#define CLIENT_ISATTY isatty
#define CLIENT_FILENO fileno
#endif

namespace client_example {

progress_line::progress_line(int total_jobs)
    : total_jobs_(total_jobs), interactive_(CLIENT_ISATTY(CLIENT_FILENO(stdout)) != 0) {}

void progress_line::update(const tpool_stats &stats, uint64_t finished) {
  if (interactive_) {
    print(stats, finished, false);
    return;
  }
  const int quarter =
      total_jobs_ > 0 ? static_cast<int>(finished * 4 / static_cast<uint64_t>(total_jobs_)) : 4;
  if (quarter != last_quarter_) {
    last_quarter_ = quarter;
    print(stats, finished, true);
  }
}

void progress_line::finish(const tpool_stats &stats, uint64_t finished) {
  // Off a terminal the last quarter's line already said "all done".
  if (interactive_ || last_quarter_ != 4) print(stats, finished, true);
}

void progress_line::print(const tpool_stats &stats, uint64_t finished, bool final_line) {
  uint64_t queued = 0;
  for (const tpool_priority_stats &p : stats.priority) queued += p.queued;
  // The snapshot is not one instant: idle may briefly exceed live.
  const unsigned busy =
      stats.workers_live > stats.workers_idle ? stats.workers_live - stats.workers_idle : 0u;
  std::printf("%s[progress] %3llu/%d done | queued H%llu M%llu L%llu (%llu) | workers busy %u/%u%s",
              interactive_ ? "\r" : "", static_cast<unsigned long long>(finished), total_jobs_,
              static_cast<unsigned long long>(stats.priority[TPOOL_PRIORITY_HIGH].queued),
              static_cast<unsigned long long>(stats.priority[TPOOL_PRIORITY_MEDIUM].queued),
              static_cast<unsigned long long>(stats.priority[TPOOL_PRIORITY_LOW].queued),
              static_cast<unsigned long long>(queued), busy, stats.workers_live,
              final_line ? "\n" : "   ");
  std::fflush(stdout);
}

}  // namespace client_example
