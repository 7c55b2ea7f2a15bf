// Cancellation latency: with the only worker held by a gate job, queue many
// LOW jobs and time tpool_cancel_all over all of them; then queue more with
// handles and time tpool_job_cancel per handle. Every job must end CANCELLED
// exactly once and never run.
#include <tpool/tpool.h>

#include <memory>

#include "peer_pool.h"
#include "platform/platform.h"
#include "probes.h"
#include "task_inputs.h"
#include "tpool_peer.h"

namespace bench {
namespace {

void TPOOL_CALL run_record(void *context, tpool_job_info *) {
  bench_job *job = static_cast<bench_job *>(context);
  job->kind->run(job);
}

void TPOOL_CALL complete_record(void *context, tpool_job_state outcome) {
  bench_job *job = static_cast<bench_job *>(context);
  job->kind->finish(job, outcome == TPOOL_JOB_DONE        ? job_outcome::done
                         : outcome == TPOOL_JOB_CANCELLED ? job_outcome::cancelled
                                                          : job_outcome::failed);
}

bool all_cancelled_once(const task_array &tasks, std::string *failure) {
  for (size_t i = 0; i < tasks.size(); ++i) {
    const task_record &task = tasks[i];
    if (task.accepted.load() != 1 || task.executed.load() != 0 || task.completed.load() != 1 ||
        task.cancelled.load() != 1 || task.succeeded.load() != 0) {
      *failure = "cancellation probe: task " + std::to_string(i) +
                 " did not end CANCELLED exactly once without running";
      return false;
    }
  }
  return true;
}

}  // namespace

bool run_cancellation_probe(const probe_options &options, run_report *report,
                            std::string *failure) {
  const size_t bulk_jobs = options.quick ? 1000 : 10000;
  const size_t handle_jobs = options.quick ? 200 : 1000;
  pool_settings settings;
  settings.workers = 1;
  std::unique_ptr<peer_pool> peer = make_peer("tpool", settings, failure);
  if (!peer || !peer->wait_until_ready(30000)) {
    if (failure->empty()) *failure = "cancellation probe: pool not ready";
    return false;
  }
  tpool_pool *pool = tpool_handle(peer.get());

  std::atomic<uint32_t> gate_word{0};
  gate_job gate;
  gate.job.kind = &kGateJobKind;
  gate.gate = &gate_word;
  peer->submit(&gate.job, 0);
  while (gate.started.load(std::memory_order_acquire) == 0) platform::sleep_ms(1);

  run_context context(0);
  task_array bulk(std::vector<int32_t>(bulk_jobs, 2), &context);
  task_array handled(std::vector<int32_t>(handle_jobs, 2), &context);
  context.expected.store(bulk_jobs + handle_jobs, std::memory_order_release);
  for (size_t i = 0; i < bulk.size(); ++i) {
    if (peer->submit(&bulk[i].job, 2)) bulk[i].accepted.fetch_add(1);
  }
  size_t cancelled_by_all = 0;
  const uint64_t all_start = platform::ticks();
  const tpool_status all_status = tpool_cancel_all(pool, &cancelled_by_all);
  const uint64_t all_stop = platform::ticks();

  std::vector<tpool_job *> handles(handle_jobs, nullptr);
  for (size_t i = 0; i < handled.size(); ++i) {
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = 2;
    desc.fn = &run_record;
    desc.context = &handled[i].job;
    desc.on_complete = &complete_record;
    if (tpool_submit_ex(pool, &desc, &handles[i]) == TPOOL_OK) handled[i].accepted.fetch_add(1);
  }
  size_t handle_cancel_ok = 0;
  const uint64_t one_start = platform::ticks();
  for (tpool_job *job : handles) {
    if (job != nullptr && tpool_job_cancel(job) == TPOOL_OK) ++handle_cancel_ok;
  }
  const uint64_t one_stop = platform::ticks();
  for (tpool_job *job : handles) {
    if (job != nullptr) tpool_job_release(job);
  }

  open_gate(&gate_word);
  const bool finished = context.wait_all_finished(60000);
  peer->shutdown();
  const bool empty = peer->queue_empty();
  peer.reset();

  if (all_status != TPOOL_OK || cancelled_by_all != bulk_jobs || handle_cancel_ok != handle_jobs ||
      !finished || !empty || gate.completed.load() != 1 || gate.succeeded.load() != 1) {
    *failure = "cancellation probe: cancel_all/cancel counts or the gate job's outcome are wrong";
    return false;
  }
  if (options.fault == injected_fault::wrong_checksum) {
    *failure = "cancellation probe: injected fault";
    return false;
  }
  if (!all_cancelled_once(bulk, failure) || !all_cancelled_once(handled, failure)) return false;

  const double frequency = static_cast<double>(platform::tick_frequency());
  const double all_ms = static_cast<double>(all_stop - all_start) * 1000.0 / frequency;
  const double one_ns = static_cast<double>(one_stop - one_start) * 1e9 / frequency /
                        static_cast<double>(handle_jobs);
  report->extra["cancellation"] = nlohmann::json{
      {"pool", "tpool"},
      {"cancel_all_jobs", bulk_jobs},
      {"cancel_all_ms", finite(all_ms)},
      {"cancel_all_ns_per_job", finite(all_ms * 1e6 / static_cast<double>(bulk_jobs))},
      {"job_cancel_jobs", handle_jobs},
      {"job_cancel_ns_per_call", finite(one_ns)}};
  return true;
}

}  // namespace bench
