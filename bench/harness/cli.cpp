#include "cli.h"

#include <CLI/CLI.hpp>
#include <cstdlib>

namespace bench {

int parse_cli(int argc, char **argv, cli_options *options) {
  CLI::App app{"tpool bench: validated, clock-timed benchmark of tpool and its peers"};
  app.add_option("--filter", options->filter,
                 "Only scenarios whose '<pool>/<id>' matches this regular expression");
  app.add_option("--cells", options->cells,
                 "Only the comparison cells whose id matches this regular expression, and "
                 "nothing else (for A/B runs; not publishable)");
  app.add_option("--warmups", options->warmups, "Discarded, validated warm-ups (reference suite)")
      ->check(CLI::Range(0, 100));
  app.add_option("--repeats", options->repeats, "Measured repetitions (reference suite)")
      ->check(CLI::Range(1, 1000));
  app.add_option("--peer-warmups", options->peer_warmups,
                 "Warm-ups for extended scenarios (default 0: the reference suite's warm-ups in "
                 "the same round already warmed the process)")
      ->check(CLI::Range(0, 100));
  app.add_option("--peer-repeats", options->peer_repeats,
                 "Measured repetitions for extended scenarios")
      ->check(CLI::Range(1, 1000));
  app.add_flag("--quick", options->quick,
               "Smoke run: tiny task counts, 1 warm-up, 2 repetitions, everything validated");
  app.add_flag("--reference-only", options->reference_only, "Only the 26-scenario reference suite");
  app.add_flag("--no-probes", options->skip_probes,
               "Skip latency, starvation, cancellation and growth probes");
  app.add_option("--target-ms", options->target_ms,
                 "Comparison suite: calibrated length of one repetition in ms (default 150; "
                 "2 with --quick)")
      ->check(CLI::PositiveNumber);
  app.add_option("--peers", options->peers, "Peers to compare (default: all built in)")
      ->delimiter(',');
  app.add_option("--out", options->out_dir,
                 "Output folder (default artifacts/benchmark/results/<platform>)");
  app.add_flag("--stable", options->stable,
               "High process priority, pinned affinity, highest main-thread priority");
  std::string affinity_text;
  app.add_option("--affinity", affinity_text, "Process affinity mask, e.g. 0x3");
  std::string priority_text;
  app.add_option("--process-priority", priority_text, "normal | high")
      ->check(CLI::IsMember({"normal", "high"}));
  app.add_option("--compare", options->compare,
                 "Compare two benchmarks.json files (A then B) and exit")
      ->expected(2);
  app.add_option("--source-root", options->source_root,
                 "Repository root for the source manifest (default: current folder)");
  std::string fault_text;
  app.add_option("--inject-fault", fault_text,
                 "TEST ONLY: make validation fail (wrong-checksum) to prove the gate works")
      ->check(CLI::IsMember({"wrong-checksum"}));
  app.add_flag("--list", options->list, "List the scenarios that would run and exit");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &error) {
    const int code = app.exit(error);
    return code == 0 ? 0 : 2;
  }
  if (!affinity_text.empty()) {
    char *end = nullptr;
    const unsigned long long mask = std::strtoull(affinity_text.c_str(), &end, 0);
    if (end == affinity_text.c_str() || *end != '\0' || mask == 0) {
      std::fprintf(stderr, "bench: --affinity needs a non-zero mask such as 0x3\n");
      return 2;
    }
    options->affinity = mask;
  }
  if (!priority_text.empty()) options->process_priority = priority_text;
  if (fault_text == "wrong-checksum") options->fault = injected_fault::wrong_checksum;
  return -1;
}

}  // namespace bench
