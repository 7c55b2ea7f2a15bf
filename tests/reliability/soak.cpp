// Soak: runs pool life cycles back to back for a given time and validates
// every job of every cycle (one outcome each, checksum of each DONE job, the
// pool's counters equal to the ledger's). Each cycle picks a random shape:
// worker range, idle timeout (so workers grow and get reaped), producers
// submitting single jobs and batches at mixed priorities, random handle
// cancellations, cancel_all, and a DRAIN or CANCEL shutdown that may start
// while producers are still submitting. Prints RSS at start and end.
//
//   soak --soak SECONDS [--seed N] [--max-rss-growth-mb N]
//
// Exit status 0 when every check passed; 1 on the first failed check; 2 on
// bad arguments.
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "job_ledger.h"
#include "process_usage.h"
#include "tpool/tpool.h"

namespace {

using reliability::job_entry;
using reliability::job_kind;
using reliability::job_ledger;
using clock_type = std::chrono::steady_clock;

struct options {
  double seconds = 3;
  uint64_t seed = 0;
  bool seed_given = false;
  long max_rss_growth_mb = -1;  // < 0: report only
};

[[noreturn]] void fail(const std::string &what) {
  std::fflush(stdout);
  std::fprintf(stderr, "soak: FAILED: %s\n", what.c_str());
  std::fflush(stderr);
  std::exit(1);
}

void check_status(tpool_status status, tpool_status want, const char *call) {
  if (status != want) {
    fail(std::string(call) + " returned " + tpool_status_string(status) + ", expected " +
         tpool_status_string(want));
  }
}

struct cycle_shape {
  uint32_t min_workers, max_workers, idle_timeout_ms, starvation_bound_ms;
  int producers;
  int jobs_per_producer;
  bool shutdown_mid_stream;
  bool pause_for_reaping;
  tpool_shutdown_mode mode;
};

cycle_shape random_shape(std::mt19937_64 &rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  cycle_shape s{};
  s.min_workers = static_cast<uint32_t>(pick(1, 2));
  s.max_workers = s.min_workers + static_cast<uint32_t>(pick(0, 5));
  s.idle_timeout_ms = static_cast<uint32_t>(pick(2, 30));
  s.starvation_bound_ms = pick(0, 3) == 0 ? 0u : static_cast<uint32_t>(pick(5, 50));
  s.producers = pick(1, 4);
  s.jobs_per_producer = pick(100, 1500);
  s.shutdown_mid_stream = pick(0, 4) == 0;
  s.pause_for_reaping = pick(0, 2) == 0;
  s.mode = pick(0, 1) == 0 ? TPOOL_SHUTDOWN_DRAIN : TPOOL_SHUTDOWN_CANCEL;
  return s;
}

// One producer: submits its jobs, keeps some handles, cancels some of them.
struct producer {
  job_ledger ledger;
  std::vector<tpool_job *> handles;
  uint64_t seed = 0;

  void run(tpool_pool *pool, int jobs, const std::atomic<bool> &stop_on_shutdown) {
    std::mt19937_64 rng(seed);
    auto percent = [&] { return std::uniform_int_distribution<int>(0, 99)(rng); };
    int submitted = 0;
    while (submitted < jobs) {
      const int roll = percent();
      const job_kind kind = roll < 2    ? job_kind::slow
                            : roll < 7  ? job_kind::fails
                            : roll < 15 ? job_kind::cooperative
                                        : job_kind::quick;
      if (percent() < 10) {  // a batch
        const size_t count = static_cast<size_t>(1 + percent() % 64);
        std::vector<tpool_job_desc> descs;
        std::vector<job_entry *> entries;
        for (size_t i = 0; i < count; ++i) {
          job_entry &entry = ledger.add(i == 0 ? kind : job_kind::quick);
          entries.push_back(&entry);
          descs.push_back(job_ledger::describe(entry, static_cast<int32_t>(percent() % 3)));
        }
        std::vector<tpool_job *> out(count, nullptr);
        const bool keep = percent() < 20;
        const tpool_status status =
            tpool_submit_batch(pool, descs.data(), count, keep ? out.data() : nullptr);
        if (status == TPOOL_OK) {
          for (job_entry *entry : entries) entry->accepted = true;
          if (keep) handles.insert(handles.end(), out.begin(), out.end());
        } else if (status != TPOOL_E_SHUT_DOWN) {
          check_status(status, TPOOL_OK, "tpool_submit_batch");
        }
        submitted += static_cast<int>(count);
      } else {
        job_entry &entry = ledger.add(kind);
        const tpool_job_desc desc =
            job_ledger::describe(entry, static_cast<int32_t>(percent() % 3));
        tpool_job *handle = nullptr;
        const bool keep = percent() < 30;
        const tpool_status status = tpool_submit_ex(pool, &desc, keep ? &handle : nullptr);
        if (status == TPOOL_OK) {
          entry.accepted = true;
          if (keep) handles.push_back(handle);
        } else if (status != TPOOL_E_SHUT_DOWN) {
          check_status(status, TPOOL_OK, "tpool_submit_ex");
        }
        ++submitted;
      }
      // Cancel a random kept handle now and then; every answer is legal
      // except an error.
      if (!handles.empty() && percent() < 8) {
        tpool_job *victim = handles[static_cast<size_t>(percent()) % handles.size()];
        const tpool_status status = tpool_job_cancel(victim);
        if (status != TPOOL_OK && status != TPOOL_E_JOB_RUNNING && status != TPOOL_E_JOB_FINISHED) {
          check_status(status, TPOOL_OK, "tpool_job_cancel");
        }
      }
      if (stop_on_shutdown.load(std::memory_order_relaxed) && percent() < 5) break;
    }
  }

  // Every kept handle must agree with the ledger's outcome, then is released.
  void check_and_release_handles() {
    for (tpool_job *handle : handles) {
      tpool_job_state state = TPOOL_JOB_QUEUED;
      check_status(tpool_job_get_state(handle, &state), TPOOL_OK, "tpool_job_get_state");
      if (state != TPOOL_JOB_DONE && state != TPOOL_JOB_FAILED && state != TPOOL_JOB_CANCELLED) {
        fail("a handle reports a non-final state after shutdown");
      }
      check_status(tpool_job_release(handle), TPOOL_OK, "tpool_job_release");
    }
    handles.clear();
  }
};

struct soak_totals {
  uint64_t cycles = 0;
  job_ledger::totals jobs;
  uint64_t grown = 0, reaped = 0, cancel_all_calls = 0, shutdown_timeouts = 0;
};

void check_stats_match(const tpool_stats &stats, const job_ledger::totals &t) {
  for (int p = 0; p < TPOOL_PRIORITY_COUNT; ++p) {
    const tpool_priority_stats &s = stats.priority[p];
    const std::string where = " at priority " + std::to_string(p);
    if (s.submitted != t.accepted_at[p]) fail("stats.submitted differs from accepted jobs" + where);
    if (s.done != t.done_at[p]) fail("stats.done differs from the ledger" + where);
    if (s.failed != t.failed_at[p]) fail("stats.failed differs from the ledger" + where);
    if (s.cancelled != t.cancelled_at[p]) fail("stats.cancelled differs from the ledger" + where);
    if (s.queued != 0) fail("jobs still queued after shutdown" + where);
    if (s.started != s.done + s.failed) fail("started != done + failed" + where);
  }
}

void run_cycle(std::mt19937_64 &rng, soak_totals &totals) {
  const cycle_shape shape = random_shape(rng);
  tpool_config config;
  tpool_config_init(&config);
  config.min_workers = shape.min_workers;
  config.max_workers = shape.max_workers;
  config.idle_timeout_ms = shape.idle_timeout_ms;
  config.starvation_bound_ms = shape.starvation_bound_ms;
  config.thread_name_prefix = "soak";
  tpool_pool *pool = nullptr;
  check_status(tpool_create(&config, &pool), TPOOL_OK, "tpool_create");

  std::vector<producer> producers(static_cast<size_t>(shape.producers));
  std::atomic<bool> shutting_down{false};
  std::vector<std::thread> threads;
  for (producer &p : producers) {
    p.seed = rng();
    threads.emplace_back([&, jobs = shape.jobs_per_producer] { p.run(pool, jobs, shutting_down); });
  }
  if (std::uniform_int_distribution<int>(0, 5)(rng) == 0) {
    size_t cancelled = 0;
    check_status(tpool_cancel_all(pool, &cancelled), TPOOL_OK, "tpool_cancel_all");
    ++totals.cancel_all_calls;
  }
  if (!shape.shutdown_mid_stream) {
    for (std::thread &t : threads) t.join();
    threads.clear();
    if (shape.pause_for_reaping) {
      check_status(tpool_wait_idle(pool, TPOOL_INFINITE), TPOOL_OK, "tpool_wait_idle");
      std::this_thread::sleep_for(std::chrono::milliseconds(shape.idle_timeout_ms * 3 + 5));
    }
  }
  shutting_down = true;
  // A short first timeout exercises the "call again" path.
  const tpool_status first = tpool_shutdown(pool, shape.mode, 1);
  if (first == TPOOL_E_TIMEOUT) {
    ++totals.shutdown_timeouts;
  } else {
    check_status(first, TPOOL_OK, "tpool_shutdown");
  }
  for (std::thread &t : threads) t.join();
  check_status(tpool_shutdown(pool, shape.mode, TPOOL_INFINITE), TPOOL_OK, "tpool_shutdown");

  job_ledger::totals cycle;
  for (producer &p : producers) {
    const std::string problem = p.ledger.verify();
    if (!problem.empty()) fail(problem);
    cycle.add(p.ledger.count());
  }
  tpool_stats stats{};
  stats.struct_size = sizeof(stats);
  check_status(tpool_get_stats(pool, &stats), TPOOL_OK, "tpool_get_stats");
  check_stats_match(stats, cycle);
  totals.grown += stats.workers_grown;
  totals.reaped += stats.workers_reaped;
  // Half the cycles release handles after destroy: they must stay valid.
  const bool release_after_destroy = (rng() & 1u) != 0;
  if (!release_after_destroy) {
    for (producer &p : producers) p.check_and_release_handles();
  }
  check_status(tpool_destroy(pool), TPOOL_OK, "tpool_destroy");
  for (producer &p : producers) p.check_and_release_handles();
  totals.jobs.add(cycle);
  ++totals.cycles;
}

bool parse(int argc, char **argv, options *out) {
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--soak") == 0 && has_value) {
      out->seconds = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--seed") == 0 && has_value) {
      out->seed = std::strtoull(argv[++i], nullptr, 10);
      out->seed_given = true;
    } else if (std::strcmp(argv[i], "--max-rss-growth-mb") == 0 && has_value) {
      out->max_rss_growth_mb = std::atol(argv[++i]);
    } else {
      return false;
    }
  }
  return out->seconds > 0;
}

}  // namespace

int main(int argc, char **argv) {
  options opts;
  if (!parse(argc, argv, &opts)) {
    std::fprintf(stderr, "usage: soak --soak SECONDS [--seed N] [--max-rss-growth-mb N]\n");
    return 2;
  }
  if (!opts.seed_given) {
    opts.seed = static_cast<uint64_t>(clock_type::now().time_since_epoch().count());
  }
  std::printf("soak: %.1f s, seed %" PRIu64 " (rerun with --seed to reproduce)\n", opts.seconds,
              opts.seed);
  std::fflush(stdout);
  std::mt19937_64 rng(opts.seed);
  const uint64_t rss_start = test_support::resident_bytes();
  const auto start = clock_type::now();
  const auto deadline = start + std::chrono::duration<double>(opts.seconds);
  soak_totals totals;
  do {
    run_cycle(rng, totals);
  } while (clock_type::now() < deadline);
  const double elapsed = std::chrono::duration<double>(clock_type::now() - start).count();
  const uint64_t rss_end = test_support::resident_bytes();
  const job_ledger::totals &j = totals.jobs;
  std::printf("soak: %" PRIu64 " cycles in %.1f s; %" PRIu64 " jobs validated (done %" PRIu64
              ", failed %" PRIu64 ", cancelled %" PRIu64 "), %" PRIu64
              " submits refused after shutdown; workers grown %" PRIu64 ", reaped %" PRIu64
              "; cancel_all %" PRIu64 ", shutdown timeouts %" PRIu64 "\n",
              totals.cycles, elapsed, j.accepted, j.done, j.failed, j.cancelled, j.rejected,
              totals.grown, totals.reaped, totals.cancel_all_calls, totals.shutdown_timeouts);
  std::printf("soak: RSS start %" PRIu64 " KiB, end %" PRIu64 " KiB\n", rss_start / 1024,
              rss_end / 1024);
  if (opts.max_rss_growth_mb >= 0 && rss_end > rss_start &&
      rss_end - rss_start > static_cast<uint64_t>(opts.max_rss_growth_mb) * 1024 * 1024) {
    fail("RSS grew by more than " + std::to_string(opts.max_rss_growth_mb) + " MiB");
  }
  std::printf("soak: PASSED\n");
  return 0;
}
