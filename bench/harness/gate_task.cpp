// gate_task: blocks a worker until the probe opens the gate.
#include "bench_os.h"
#include "probes.h"

namespace bench {
namespace {

void run_gate(bench_task *task) {
  gate_task *gate = reinterpret_cast<gate_task *>(task);
  gate->started.fetch_add(1, std::memory_order_acq_rel);
  while (gate->gate->load(std::memory_order_acquire) == 0) {
    os::wait_on_address(*gate->gate, 0, 100);
  }
}

void finish_gate(bench_task *task, task_outcome outcome) {
  gate_task *gate = reinterpret_cast<gate_task *>(task);
  if (outcome == task_outcome::done) gate->succeeded.fetch_add(1, std::memory_order_acq_rel);
  gate->completed.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace

const task_kind kGateTaskKind{&run_gate, &finish_gate};

void open_gate(std::atomic<uint32_t> *gate) {
  gate->store(1, std::memory_order_release);
  os::wake_all(*gate);
}

}  // namespace bench
