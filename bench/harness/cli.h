// bench's command line.
#ifndef TPOOL_BENCH_HARNESS_CLI_H
#define TPOOL_BENCH_HARNESS_CLI_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validation.h"

namespace bench {

struct cli_options {
  std::string filter;  // ECMAScript regex matched against "<pool>/<scenario id>"
  // ECMAScript regex matched against comparison cell ids: run only those
  // cells (no reference, extended or probe suites). For A/B work; such a run
  // is never publishable (the publisher's gates refuse it).
  std::string cells;
  uint32_t warmups = 2;
  uint32_t repeats = 7;
  uint32_t peer_warmups = 0;
  uint32_t peer_repeats = 3;
  bool quick = false;
  bool reference_only = false;  // no peers, sweep, inline rate or probes
  bool skip_probes = false;
  std::vector<std::string> peers;  // empty: every available peer
  std::string out_dir;             // empty: artifacts/benchmark/results/<platform>
  bool stable = false;
  std::optional<uint64_t> affinity;
  std::optional<std::string> process_priority;
  std::vector<std::string> compare;  // two benchmarks.json paths
  std::string source_root = ".";
  injected_fault fault = injected_fault::none;
  bool list = false;
  double target_ms = 0;  // comparison suite: ms per repetition; 0 = the default
};

// Parses argv. Returns -1 to continue, otherwise the exit code to return
// (help printed, or an error already reported on stderr).
int parse_cli(int argc, char **argv, cli_options *options);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_CLI_H
