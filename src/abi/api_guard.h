// The wrapper every exported function that returns a status runs in.
//
//  - Exception firewall: nothing thrown inside the library crosses the C ABI;
//    std::bad_alloc becomes the DLL's out-of-memory status and anything else
//    its internal-error status.
//  - Status audit (test builds, TPOOL_FAULT_INJECTION): every returned status
//    is checked against the set the public header documents for that
//    function ("Returns:" in its comment; the generated tables in
//    src/*/testing/*_statuses.inc). A status outside the set is counted and
//    the first one remembered, for the test-only exports that the test
//    suites query after every test (tests/support/status_audit.cpp).
//    Release builds compile the audit out.
#ifndef TPOOL_SRC_ABI_API_GUARD_H
#define TPOOL_SRC_ABI_API_GUARD_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>

namespace abi {

// One exported function's documented statuses: bit s set = status s may be
// returned. Statuses are small non-negative numbers (< 32) in both DLLs.
struct documented_function {
  const char *name;
  uint32_t statuses;
};

constexpr uint32_t status_bit(int32_t status) {
  return status >= 0 && status < 32 ? uint32_t{1} << status : 0;
}

#if defined(TPOOL_FAULT_INJECTION)
// Seen and undocumented statuses of every function of one DLL. Thread-safe.
template <size_t N>
class status_audit {
 public:
  explicit constexpr status_audit(const documented_function (&functions)[N])
      : functions_(functions) {}

  void record(size_t function, int32_t status) noexcept {
    const uint32_t bit = status_bit(status);
    seen_[function].fetch_or(bit, std::memory_order_relaxed);
    if ((functions_[function].statuses & bit) != 0 && bit != 0) return;
    if (undocumented_.fetch_add(1, std::memory_order_acq_rel) == 0) {
      first_function_ = functions_[function].name;
      first_status_ = status;
      first_recorded_.store(true, std::memory_order_release);
    }
  }

  // Statuses seen from the named function since the last reset; 0 for an
  // unknown name.
  uint32_t seen(const char *name) const noexcept {
    for (size_t i = 0; i < N; ++i) {
      if (name != nullptr && std::strcmp(functions_[i].name, name) == 0) {
        return seen_[i].load(std::memory_order_relaxed);
      }
    }
    return 0;
  }

  // Undocumented returns since the last reset, and the first of them.
  uint64_t undocumented(const char **out_function, int32_t *out_status) const noexcept {
    const uint64_t count = undocumented_.load(std::memory_order_acquire);
    if (count != 0 && first_recorded_.load(std::memory_order_acquire)) {
      if (out_function != nullptr) *out_function = first_function_;
      if (out_status != nullptr) *out_status = first_status_;
    }
    return count;
  }

  void reset() noexcept {
    for (auto &mask : seen_) mask.store(0, std::memory_order_relaxed);
    first_recorded_.store(false, std::memory_order_relaxed);
    undocumented_.store(0, std::memory_order_release);
  }

 private:
  const documented_function (&functions_)[N];
  std::atomic<uint32_t> seen_[N] = {};
  std::atomic<uint64_t> undocumented_{0};
  std::atomic<bool> first_recorded_{false};
  const char *first_function_ = nullptr;
  int32_t first_status_ = 0;
};
#endif

// Runs body() behind the firewall and, in test builds, audits its status.
// Audit is anything with record(size_t, int32_t), or nullptr_t for none.
template <typename Status, Status kOutOfMemory, Status kInternal, typename Audit, typename Body>
Status guarded(Audit *audit, size_t function, Body &&body) noexcept {
  Status status;
  try {
    status = body();
  } catch (const std::bad_alloc &) {
    status = kOutOfMemory;
  } catch (...) {
    status = kInternal;
  }
#if defined(TPOOL_FAULT_INJECTION)
  if (audit != nullptr) audit->record(function, static_cast<int32_t>(status));
#else
  (void)audit;
  (void)function;
#endif
  return status;
}

}  // namespace abi

#endif  // TPOOL_SRC_ABI_API_GUARD_H
