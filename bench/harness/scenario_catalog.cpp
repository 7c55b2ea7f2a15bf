#include "scenario_catalog.h"

#include <algorithm>

namespace bench {
namespace {

constexpr priority_mix kMixes[] = {priority_mix::uniform, priority_mix::high90,
                                   priority_mix::low90};
constexpr uint32_t kReferenceWorkers[] = {1, 4, 8};
constexpr uint32_t kIterations[] = {0, 2048};

std::string throughput_id(uint32_t workers, uint32_t iterations, priority_mix mix) {
  return "throughput/w" + std::to_string(workers) + "/i" + std::to_string(iterations) + "/" +
         mix_name(mix);
}

// The 21 pool scenarios shared by tpool and its peers, in the order that
// rotates worker counts between consecutive scenarios.
std::vector<scenario> pool_scenarios(const catalog_options &options, const std::string &pool) {
  const uint64_t throughput_tasks = options.quick ? 600 : 12000;
  const uint64_t producer_tasks = options.quick ? 2400 : 48000;
  std::vector<scenario> list;
  for (priority_mix mix : kMixes) {
    for (uint32_t iterations : kIterations) {
      for (uint32_t workers : kReferenceWorkers) {
        scenario s;
        s.id = throughput_id(workers, iterations, mix);
        s.kind = scenario_kind::throughput;
        s.pool = pool;
        s.workers = workers;
        s.producers = 1;
        s.iterations = iterations;
        s.mix = mix;
        s.tasks = throughput_tasks;
        list.push_back(s);
      }
    }
  }
  for (priority_mix mix : kMixes) {
    scenario s;
    s.id = std::string("producers16/w8/i2048/") + mix_name(mix);
    s.kind = scenario_kind::many_producers;
    s.pool = pool;
    s.workers = 8;
    s.producers = 16;
    s.iterations = 2048;
    s.mix = mix;
    s.tasks = producer_tasks;
    list.push_back(s);
  }
  return list;
}

}  // namespace

size_t reference_scenario_count() {
  return 26;
}

std::vector<scenario> build_catalog(const catalog_options &options) {
  const uint32_t warmups = options.quick ? 1 : options.warmups;
  const uint32_t repetitions = options.quick ? 2 : options.repetitions;
  const uint32_t peer_warmups = options.quick ? 1 : options.peer_warmups;
  const uint32_t peer_repetitions = options.quick ? 2 : options.peer_repetitions;

  std::vector<scenario> catalog;
  for (scenario s : pool_scenarios(options, "tpool")) {
    s.suite = "reference";
    s.warmups = warmups;
    s.repetitions = repetitions;
    catalog.push_back(s);
  }
  for (uint32_t iterations : kIterations) {
    scenario s;
    s.id = "threads/serial/i" + std::to_string(iterations);
    s.suite = "reference";
    s.kind = scenario_kind::serial_threads;
    s.pool = "thread_per_task";
    s.iterations = iterations;
    s.tasks = options.quick ? 16 : 256;
    s.warmups = warmups;
    s.repetitions = repetitions;
    catalog.push_back(s);
  }
  for (uint32_t workers : kReferenceWorkers) {
    scenario s;
    s.id = "lifecycle/w" + std::to_string(workers);
    s.suite = "reference";
    s.kind = scenario_kind::lifecycle;
    s.pool = "tpool";
    s.workers = workers;
    s.warmups = warmups;
    s.repetitions = repetitions;
    catalog.push_back(s);
  }
  if (!options.extended) return catalog;

  for (uint32_t iterations : kIterations) {
    scenario s;
    s.id = "inline/i" + std::to_string(iterations);
    s.suite = "extended";
    s.kind = scenario_kind::inline_rate;
    s.pool = "inline";
    s.workers = 1;
    s.iterations = iterations;
    s.mix = priority_mix::uniform;
    s.tasks = options.quick ? 600 : 12000;
    s.warmups = warmups;
    s.repetitions = repetitions;
    catalog.push_back(s);
  }
  for (const std::string &peer : options.peers) {
    if (peer == "tpool") continue;
    for (scenario s : pool_scenarios(options, peer)) {
      // One OS thread per task: only the two uniform 4-worker scenarios.
      if (peer == "thread_per_task" && !(s.kind == scenario_kind::throughput && s.workers == 4 &&
                                         s.mix == priority_mix::uniform)) {
        continue;
      }
      s.suite = "extended";
      s.warmups = peer_warmups;
      s.repetitions = peer_repetitions;
      catalog.push_back(s);
    }
  }
  // Scaling sweep: worker counts 1..2 x cores not already in the suite, for
  // tpool (and the baseline pool at powers of two), minimal and
  // compute-bound callbacks.
  const uint32_t sweep_top = std::max<uint32_t>(2, 2 * options.logical_cores);
  for (uint32_t workers = 1; workers <= sweep_top; ++workers) {
    const bool in_suite = workers == 1 || workers == 4 || workers == 8;
    for (uint32_t iterations : kIterations) {
      for (const char *pool : {"tpool", "baseline"}) {
        const bool peer_wanted =
            std::string(pool) == "tpool" ||
            std::find(options.peers.begin(), options.peers.end(), pool) != options.peers.end();
        // Worker counts of the suite are already covered by the rows above.
        // The baseline pool only adds powers of two (the 1/2/4/8 series):
        // under Wine each of its runs costs about a second.
        const bool power_of_two = (workers & (workers - 1)) == 0;
        if (in_suite || !peer_wanted || (std::string(pool) != "tpool" && !power_of_two)) continue;
        scenario s;
        s.id = throughput_id(workers, iterations, priority_mix::uniform);
        s.suite = "extended";
        s.kind = scenario_kind::throughput;
        s.pool = pool;
        s.workers = workers;
        s.producers = 1;
        s.iterations = iterations;
        s.mix = priority_mix::uniform;
        s.tasks = options.quick ? 600 : 12000;
        s.warmups = peer_warmups;
        s.repetitions = peer_repetitions;
        catalog.push_back(s);
      }
    }
  }
  return catalog;
}

}  // namespace bench
