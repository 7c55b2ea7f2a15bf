// libFuzzer target for tpool.dll: decodes the input into a sequence of API
// calls made from one host thread against a small pool (create with a random
// shape; submit, submit_ex and batch at valid and invalid priorities; cancel,
// wait with 0-2 ms timeouts, status and release of handles; cancel_all;
// stats; wait_idle and shutdown in both modes with small timeouts; job
// groups (create, submit into, wait, cancel, count, release) and parallel
// loops; timers of every mode (valid and invalid descs) with set, query,
// cancel with and without waiting, and release; waits on a few OS events
// that the input signals, with timeouts, cancel and release; and, in
// fault-injection builds, allocation failures in tpool.dll and prioq.dll).
//
// Invariants:
//  - every status is one the contract allows for that call in that state;
//  - a handle's state never leaves a final state, and agrees with its outcome;
//  - stats.submitted counts at least the jobs accepted so far, per priority
//    (all submits come from this thread; loop helpers and the instances of
//    timers and waits come on top), and every snapshot keeps the per-level
//    relations tpool.h promises (done + failed <= started, started +
//    cancelled <= submitted, queued is the difference, max wait <= total);
//  - after wait_idle returns OK every accepted job has its single outcome;
//  - a group's counts add up (done + failed + cancelled + pending ==
//    submitted, submitted == the jobs accepted into it), and after its wait
//    returns OK every job accepted into it has its single outcome;
//  - a parallel loop runs every index exactly once;
//  - a timer or wait never starts an instance after a cancel of it
//    returned, has at most one instance in flight, and a cancelled timer
//    reports CANCELLED;
//  - at the end every accepted job has exactly one outcome, no rejected job
//    ran, every accepted timer and wait retired exactly once with one
//    outcome per instance, and the counters add up: submitted ==
//    done + failed + cancelled, and equals the accepted jobs plus the loop
//    helpers plus the instances fired (exactly when a session used no loop:
//    a loop adopts every unexplained submission, instances included).
#include <cstddef>
#include <cstdint>

#include "fuzz_input.h"
#include "session.h"
#if defined(TPOOL_FUZZ_FAULTS)
#include "prioq_testing.h"
#include "tpool_testing.h"
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#if defined(TPOOL_FUZZ_FAULTS)
  tpool_testing_fault_reset();
  prioq_testing_fault_reset();
#endif
  fuzz::input in(data, size);
  tpool_fuzz::session(in).run();
  return 0;
}
