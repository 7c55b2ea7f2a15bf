// What the run was measured on. Only allow-listed facts: never a host name,
// a user name or an absolute path.
#ifndef TPOOL_BENCH_HARNESS_ENVIRONMENT_H
#define TPOOL_BENCH_HARNESS_ENVIRONMENT_H

#include <cstdint>
#include <optional>
#include <string>

namespace bench {

struct environment_info {
  std::string cpu_model;
  uint32_t logical_cores = 1;
  uint32_t physical_cores = 1;
  std::string os;
  std::optional<std::string> wine_version;
  std::optional<std::string> host_os;  // under Wine: the host kernel
  std::string compiler;
  std::string build_type;
  long cxx_standard = 0;
  std::string clock;
  uint64_t clock_frequency = 0;
  std::optional<std::string> power_plan;
  std::string process_priority;
  std::optional<std::string> affinity;
  std::string main_thread_priority = "normal";
  bool stable_mode = false;
  // Cost of one cache-line transfer between two threads (machine_probe.h),
  // measured before the first and after the last scenario; null if it could
  // not be measured.
  std::optional<double> handoff_ns_start;
  std::optional<double> handoff_ns_end;
  // "yes", "no" or "unknown", and what said so (CPUID's hypervisor bit on
  // x86; elsewhere the hypervisor flag in /proc/cpuinfo). A VM's processors
  // may be shared with other guests: nothing inside the guest can tell.
  std::string virtual_machine = "unknown";
  std::optional<std::string> virtual_machine_evidence;
};

// The machine in one line for the page, e.g. "2 logical processors, virtual
// machine (CPUID hypervisor bit), Windows x64 build under Wine wine-8.0 on
// Linux 6.1".
std::string environment_summary(const environment_info &env);

// Reads everything except the stable-mode fields, which apply_stable_settings
// fills. Safe to call once at start-up.
environment_info collect_environment();

struct stability_request {
  bool stable = false;               // --stable
  std::optional<uint64_t> affinity;  // --affinity (mask); with --stable, default: all cores
  std::optional<std::string> process_priority;  // --process-priority: normal | high
};

// Applies the request to this process and the calling (main) thread and
// records what actually took effect in *env. Returns false if any requested
// setting was refused by the OS (the run continues; the JSON says so).
bool apply_stable_settings(const stability_request &request, environment_info *env);

// Per-OS parts, implemented in posix/system_info.cpp and win32/system_info.cpp.
namespace sys {
std::string cpu_model();
uint32_t physical_cores();
std::string os_description();
std::optional<std::string> wine_version();
std::optional<std::string> host_os();
std::optional<std::string> power_plan();
std::string clock_name();
bool set_process_priority(const std::string &level);  // "normal" | "high"
std::string process_priority();
bool set_process_affinity(uint64_t mask);
std::optional<std::string> process_affinity();  // null when every CPU is allowed
// The calling thread to the highest priority below real-time
// (THREAD_PRIORITY_HIGHEST; nice -10 on Linux). False if the OS refused.
bool raise_current_thread_priority();
}  // namespace sys

}  // namespace bench

#endif  // TPOOL_BENCH_HARNESS_ENVIRONMENT_H
