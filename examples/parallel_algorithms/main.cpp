// tpool_parallel_algorithms: parallel_for_each, parallel_reduce and
// parallel_invoke with tpool.hpp, each checked against the sequential loop.
//  - parallel_reduce over an index range (no data needed) and over a
//    container; the combine sees the chunks in index order;
//  - an exception in a body stops the loop and is rethrown at the call.
// Exit code 0 only if every result is the expected one.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <tpool/tpool.hpp>
#include <vector>

namespace {

int failures = 0;

void expect(bool condition, const char *what) {
  std::printf("%-58s %s\n", what, condition ? "ok" : "FAILED");
  if (!condition) ++failures;
}

bool is_prime(uint64_t n) {
  if (n < 2) return false;
  for (uint64_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

int run() {
  tpool::pool pool;

  const uint64_t limit = 200000;
  const uint64_t primes = tpool::parallel_reduce(
      pool, tpool::index_range{0, limit}, uint64_t{0},
      [](tpool::index_range chunk, uint64_t count) {
        for (uint64_t n = chunk.begin; n < chunk.end; ++n) count += is_prime(n) ? 1 : 0;
        return count;
      },
      std::plus<>());
  uint64_t sequential = 0;
  for (uint64_t n = 0; n < limit; ++n) sequential += is_prime(n) ? 1 : 0;
  expect(primes == sequential, "parallel_reduce counts the primes below 200000");

  std::vector<double> samples(100000);
  std::iota(samples.begin(), samples.end(), 1.0);
  double low = 0;
  double high = 0;
  tpool::parallel_invoke(
      pool, [&] { low = *std::min_element(samples.begin(), samples.end()); },
      [&] { high = *std::max_element(samples.begin(), samples.end()); });
  expect(low == 1.0 && high == 100000.0, "parallel_invoke finds the minimum and maximum");

  tpool::parallel_for_each(pool, samples.begin(), samples.end(),
                           [&](double &sample) { sample = (sample - low) / (high - low); });
  expect(samples.front() == 0.0 && samples.back() == 1.0,
         "parallel_for_each scales every sample to [0, 1]");

  std::vector<int> digits(1000);
  for (size_t i = 0; i < digits.size(); ++i) digits[i] = static_cast<int>(i % 10);
  const std::string text = tpool::parallel_reduce(
      pool, digits.begin(), digits.end(), std::string(),
      [](std::string text_so_far, int digit) {
        text_so_far.push_back(static_cast<char>('0' + digit));
        return text_so_far;
      },
      [](const std::string &left, const std::string &right) { return left + right; });
  std::string expected_text;
  for (int digit : digits) expected_text.push_back(static_cast<char>('0' + digit));
  expect(text == expected_text, "a non-commutative combine sees the chunks in order");

  try {
    tpool::parallel_for_each(pool, digits.begin(), digits.end(), [](int digit) {
      if (digit == 7) throw std::domain_error("seven");
    });
    expect(false, "a body's exception is rethrown at the call");
  } catch (const std::domain_error &) {
    expect(true, "a body's exception is rethrown at the call");
  }
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main() {
  try {
    return run();
  } catch (const std::exception &error) {
    std::fprintf(stderr, "tpool_parallel_algorithms: %s\n", error.what());
    return 1;
  }
}
