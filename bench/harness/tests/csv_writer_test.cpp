// native-runs.csv byte for byte: the header and the formatting the publisher
// contract depends on (docs/benchmark-schema.md). The header below is
// written out on purpose, not taken from csv_columns.h: changing the file
// format must take a deliberate edit here too.
#include "csv_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

namespace {

constexpr char kHeader[] =
    "suite,scenario,kind,pool,workers,producers,iterations,mix,repetition,tasks,high,medium,low,"
    "ticks,frequency,ms,tasks_per_s,accepted,executed,completed,succeeded,cancelled,validated\n";

bench::observation sample_row() {
  bench::observation row;
  row.suite = "reference";
  row.scenario = "throughput/w4/i0/uniform";
  row.kind = "throughput";
  row.pool = "tpool";
  row.workers = 4;
  row.producers = 1;
  row.iterations = 0;
  row.mix = "uniform";
  row.repetition = 1;
  row.tasks = 12000;
  row.high = 4000;
  row.medium = 4000;
  row.low = 4000;
  row.ticks = 50859;
  row.frequency = 10000000;
  row.ms = 5.0859;
  row.tasks_per_s = 2359464.4015813;
  row.accepted = 12000;
  row.executed = 12000;
  row.completed = 12000;
  row.succeeded = 12000;
  row.cancelled = 0;
  row.validated = 1;
  return row;
}

// Writes the rows as one scenario's and returns the file's bytes.
std::string csv_of(const std::vector<bench::observation> &rows) {
  bench::run_report report;
  report.results.resize(1);
  report.results[0].rows = rows;
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("csv_writer_test_" +
       std::to_string(std::hash<std::string>{}(
           testing::UnitTest::GetInstance()->current_test_info()->name())) +
       ".csv");
  std::string error;
  EXPECT_TRUE(bench::write_csv(report, path.string(), &error)) << error;
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  std::filesystem::remove(path);
  return text;
}

}  // namespace

TEST(CsvWriter, WritesTheFixedHeaderThenOneLinePerObservation) {
  EXPECT_EQ(csv_of({sample_row()}),
            std::string(kHeader) +
                "reference,throughput/w4/i0/uniform,throughput,tpool,4,1,0,uniform,1,12000,4000,"
                "4000,4000,50859,10000000,5.085900,2359464.401581,12000,12000,12000,12000,0,1\n");
}

TEST(CsvWriter, WritesDecimalsWithSixPlacesAndNonFiniteValuesAsZero) {
  bench::observation row = sample_row();
  row.ms = std::numeric_limits<double>::quiet_NaN();
  row.tasks_per_s = std::numeric_limits<double>::infinity();
  const std::string text = csv_of({row});
  EXPECT_NE(text.find(",0.000000,0.000000,"), std::string::npos) << text;
}

TEST(CsvWriter, WritesSixtyFourBitCountsInFull) {
  bench::observation row = sample_row();
  row.ticks = 18446744073709551615u;
  EXPECT_NE(csv_of({row}).find(",18446744073709551615,"), std::string::npos);
}
