#include "progress.h"

#include <cstdio>

namespace bench {

progress::progress(uint64_t total_steps)
    : total_(total_steps), start_(std::chrono::steady_clock::now()) {}

double progress::elapsed_s() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void progress::step(size_t scenario_index, size_t scenario_count, const std::string &name,
                    uint32_t repetition, uint32_t repetitions, bool warmup) {
  const double elapsed = elapsed_s();
  char eta[32] = "?";
  if (done_ > 0) {
    const double left = elapsed / static_cast<double>(done_) * static_cast<double>(total_ - done_);
    std::snprintf(eta, sizeof(eta), "%dm%02ds", static_cast<int>(left) / 60,
                  static_cast<int>(left) % 60);
  }
  std::fprintf(stderr, "[bench] scenario %zu/%zu %s %s %u/%u (step %llu/%llu) ETA %s\n",
               scenario_index + 1, scenario_count, name.c_str(), warmup ? "warm-up" : "rep",
               repetition, repetitions, static_cast<unsigned long long>(done_ + 1),
               static_cast<unsigned long long>(total_), eta);
  ++done_;
}

}  // namespace bench
