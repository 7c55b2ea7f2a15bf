#include "compare.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

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

std::map<std::string, json> by_key(const json &document) {
  std::map<std::string, json> scenarios;
  for (const json &entry : document.at("scenarios")) {
    scenarios[entry.value("pool", "") + "/" + entry.value("id", "")] = entry;
  }
  return scenarios;
}

}  // namespace

int compare_runs(const std::string &path_a, const std::string &path_b) {
  json a;
  json b;
  if (!load(path_a, &a) || !load(path_b, &b)) return 2;
  const std::map<std::string, json> left = by_key(a);
  const std::map<std::string, json> right = by_key(b);
  std::printf("%-48s %12s %12s %9s %8s  %s\n", "pool/scenario", "A median", "B median", "B/A",
              "noise%", "verdict");
  int compared = 0;
  for (const auto &[key, entry_a] : left) {
    const auto found = right.find(key);
    if (found == right.end()) continue;
    const json &entry_b = found->second;
    const double rate_a = entry_a["tasks_per_s"].value("median", 0.0);
    const double rate_b = entry_b["tasks_per_s"].value("median", 0.0);
    const double ms_a = entry_a["ms"].value("median", 0.0);
    const double ms_b = entry_b["ms"].value("median", 0.0);
    double speedup = 0;
    double shown_a = 0;
    double shown_b = 0;
    if (rate_a > 0 && rate_b > 0) {
      speedup = rate_b / rate_a;
      shown_a = rate_a;
      shown_b = rate_b;
    } else if (ms_a > 0 && ms_b > 0) {
      speedup = ms_a / ms_b;
      shown_a = ms_a;
      shown_b = ms_b;
    } else {
      continue;
    }
    const double rsd_a = entry_a.value("rsd_pct", 0.0);
    const double rsd_b = entry_b.value("rsd_pct", 0.0);
    const double noise = std::sqrt(rsd_a * rsd_a + rsd_b * rsd_b);
    const double threshold = std::fmax(2.0 * noise, 2.0);
    const double change = (speedup - 1.0) * 100.0;
    const char *verdict = std::fabs(change) <= threshold ? "within noise"
                          : change > 0                   ? "B faster"
                                                         : "B slower";
    std::printf("%-48s %12.1f %12.1f %9.3f %8.1f  %s\n", key.c_str(), shown_a, shown_b, speedup,
                noise, verdict);
    ++compared;
  }
  std::printf("%d scenario(s) compared (tasks/s where both have a rate, else ms)\n", compared);
  return 0;
}

}  // namespace bench
