#include "csv_writer.h"

#include <cstdio>
#include <fstream>
#include <type_traits>

#include "csv_columns.h"

namespace bench {
namespace {

// One writer per column kind. Each checks that the member has the type its
// kind promises, so the lists generated from csv_columns.h cannot call a
// number text or the other way round.
template <typename Text>
void write_text(std::ostream &out, const Text &value) {
  static_assert(std::is_same_v<Text, std::string>, "a text column holds a std::string");
  out << value;
}

template <typename Integer>
void write_integer(std::ostream &out, Integer value) {
  // A one-byte integer would print as a character.
  static_assert(std::is_integral_v<Integer> && sizeof(Integer) > 1,
                "an integer column holds an integer wider than a byte");
  out << value;
}

template <typename Decimal>
void write_decimal(std::ostream &out, Decimal value) {
  static_assert(std::is_same_v<Decimal, double>, "a decimal column holds a double");
  out << csv_decimal(value);
}

void write_header(std::ostream &out) {
  const char *separator = "";
#define BENCH_WRITE_NAME(name, kind) \
  out << separator << #name;         \
  separator = ",";
  BENCH_CSV_COLUMNS(BENCH_WRITE_NAME)
#undef BENCH_WRITE_NAME
  out << '\n';
}

void write_row(std::ostream &out, const observation &row) {
  const char *separator = "";
#define BENCH_WRITE_CELL(name, kind) \
  out << separator;                  \
  write_##kind(out, row.name);       \
  separator = ",";
  BENCH_CSV_COLUMNS(BENCH_WRITE_CELL)
#undef BENCH_WRITE_CELL
  out << '\n';
}

}  // namespace

std::string csv_decimal(double value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.6f", finite(value));
  return text;
}

bool write_csv(const run_report &report, const std::string &path, std::string *error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    *error = "cannot write " + path;
    return false;
  }
  write_header(out);
  for (const observation *row : all_rows(report)) write_row(out, *row);
  out.flush();
  if (!out) {
    *error = "write failed: " + path;
    return false;
  }
  return true;
}

}  // namespace bench
