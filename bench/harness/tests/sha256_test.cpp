#include "sha256.h"

#include <gtest/gtest.h>

TEST(Sha256, EmptyInputHasTheStandardDigest) {
  EXPECT_EQ(bench::sha256_hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, AbcHasTheFips180Digest) {
  EXPECT_EQ(bench::sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, InputSpanningTwoBlocksHasTheFips180Digest) {
  EXPECT_EQ(bench::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
