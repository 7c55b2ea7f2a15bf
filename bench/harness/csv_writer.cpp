// native-runs.csv: one row per measured, validated repetition.
#include <cstdio>
#include <fstream>

#include "report.h"

namespace bench {

std::vector<const observation *> all_rows(const run_report &report) {
  std::vector<const observation *> rows;
  for (const scenario_result &result : report.results) {
    for (const observation &row : result.rows) rows.push_back(&row);
  }
  return rows;
}

size_t reference_rows(const run_report &report) {
  size_t count = 0;
  for (const observation *row : all_rows(report)) count += row->suite == "reference" ? 1 : 0;
  return count;
}

double finite(double value) {
  return value == value && value - value == 0 ? value : 0.0;
}

namespace {

std::string number(double value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.6f", finite(value));
  return text;
}

}  // namespace

bool write_csv(const run_report &report, const std::string &path, std::string *error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    *error = "cannot write " + path;
    return false;
  }
  out << "suite,scenario,kind,pool,workers,producers,iterations,mix,repetition,tasks,high,medium,"
         "low,ticks,frequency,ms,tasks_per_s,accepted,executed,completed,succeeded,cancelled,"
         "validated\n";
  for (const observation *row : all_rows(report)) {
    out << row->suite << ',' << row->scenario << ',' << row->kind << ',' << row->pool << ','
        << row->workers << ',' << row->producers << ',' << row->iterations << ',' << row->mix << ','
        << row->repetition << ',' << row->tasks << ',' << row->high << ',' << row->medium << ','
        << row->low << ',' << row->ticks << ',' << row->frequency << ',' << number(row->ms) << ','
        << number(row->tasks_per_s) << ',' << row->accepted << ',' << row->executed << ','
        << row->completed << ',' << row->succeeded << ',' << row->cancelled << ',' << row->validated
        << '\n';
  }
  out.flush();
  if (!out) {
    *error = "write failed: " + path;
    return false;
  }
  return true;
}

}  // namespace bench
