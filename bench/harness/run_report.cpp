#include "run_report.h"

namespace bench {

std::vector<const observation *> all_rows(const run_report &report) {
  std::vector<const observation *> rows;
  for (const scenario_result &result : report.results) {
    for (const observation &row : result.rows) rows.push_back(&row);
  }
  for (const comparison_cell_result &cell : report.comparison_cells) {
    for (const observation &row : cell.rows) rows.push_back(&row);
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

}  // namespace bench
