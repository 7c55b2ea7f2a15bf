// tpool_coroutines: C++20 coroutines on tpool pools with tpool.hpp.
//  - co_await pool.schedule() moves the coroutine onto a worker;
//  - co_await pool.after(delay) suspends it on a timer: no worker waits;
//  - tpool::task<T> is lazy; when_all runs many at once; sync_wait drives
//    one from main();
//  - an exception thrown on a worker comes home at the co_await.
// Exit code 0 only if every result is the expected one.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <tpool/tpool.hpp>
#include <vector>

namespace {

// A request that needs the CPU, then waits for a (simulated) slow device,
// then needs the CPU of another pool.
tpool::task<int> handle_request(tpool::pool &compute, tpool::pool &io, int request) {
  co_await compute.schedule();
  const int parsed = request * 2;
  co_await io.after(std::chrono::milliseconds(5));  // suspends: the worker is free meanwhile
  co_await compute.schedule(TPOOL_PRIORITY_HIGH);
  co_return parsed + 1;
}

tpool::task<int> failing_request(tpool::pool &compute) {
  co_await compute.schedule();
  throw std::runtime_error("device unavailable");
}

tpool::task<int> serve(tpool::pool &compute, tpool::pool &io, int requests) {
  std::vector<tpool::task<int>> pending;
  pending.reserve(static_cast<size_t>(requests));
  for (int i = 0; i < requests; ++i) pending.push_back(handle_request(compute, io, i));
  int sum = 0;
  for (int result : co_await tpool::when_all(std::move(pending))) sum += result;
  try {
    co_await failing_request(compute);
  } catch (const std::runtime_error &) {
    sum += 1000000;  // the exception came home at the co_await
  }
  co_return sum;
}

}  // namespace

int main() {
  try {
    tpool_config config = tpool::pool::default_config();
    config.min_workers = 2;
    config.max_workers = 2;
    tpool::pool compute(config);
    config.min_workers = 1;
    config.max_workers = 1;
    tpool::pool io(config);

    const int requests = 1000;
    const int sum = tpool::sync_wait(serve(compute, io, requests));
    // sum over i of (2i + 1) is requests squared; plus the exception's mark.
    const int expected = requests * requests + 1000000;
    std::printf("%d requests served, sum %d (expected %d)\n", requests, sum, expected);
    return sum == expected ? 0 : 1;
  } catch (const std::exception &error) {
    std::fprintf(stderr, "tpool_coroutines: %s\n", error.what());
    return 1;
  }
}
