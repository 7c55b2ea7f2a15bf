// The columns of native-runs.csv, in file order: the one list the CSV
// writer, the JSON observations, the publisher's gates and the page all
// follow. tools/gen_csv_columns.py reads this file and writes the lists the
// publisher (tools/publisher/CsvColumns.ps1) and the page (docs/csv-columns.js)
// load; ctest fails when they are stale. Changing a name, the order or a
// kind changes the file format: docs/benchmark-schema.md must say so.
//
// BENCH_CSV_COLUMNS(COLUMN) expands COLUMN(name, kind) once per column:
//   name  the header text and the JSON observation key; the value is read
//         from the observation member of the same name (observation.h), so
//         a column without a member does not compile;
//   kind  text     written as is, compared as a string;
//         integer  decimal digits;
//         decimal  six decimals ("%.6f"); integer and decimal columns are
//                  compared as numbers.
// The generator parses one COLUMN(name, kind) per line: keep that layout.
#ifndef TPOOL_BENCH_HARNESS_CSV_COLUMNS_H
#define TPOOL_BENCH_HARNESS_CSV_COLUMNS_H

// clang-format off
#define BENCH_CSV_COLUMNS(COLUMN) \
  COLUMN(suite, text)             \
  COLUMN(scenario, text)          \
  COLUMN(kind, text)              \
  COLUMN(pool, text)              \
  COLUMN(workers, integer)        \
  COLUMN(producers, integer)      \
  COLUMN(iterations, integer)     \
  COLUMN(mix, text)               \
  COLUMN(repetition, integer)     \
  COLUMN(tasks, integer)          \
  COLUMN(high, integer)           \
  COLUMN(medium, integer)         \
  COLUMN(low, integer)            \
  COLUMN(ticks, integer)          \
  COLUMN(frequency, integer)      \
  COLUMN(ms, decimal)             \
  COLUMN(tasks_per_s, decimal)    \
  COLUMN(accepted, integer)       \
  COLUMN(executed, integer)       \
  COLUMN(completed, integer)      \
  COLUMN(succeeded, integer)      \
  COLUMN(cancelled, integer)      \
  COLUMN(validated, integer)
// clang-format on

#endif  // TPOOL_BENCH_HARNESS_CSV_COLUMNS_H
