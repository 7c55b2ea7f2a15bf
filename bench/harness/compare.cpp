#include "compare.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "stats.h"

namespace bench {
namespace {

using json = nlohmann::json;

bool load(const std::string &path, json *document) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "bench: cannot read %s\n", path.c_str());
    return false;
  }
  try {
    in >> *document;
  } catch (const std::exception &error) {
    std::fprintf(stderr, "bench: %s is not JSON: %s\n", path.c_str(), error.what());
    return false;
  }
  if (!document->contains("scenarios") || document->value("schema", "") != "tpool-bench") {
    std::fprintf(stderr, "bench: %s is not a tpool-bench benchmarks.json\n", path.c_str());
    return false;
  }
  return true;
}

// The per-repetition figures of one (pool, scenario) and how to read them.
struct series {
  std::vector<double> values;
  bool higher_is_better = true;
  const char *unit = "tasks/s";
};

// Reference and extended scenarios from `observations` (tasks/s where the
// rows have a rate, else ms), comparison cells from their samples.
std::map<std::string, series> by_key(const json &document) {
  std::map<std::string, series> found;
  if (document.contains("observations")) {
    std::map<std::string, series> ms;
    for (const json &row : document.at("observations")) {
      if (row.value("suite", "") == "comparison") continue;
      const std::string key = row.value("pool", "") + "/" + row.value("scenario", "");
      const double rate = row.value("tasks_per_s", 0.0);
      if (rate > 0) found[key].values.push_back(rate);
      series &time = ms[key];
      time.values.push_back(row.value("ms", 0.0));
      time.higher_is_better = false;
      time.unit = "ms";
    }
    for (auto &[key, time] : ms) {
      if (found.find(key) == found.end()) found[key] = time;
    }
  }
  if (document.contains("comparison") && document["comparison"].is_object()) {
    for (const json &cell : document["comparison"].value("cells", json::array())) {
      const bool higher = cell.value("higher_is_better", true);
      for (const json &pool : cell.value("pools", json::array())) {
        series &entry = found[pool.value("pool", "") + "/" + cell.value("id", "")];
        entry.values = pool.value("samples", std::vector<double>{});
        entry.higher_is_better = higher;
        entry.unit = higher ? "per s" : (cell.value("unit", "") == "us" ? "us" : "ms");
      }
    }
  }
  return found;
}

}  // namespace

int compare_runs(const std::string &path_a, const std::string &path_b) {
  json a;
  json b;
  if (!load(path_a, &a) || !load(path_b, &b)) return 2;
  const std::map<std::string, series> left = by_key(a);
  const std::map<std::string, series> right = by_key(b);
  std::printf("%-48s %12s %12s %8s %17s  %s\n", "pool/scenario", "A median", "B median", "B vs A",
              "95% interval", "verdict");
  int compared = 0;
  int changed = 0;
  for (const auto &[key, series_a] : left) {
    const auto found = right.find(key);
    if (found == right.end()) continue;
    const series &series_b = found->second;
    if (series_a.values.empty() || series_b.values.empty()) continue;
    if (series_a.higher_is_better != series_b.higher_is_better) continue;
    // Above 1: B is better (a higher rate, or a shorter time).
    const ratio_interval ratio = series_a.higher_is_better
                                     ? bootstrap_ratio_of_medians(series_b.values, series_a.values)
                                     : bootstrap_ratio_of_medians(series_a.values, series_b.values);
    if (ratio.ratio <= 0) continue;
    const verdict judged = judge(ratio, false);
    const char *said = judged == verdict::faster   ? "B faster"
                       : judged == verdict::slower ? "B slower"
                                                   : "within noise";
    char interval[40] = "-";
    if (ratio.has_interval)
      std::snprintf(interval, sizeof(interval), "[%.3f, %.3f]", ratio.low, ratio.high);
    std::printf("%-48s %12.1f %12.1f %8.3f %17s  %s\n", key.c_str(), median(series_a.values),
                median(series_b.values), ratio.ratio, interval, said);
    ++compared;
    if (judged != verdict::within_noise) ++changed;
  }
  std::printf(
      "%d scenario(s) compared, %d outside noise (ratio of medians with a 95%% bootstrap interval "
      "over repetitions; tasks/s where both have a rate, else ms; above 1: B better)\n",
      compared, changed);
  return 0;
}

}  // namespace bench
