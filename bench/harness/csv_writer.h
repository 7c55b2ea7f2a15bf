// native-runs.csv: one row per measured, validated repetition, in the
// columns of csv_columns.h.
#ifndef TPOOL_BENCH_HARNESS_CSV_WRITER_H
#define TPOOL_BENCH_HARNESS_CSV_WRITER_H

#include <string>

#include "run_report.h"

namespace bench {

// Writes every row of report to path (binary, LF line ends). Returns false
// and sets *error when the file cannot be written.
bool write_csv(const run_report &report, const std::string &path, std::string *error);

// The text a decimal column holds: "%.6f" of finite(value). The JSON
// observations use it too, so they equal the CSV to the last digit.
std::string csv_decimal(double value);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_CSV_WRITER_H
