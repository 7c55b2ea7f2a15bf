// gate_job: blocks a worker until the probe opens the gate.
#include "platform/platform.h"
#include "probes.h"

namespace bench {
namespace {

void run_gate(bench_job *job) {
  gate_job *gate = reinterpret_cast<gate_job *>(job);
  gate->started.fetch_add(1, std::memory_order_acq_rel);
  while (gate->gate->load(std::memory_order_acquire) == 0) {
    platform::wait_on_address(*gate->gate, 0, 100);
  }
}

void finish_gate(bench_job *job, job_outcome outcome) {
  gate_job *gate = reinterpret_cast<gate_job *>(job);
  if (outcome == job_outcome::done) gate->succeeded.fetch_add(1, std::memory_order_acq_rel);
  gate->completed.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace

const job_kind kGateJobKind{&run_gate, &finish_gate};

void open_gate(std::atomic<uint32_t> *gate) {
  gate->store(1, std::memory_order_release);
  platform::wake_all(*gate);
}

}  // namespace bench
