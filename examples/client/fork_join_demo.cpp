#include "fork_join_demo.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <vector>

namespace client_example {
namespace {

uint64_t checksum(const uint8_t *bytes, size_t count) {
  uint64_t hash = 1469598103934665603ull;  // FNV-1a
  for (size_t i = 0; i < count; ++i) hash = (hash ^ bytes[i]) * 1099511628211ull;
  return hash;
}

// One block of the buffer; its job writes only its own result.
struct block_job {
  const uint8_t *bytes = nullptr;
  size_t count = 0;
  uint64_t result = 0;
  std::atomic<int> ran{0};
};

void TPOOL_CALL checksum_block(void *context, tpool_job_info *) {
  auto *block = static_cast<block_job *>(context);
  block->result = checksum(block->bytes, block->count);
  block->ran.store(1, std::memory_order_release);
}

bool fan_out_fan_in(tpool_pool *pool, bool short_run) {
  const size_t blocks = short_run ? 64 : 512;
  const size_t block_size = size_t{16} * 1024;
  std::vector<uint8_t> buffer(blocks * block_size);
  for (size_t i = 0; i < buffer.size(); ++i) buffer[i] = static_cast<uint8_t>(i * 31 + i / 7);

  tpool_group *group = nullptr;
  if (tpool_group_create(pool, &group) != TPOOL_OK) return false;
  std::vector<block_job> jobs(blocks);
  bool ok = true;
  for (size_t b = 0; b < blocks && ok; ++b) {
    jobs[b].bytes = buffer.data() + b * block_size;
    jobs[b].count = block_size;
    ok = tpool_group_submit(group, checksum_block, &jobs[b], TPOOL_PRIORITY_MEDIUM) == TPOOL_OK;
  }
  // Fan in: one wait for all of them, no handle per job.
  ok = tpool_group_wait(group, TPOOL_INFINITE) == TPOOL_OK && ok;
  tpool_group_counts counts{};
  counts.struct_size = sizeof(counts);
  ok = tpool_group_get_counts(group, &counts) == TPOOL_OK && ok;
  tpool_group_release(group);

  uint64_t combined = 0;
  bool matches = ok && counts.done == blocks;
  for (size_t b = 0; b < blocks; ++b) {
    combined ^= jobs[b].result;
    matches = matches && jobs[b].ran.load(std::memory_order_acquire) == 1 &&
              jobs[b].result == checksum(jobs[b].bytes, jobs[b].count);
  }
  std::printf(
      "group fan-out/fan-in: %zu blocks of %zu KiB, %llu done, combined checksum %016llx: %s\n",
      blocks, block_size / 1024, static_cast<unsigned long long>(counts.done),
      static_cast<unsigned long long>(combined), matches ? "matches" : "MISMATCH");
  return matches;
}

// The histogram's partial results: chunks add into their own array, then
// into the total under a lock (one merge per chunk, not per pixel).
struct histogram_run {
  const std::vector<uint8_t> *pixels = nullptr;
  std::mutex merge_lock;
  std::array<uint64_t, 256> total{};
};

int32_t TPOOL_CALL histogram_chunk(void *context, uint64_t begin, uint64_t end) {
  auto *run = static_cast<histogram_run *>(context);
  std::array<uint64_t, 256> local{};
  for (uint64_t i = begin; i < end; ++i) ++local[(*run->pixels)[static_cast<size_t>(i)]];
  std::lock_guard<std::mutex> guard(run->merge_lock);
  for (size_t v = 0; v < local.size(); ++v) run->total[v] += local[v];
  return 0;
}

bool parallel_histogram(tpool_pool *pool, bool short_run) {
  const size_t width = short_run ? 640 : 3840;
  const size_t height = short_run ? 480 : 2160;
  std::vector<uint8_t> pixels(width * height);
  for (size_t y = 0; y < height; ++y) {
    for (size_t x = 0; x < width; ++x) {
      pixels[y * width + x] = static_cast<uint8_t>((x * 255 / width + y * 3) % 256);
    }
  }
  histogram_run run;
  run.pixels = &pixels;
  const tpool_status status =
      tpool_parallel_for(pool, 0, pixels.size(), 0, histogram_chunk, &run, TPOOL_PRIORITY_HIGH);
  std::array<uint64_t, 256> expected{};
  for (uint8_t value : pixels) ++expected[value];
  const bool matches = status == TPOOL_OK && expected == run.total;
  std::printf("parallel loop: brightness histogram of a %zux%zu image: %s\n", width, height,
              matches ? "matches the sequential one" : "MISMATCH");
  return matches;
}

}  // namespace

bool run_fork_join_demos(tpool_pool *pool, bool short_run) {
  const bool groups_ok = fan_out_fan_in(pool, short_run);
  const bool loop_ok = parallel_histogram(pool, short_run);
  return groups_ok && loop_ok;
}

}  // namespace client_example
