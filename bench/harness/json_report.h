// benchmarks.json and gbench.json (formats: docs/benchmark-schema.md).
#ifndef TPOOL_BENCH_HARNESS_JSON_REPORT_H
#define TPOOL_BENCH_HARNESS_JSON_REPORT_H

#include <nlohmann/json.hpp>
#include <string>

#include "run_report.h"

namespace bench {

// The version benchmarks.json declares in `schema_version`. Raise it when a
// field is renamed or changes meaning, and say what changed in
// docs/benchmark-schema.md; the publisher accepts only this version.
inline constexpr int kBenchmarksSchemaVersion = 4;

nlohmann::json build_benchmarks_json(const run_report &report);
nlohmann::json build_gbench_json(const run_report &report);

// Writes document to path, indented by 2, with a final newline. Returns false
// and sets *error when the file cannot be written.
bool write_json(const nlohmann::json &document, const std::string &path, std::string *error);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_JSON_REPORT_H
