// prioq_config follows tpool.h's struct_size convention: the init functions
// write exactly the caller's size, create accepts every published version and
// a newer struct only with an all-zero tail, and nothing past struct_size is
// read or written. Buffers are sized exactly, so ASan catches over-reads.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <vector>

#include "prioq/prioq.h"

namespace {

constexpr unsigned char kGuard = 0xA5;

std::vector<unsigned char> config_bytes(uint32_t size, size_t guard = 0) {
  std::vector<unsigned char> bytes(size + guard, 0);
  std::memset(bytes.data() + size, kGuard, guard);
  return bytes;
}

prioq_config *as_config(std::vector<unsigned char> &bytes) {
  return reinterpret_cast<prioq_config *>(bytes.data());
}

TEST(PrioqConfigVersions, EveryVersionEndsAtItsLastFieldAndTheNewestIsTheHeadersStruct) {
  EXPECT_EQ(PRIOQ_CONFIG_SIZE_V1, offsetof(prioq_config, item_size));
  EXPECT_EQ(PRIOQ_CONFIG_SIZE_V2, sizeof(prioq_config));
}

TEST(PrioqConfigInitSized, WritesExactlyTheRequestedVersionsBytes) {
  auto bytes = config_bytes(PRIOQ_CONFIG_SIZE_V1, 16);
  ASSERT_EQ(prioq_config_init_sized(as_config(bytes), PRIOQ_CONFIG_SIZE_V1), PRIOQ_OK);
  EXPECT_EQ(as_config(bytes)->struct_size, PRIOQ_CONFIG_SIZE_V1);
  for (size_t i = PRIOQ_CONFIG_SIZE_V1; i < bytes.size(); ++i) EXPECT_EQ(bytes[i], kGuard) << i;
}

TEST(PrioqConfigInitSized, TheVersionOneEntryPointWritesVersionOneBytes) {
  auto bytes = config_bytes(PRIOQ_CONFIG_SIZE_V1, 16);
  ASSERT_EQ((prioq_config_init)(as_config(bytes)), PRIOQ_OK);
  EXPECT_EQ(as_config(bytes)->struct_size, PRIOQ_CONFIG_SIZE_V1);
  for (size_t i = PRIOQ_CONFIG_SIZE_V1; i < bytes.size(); ++i) EXPECT_EQ(bytes[i], kGuard) << i;
}

TEST(PrioqConfigInitSized, RejectsSizesThatAreNoVersion) {
  auto bytes = config_bytes(64);
  EXPECT_EQ(prioq_config_init_sized(as_config(bytes), 12), PRIOQ_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(prioq_config_init_sized(as_config(bytes), PRIOQ_CONFIG_SIZE_V1 + 1),
            PRIOQ_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(bytes[0], 0);
  EXPECT_EQ(prioq_config_init_sized(nullptr, PRIOQ_CONFIG_SIZE_V1), PRIOQ_E_NULL_POINTER);
}

TEST(PrioqCreateConfigSize, TheOldestVersionIsAccepted) {
  auto bytes = config_bytes(PRIOQ_CONFIG_SIZE_V1);
  ASSERT_EQ(prioq_config_init_sized(as_config(bytes), PRIOQ_CONFIG_SIZE_V1), PRIOQ_OK);
  as_config(bytes)->capacity = 2;
  prioq_queue *queue = nullptr;
  ASSERT_EQ(prioq_create(as_config(bytes), &queue), PRIOQ_OK);
  int item = 0;
  EXPECT_EQ(prioq_push(queue, &item, 0), PRIOQ_OK);
  EXPECT_EQ(prioq_push(queue, &item, 0), PRIOQ_OK);
  EXPECT_EQ(prioq_push(queue, &item, 0), PRIOQ_E_FULL);  // the V1 field was read
  EXPECT_EQ(prioq_destroy(queue), PRIOQ_OK);
}

TEST(PrioqCreateConfigSize, ANewerStructIsAcceptedOnlyWithAnAllZeroTail) {
  const uint32_t newer = sizeof(prioq_config) + 16;
  auto bytes = config_bytes(newer);
  ASSERT_EQ(prioq_config_init_sized(as_config(bytes), newer), PRIOQ_OK);
  prioq_queue *queue = nullptr;
  ASSERT_EQ(prioq_create(as_config(bytes), &queue), PRIOQ_OK);
  EXPECT_EQ(prioq_destroy(queue), PRIOQ_OK);
  bytes[newer - 3] = 1;
  queue = nullptr;
  EXPECT_EQ(prioq_create(as_config(bytes), &queue), PRIOQ_E_BAD_STRUCT_SIZE);
  EXPECT_EQ(queue, nullptr);
}

}  // namespace
