// Reads a fuzzer's input bytes as a stream of small decisions. Past the end
// every read returns 0, so any input decodes into a finite, valid program.
#ifndef TPOOL_TESTS_FUZZ_FUZZ_INPUT_H
#define TPOOL_TESTS_FUZZ_FUZZ_INPUT_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace fuzz {

class input {
 public:
  input(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  bool done() const { return offset_ >= size_; }
  uint8_t byte() { return offset_ < size_ ? data_[offset_++] : 0; }
  // A value in [0, bound); bound must be in 1..256.
  uint32_t below(uint32_t bound) { return byte() % bound; }
  uint32_t u16() { return static_cast<uint32_t>(byte()) | (static_cast<uint32_t>(byte()) << 8); }

 private:
  const uint8_t *data_;
  size_t size_;
  size_t offset_ = 0;
};

// A broken invariant: report where and abort, which libFuzzer records as a crash.
[[noreturn]] inline void fail(const char *file, int line, const char *what) {
  std::fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, what);
  std::abort();
}

}  // namespace fuzz

#define FUZZ_CHECK(condition) ((condition) ? (void)0 : ::fuzz::fail(__FILE__, __LINE__, #condition))

#endif  // TPOOL_TESTS_FUZZ_FUZZ_INPUT_H
