// SHA-256 (FIPS 180-4) of a byte string, for the source manifest.
#ifndef TPOOL_BENCH_HARNESS_SHA256_H
#define TPOOL_BENCH_HARNESS_SHA256_H

#include <string>

namespace bench {

// Lower-case hexadecimal digest of data. Pure; thread-safe.
std::string sha256_hex(const std::string &data);

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_SHA256_H
