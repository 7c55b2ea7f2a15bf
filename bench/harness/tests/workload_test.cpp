#include "workload.h"

#include <gtest/gtest.h>

TEST(Workload, IsDeterministicPerTaskId) {
  EXPECT_EQ(bench::compute_checksum(42, 2048), bench::compute_checksum(42, 2048));
}

TEST(Workload, DifferentTaskIdsGiveDifferentResults) {
  EXPECT_NE(bench::compute_checksum(1, 2048), bench::compute_checksum(2, 2048));
}

TEST(Workload, IterationsChangeTheResult) {
  EXPECT_NE(bench::compute_checksum(7, 0), bench::compute_checksum(7, 1));
}
