// tpool_futures: results and exceptions of tasks with tpool.hpp.
//  - submit_task returns a task_future; get() gives the value, or rethrows
//    the exception the task threw (caught in this program, never in
//    tpool.dll);
//  - a task that waits for another task of the same pool runs it itself if
//    it is still queued, so fork-join through futures works on one worker;
//  - cancel() takes a task that has not started out of the queue;
//  - when_all collects a range of futures.
// Exit code 0 only if every result is the expected one.
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <tpool/tpool.hpp>
#include <vector>

namespace {

int failures = 0;

void expect(bool condition, const char *what) {
  std::printf("%-58s %s\n", what, condition ? "ok" : "FAILED");
  if (!condition) ++failures;
}

uint64_t sum_of_squares(uint64_t first, uint64_t last) {
  uint64_t sum = 0;
  for (uint64_t i = first; i < last; ++i) sum += i * i;
  return sum;
}

// Fork-join through futures: each call forks its left half as a task.
uint64_t fork_join_sum(tpool::pool &pool, uint64_t first, uint64_t last) {
  if (last - first <= 1000) return sum_of_squares(first, last);
  const uint64_t middle = first + (last - first) / 2;
  tpool::task_future<uint64_t> left =
      pool.submit_task([&pool, first, middle] { return fork_join_sum(pool, first, middle); });
  const uint64_t right = fork_join_sum(pool, middle, last);
  return left.get() + right;  // on a worker: runs `left` here if it is still queued
}

int run() {
  tpool_config config = tpool::pool::default_config();
  config.min_workers = 1;  // one worker: the waits inside tasks must not deadlock it
  config.max_workers = 1;
  tpool::pool pool(config);

  tpool::task_future<uint64_t> total =
      pool.submit_task([&pool] { return fork_join_sum(pool, 0, 100000); });
  expect(total.get() == sum_of_squares(0, 100000), "fork-join through futures on one worker");

  tpool::task_future<int> failing =
      pool.submit_task([]() -> int { throw std::out_of_range("no such record"); });
  try {
    failing.get();
    expect(false, "the task's exception comes home through get()");
  } catch (const std::out_of_range &error) {
    expect(std::string(error.what()) == "no such record",
           "the task's exception comes home through get()");
  }

  // A task queued behind a running one can be cancelled before it starts;
  // the running one has its cooperative flag raised and stops by itself.
  std::atomic<bool> started{false};
  tpool::task_future<void> running = pool.submit_task([&started](tpool::running_job &job) {
    started.store(true);
    while (!job.cancel_requested()) std::this_thread::yield();
  });
  tpool::task_future<int> queued = pool.submit_task([] { return 1; });
  while (!started.load()) std::this_thread::yield();
  expect(queued.cancel() == TPOOL_OK, "a queued task is cancelled before it starts");
  try {
    queued.get();
    expect(false, "its get() throws tpool::task_cancelled");
  } catch (const tpool::task_cancelled &) {
    expect(true, "its get() throws tpool::task_cancelled");
  }
  expect(running.cancel() == TPOOL_E_JOB_RUNNING, "a running task sees its flag and stops");
  running.get();

  std::vector<tpool::task_future<uint64_t>> parts;
  for (uint64_t part = 0; part < 10; ++part) {
    parts.push_back(
        pool.submit_task([part] { return sum_of_squares(part * 100, part * 100 + 100); }));
  }
  uint64_t sum = 0;
  for (uint64_t value : tpool::when_all(parts.begin(), parts.end()).get()) sum += value;
  expect(sum == sum_of_squares(0, 1000), "when_all collects every result in order");
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main() {
  try {
    return run();
  } catch (const std::exception &error) {
    std::fprintf(stderr, "tpool_futures: %s\n", error.what());
    return 1;
  }
}
