// prioq_status_string covers every status of the X-macro list and unknown
// values; prioq_version matches the header the caller compiled against.
#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <set>
#include <string>

#include "prioq/prioq.h"

namespace {

struct status_entry {
  prioq_status status;
  const char *name;
  const char *message;
};

// Built from the same list as the enum, so a status added to the header
// is covered here without editing the test.
const status_entry kEveryStatus[] = {
#define PRIOQ_TEST_STATUS_ENTRY_(name, value, message) {name, #name, message},
    PRIOQ_STATUS_LIST(PRIOQ_TEST_STATUS_ENTRY_)
#undef PRIOQ_TEST_STATUS_ENTRY_
};

TEST(StatusString, EveryStatusHasTheMessageFromTheHeaderList) {
  for (const status_entry &entry : kEveryStatus) {
    const char *message = prioq_status_string(entry.status);
    ASSERT_NE(message, nullptr) << entry.name;
    EXPECT_STREQ(message, entry.message) << entry.name;
  }
}

TEST(StatusString, EveryStatusHasADistinctMessage) {
  std::set<std::string> messages;
  for (const status_entry &entry : kEveryStatus) messages.insert(prioq_status_string(entry.status));
  EXPECT_EQ(messages.size(), std::size(kEveryStatus));
}

TEST(StatusString, UnknownValuesGetTheUnknownStatusMessage) {
  // prioq_status has int32_t as its underlying type in C++, so every 32-bit
  // value is a value of the type, negative ones included (no UB to catch).
  const int32_t unknown_values[] = {11, 100, 0x7ffffffe, -1, INT32_MIN};
  for (const int value : unknown_values) {
    const char *message = prioq_status_string(static_cast<prioq_status>(value));
    ASSERT_NE(message, nullptr) << value;
    EXPECT_STREQ(message, "unknown status") << value;
  }
}

TEST(StatusValues, NumericValuesAreTheDocumentedFixedOnes) {
  EXPECT_EQ(PRIOQ_OK, 0);
  EXPECT_EQ(PRIOQ_E_NULL_POINTER, 1);
  EXPECT_EQ(PRIOQ_E_INVALID_ARGUMENT, 2);
  EXPECT_EQ(PRIOQ_E_BAD_PRIORITY, 3);
  EXPECT_EQ(PRIOQ_E_BAD_STRUCT_SIZE, 4);
  EXPECT_EQ(PRIOQ_E_OUT_OF_MEMORY, 5);
  EXPECT_EQ(PRIOQ_E_CLOSED, 6);
  EXPECT_EQ(PRIOQ_E_FULL, 7);
  EXPECT_EQ(PRIOQ_E_EMPTY, 8);
  EXPECT_EQ(PRIOQ_E_TIMEOUT, 9);
  EXPECT_EQ(PRIOQ_E_INTERNAL, 10);
  EXPECT_EQ(sizeof(prioq_status), 4u);
}

TEST(LibraryVersion, LoadedLibraryReportsTheHeaderVersion) {
  EXPECT_EQ(prioq_version(), static_cast<uint32_t>(PRIOQ_VERSION_HEX));
}

}  // namespace
