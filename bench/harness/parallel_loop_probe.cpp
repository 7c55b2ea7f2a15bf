// Parallel loops (extra.parallel_loop): tpool_parallel_for beside oneTBB's
// parallel_for (native builds), a naive split into one tpool job per worker,
// and the same loop inline, over two workloads:
//  - small:  1,000,000 indices of the minimal workload (compute_checksum
//            with 0 iterations: a call and a few operations per index), where
//            chunking and claiming cost shows;
//  - i2048:  1,000 indices of the 2,048-iteration workload, where the split
//            of work among threads shows.
// Every repetition times run() alone; before it, the output array is set to
// values no index may end with, and after it every index must hold its
// checksum and the chunks must have covered exactly the range once (the sum
// of chunk lengths equals the count). Runners take turns within each
// repetition so that they share the machine's phases. Efficiency =
// inline time / (time x min(workers, logical cores)).
#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "bench_os.h"
#include "loop_runner.h"
#include "probes.h"
#include "stats.h"
#include "workload.h"

namespace bench {
namespace {

struct loop_workload {
  const char *name;
  uint64_t count;
  uint32_t iterations;
};

struct loop_state {
  uint32_t iterations = 0;
  std::vector<uint64_t> out;
  std::atomic<uint64_t> visited{0};
};

void body(void *context, uint64_t begin, uint64_t end) {
  auto *state = static_cast<loop_state *>(context);
  for (uint64_t i = begin; i < end; ++i) {
    state->out[static_cast<size_t>(i)] = compute_checksum(i, state->iterations);
  }
  state->visited.fetch_add(end - begin, std::memory_order_relaxed);
}

}  // namespace

bool run_parallel_loop_probe(const probe_options &options, run_report *report,
                             std::string *failure) {
  const uint32_t workers = os::logical_cpu_count();
  const loop_workload workloads[] = {
      {"small", options.quick ? 20000u : 1000000u, 0},
      {"i2048", options.quick ? 100u : 1000u, 2048},
  };
  const uint32_t warmups = options.quick ? 1 : 2;
  const uint32_t repetitions = options.quick ? 2 : 9;

  std::vector<std::unique_ptr<loop_runner>> runners;
  for (const std::string &name : available_loop_runners()) {
    std::string error;
    std::unique_ptr<loop_runner> runner = make_loop_runner(name, workers, &error);
    if (!runner) {
      *failure = "parallel-loop probe: " + error;
      return false;
    }
    runners.push_back(std::move(runner));
  }

  nlohmann::json rows = nlohmann::json::array();
  const double frequency = static_cast<double>(os::tick_frequency());
  for (const loop_workload &workload : workloads) {
    loop_state state;
    state.iterations = workload.iterations;
    std::vector<uint64_t> expected(static_cast<size_t>(workload.count));
    for (uint64_t i = 0; i < workload.count; ++i) {
      expected[static_cast<size_t>(i)] = compute_checksum(i, workload.iterations);
    }
    state.out.resize(expected.size());
    std::vector<std::vector<double>> ms(runners.size());
    for (uint32_t rep = 0; rep < warmups + repetitions; ++rep) {
      for (size_t turn = 0; turn < runners.size(); ++turn) {
        const size_t r = (turn + rep) % runners.size();
        for (size_t i = 0; i < expected.size(); ++i) state.out[i] = ~expected[i];
        state.visited.store(0, std::memory_order_relaxed);
        const uint64_t start = os::ticks();
        const bool ran = runners[r]->run(workload.count, &body, &state);
        const uint64_t ticks = os::ticks() - start;
        bool valid = ran && state.visited.load() == workload.count;
        for (size_t i = 0; valid && i < expected.size(); ++i) valid = state.out[i] == expected[i];
        if (options.fault == injected_fault::wrong_checksum) valid = false;
        if (!valid) {
          *failure = std::string("parallel-loop probe: ") + runners[r]->name() + " on " +
                     workload.name + ": an index was missed, repeated or wrong";
          return false;
        }
        if (rep >= warmups) ms[r].push_back(static_cast<double>(ticks) * 1000.0 / frequency);
      }
    }
    std::vector<summary> summaries;
    double inline_ms = 0;
    double tbb_ms = 0;
    for (size_t r = 0; r < runners.size(); ++r) {
      summaries.push_back(summarize(ms[r]));
      const std::string name = runners[r]->name();
      if (name == "inline") inline_ms = summaries.back().median;
      if (name == "tbb") tbb_ms = summaries.back().median;
    }
    const double usable = static_cast<double>(std::min(workers, os::logical_cpu_count()));
    for (size_t r = 0; r < runners.size(); ++r) {
      const summary &s = summaries[r];
      const std::string name = runners[r]->name();
      nlohmann::json row{
          {"pool", name},
          {"workload", workload.name},
          {"indices", workload.count},
          {"iterations", workload.iterations},
          {"workers", name == "inline" ? 1u : workers},
          {"repetitions", repetitions},
          {"ms", {{"min", finite(s.min)}, {"median", finite(s.median)}, {"max", finite(s.max)}}}};
      row["efficiency"] = name == "inline" || s.median <= 0
                              ? nlohmann::json(nullptr)
                              : nlohmann::json(finite(inline_ms / (s.median * usable)));
      row["ratio_to_tbb"] = tbb_ms <= 0 || s.median <= 0 || name == "tbb" || name == "inline"
                                ? nlohmann::json(nullptr)
                                : nlohmann::json(finite(tbb_ms / s.median));
      rows.push_back(row);
    }
  }
  report->extra["parallel_loop"] = rows;
  return true;
}

}  // namespace bench
