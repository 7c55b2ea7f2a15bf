// Cancellation latency: with the only worker held by a gate task, queue many
// LOW tasks and time tpool_cancel_all over all of them; then queue more as
// tpool jobs with handles and time tpool_job_cancel per handle. Every task
// must end CANCELLED exactly once and never run.
#include <tpool/tpool.h>

#include <chrono>
#include <memory>
#include <thread>

#include "bench_os.h"
#include "peer_pool.h"
#include "probes.h"
#include "task_inputs.h"
#include "tpool_peer.h"

namespace bench {
namespace {

// tpool's job callbacks for the tasks submitted with handles: each tpool job
// carries one bench task as its context.
void TPOOL_CALL run_task_job(void *context, tpool_job_info *) {
  bench_task *task = static_cast<bench_task *>(context);
  task->kind->run(task);
}

void TPOOL_CALL complete_task_job(void *context, tpool_job_state outcome) {
  bench_task *task = static_cast<bench_task *>(context);
  task->kind->finish(task, outcome == TPOOL_JOB_DONE        ? task_outcome::done
                           : outcome == TPOOL_JOB_CANCELLED ? task_outcome::cancelled
                                                            : task_outcome::failed);
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
  const size_t bulk_tasks = options.quick ? 1000 : 10000;
  const size_t handle_tasks = options.quick ? 200 : 1000;
  pool_settings settings;
  settings.workers = 1;
  std::unique_ptr<peer_pool> peer = make_peer("tpool", settings, failure);
  if (!peer || !peer->wait_until_ready(30000)) {
    if (failure->empty()) *failure = "cancellation probe: pool not ready";
    return false;
  }
  tpool_pool *pool = tpool_handle(peer.get());

  std::atomic<uint32_t> gate_word{0};
  gate_task gate;
  gate.task.kind = &kGateTaskKind;
  gate.gate = &gate_word;
  peer->submit(&gate.task, 0);
  while (gate.started.load(std::memory_order_acquire) == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }

  task_group group(0);
  task_array bulk(std::vector<int32_t>(bulk_tasks, 2), &group);
  task_array handled(std::vector<int32_t>(handle_tasks, 2), &group);
  group.expected.store(bulk_tasks + handle_tasks, std::memory_order_release);
  for (size_t i = 0; i < bulk.size(); ++i) {
    submit_task(*peer, bulk[i], 2);
  }
  size_t cancelled_by_all = 0;
  const uint64_t all_start = os::ticks();
  const tpool_status all_status = tpool_cancel_all(pool, &cancelled_by_all);
  const uint64_t all_stop = os::ticks();

  std::vector<tpool_job *> handles(handle_tasks, nullptr);
  for (size_t i = 0; i < handled.size(); ++i) {
    tpool_job_desc desc;
    tpool_job_desc_init(&desc);
    desc.priority = 2;
    desc.fn = &run_task_job;
    desc.context = &handled[i].task;
    desc.on_complete = &complete_task_job;
    if (tpool_submit_ex(pool, &desc, &handles[i]) == TPOOL_OK) handled[i].accepted.fetch_add(1);
  }
  size_t handle_cancel_ok = 0;
  const uint64_t one_start = os::ticks();
  for (tpool_job *job : handles) {
    if (job != nullptr && tpool_job_cancel(job) == TPOOL_OK) ++handle_cancel_ok;
  }
  const uint64_t one_stop = os::ticks();
  for (tpool_job *job : handles) {
    if (job != nullptr) tpool_job_release(job);
  }

  open_gate(&gate_word);
  const bool finished = group.wait_all_finished(60000);
  peer->shutdown();
  const bool empty = peer->queue_empty();
  peer.reset();

  if (all_status != TPOOL_OK || cancelled_by_all != bulk_tasks ||
      handle_cancel_ok != handle_tasks || !finished || !empty || gate.completed.load() != 1 ||
      gate.succeeded.load() != 1) {
    *failure = "cancellation probe: cancel_all/cancel counts or the gate task's outcome are wrong";
    return false;
  }
  if (options.fault == injected_fault::wrong_checksum) {
    *failure = "cancellation probe: injected fault";
    return false;
  }
  if (!all_cancelled_once(bulk, failure) || !all_cancelled_once(handled, failure)) return false;

  const double frequency = static_cast<double>(os::tick_frequency());
  const double all_ms = static_cast<double>(all_stop - all_start) * 1000.0 / frequency;
  const double one_ns = static_cast<double>(one_stop - one_start) * 1e9 / frequency /
                        static_cast<double>(handle_tasks);
  report->extra["cancellation"] = nlohmann::json{
      {"pool", "tpool"},
      {"cancel_all_tasks", bulk_tasks},
      {"cancel_all_ms", finite(all_ms)},
      {"cancel_all_ns_per_task", finite(all_ms * 1e6 / static_cast<double>(bulk_tasks))},
      {"job_cancel_tasks", handle_tasks},
      {"job_cancel_ns_per_call", finite(one_ns)}};
  return true;
}

}  // namespace bench
