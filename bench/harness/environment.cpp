#include "environment.h"

#include <cstdio>
#include <fstream>
#include <string>

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
#if defined(_MSC_VER)
#include <intrin.h>
#else
#include <cpuid.h>
#endif
#define BENCH_HAVE_CPUID 1
#endif

#include "bench_os.h"

#ifndef BENCH_BUILD_TYPE
#define BENCH_BUILD_TYPE "unknown"
#endif

namespace bench {
namespace {

std::string compiler_description() {
  std::string name;
#if defined(__clang__)
  name = "Clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__);
#elif defined(__GNUC__)
  name = "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__);
#elif defined(_MSC_VER)
  name = "MSVC " + std::to_string(_MSC_FULL_VER);
#else
  name = "unknown compiler";
#endif
#if defined(__MINGW32__)
  name += " (MinGW-w64)";
#endif
  return name;
}

long cxx_standard() {
#if defined(_MSVC_LANG)
  return static_cast<long>(_MSVC_LANG);
#else
  return static_cast<long>(__cplusplus);
#endif
}

// CPUID leaf 1, ECX bit 31: set by hypervisors for their guests (clear on
// bare metal). Under Wine the instruction runs natively, so it describes the
// real machine.
void detect_virtual_machine(environment_info *env) {
#if defined(BENCH_HAVE_CPUID)
  unsigned ecx = 0;
#if defined(_MSC_VER)
  int regs[4] = {0, 0, 0, 0};
  __cpuid(regs, 1);
  ecx = static_cast<unsigned>(regs[2]);
#else
  unsigned eax = 0, ebx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return;
#endif
  const bool guest = (ecx >> 31) & 1u;
  env->virtual_machine = guest ? "yes" : "no";
  env->virtual_machine_evidence = guest ? "CPUID hypervisor bit set" : "CPUID hypervisor bit clear";
#else
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("flags", 0) != 0 && line.rfind("Features", 0) != 0) continue;
    if (line.find(" hypervisor") != std::string::npos) {
      env->virtual_machine = "yes";
      env->virtual_machine_evidence = "hypervisor flag in /proc/cpuinfo";
      return;
    }
  }
  // No flag is no proof of bare metal on these processors: stay "unknown".
#endif
}

}  // namespace

std::string environment_summary(const environment_info &env) {
  std::string text = std::to_string(env.logical_cores) + " logical processor" +
                     (env.logical_cores == 1 ? "" : "s") + ", ";
  if (env.virtual_machine == "yes") {
    text += "virtual machine";
  } else if (env.virtual_machine == "no") {
    text += "not a virtual machine";
  } else {
    text += "virtual machine or not: unknown";
  }
  if (env.virtual_machine_evidence) text += " (" + *env.virtual_machine_evidence + ")";
  if (env.wine_version) {
#if defined(_WIN64)
    text += ", Windows x64 build";
#else
    text += ", Windows x86 build";
#endif
    text += " under Wine " + *env.wine_version + " on " + env.host_os.value_or("Linux");
  } else {
    text += ", " + env.os;
  }
  return text;
}

environment_info collect_environment() {
  environment_info env;
  env.cpu_model = sys::cpu_model();
  env.logical_cores = os::logical_cpu_count();
  env.physical_cores = sys::physical_cores();
  env.os = sys::os_description();
  env.wine_version = sys::wine_version();
  env.host_os = sys::host_os();
  env.compiler = compiler_description();
  env.build_type = BENCH_BUILD_TYPE;
  env.cxx_standard = cxx_standard();
  env.clock = sys::clock_name();
  env.clock_frequency = os::tick_frequency();
  env.power_plan = sys::power_plan();
  env.process_priority = sys::process_priority();
  env.affinity = sys::process_affinity();
  detect_virtual_machine(&env);
  return env;
}

bool apply_stable_settings(const stability_request &request, environment_info *env) {
  bool all_applied = true;
  env->stable_mode = request.stable;
  std::optional<std::string> priority = request.process_priority;
  if (!priority && request.stable) priority = "high";
  if (priority && !sys::set_process_priority(*priority)) all_applied = false;
  std::optional<uint64_t> mask = request.affinity;
  if (!mask && request.stable) {
    const uint32_t cores = env->logical_cores < 64 ? env->logical_cores : 64;
    mask = cores == 64 ? ~uint64_t{0} : ((uint64_t{1} << cores) - 1);
  }
  if (mask && !sys::set_process_affinity(*mask)) all_applied = false;
  if (request.stable) {
    if (sys::raise_current_thread_priority()) {
      env->main_thread_priority = "highest";
    } else {
      all_applied = false;
    }
  }
  env->process_priority = sys::process_priority();
  env->affinity = sys::process_affinity();
  if (mask && !env->affinity) {
    // The requested mask covers every CPU: record it anyway, it was asked for.
    char text[32];
    std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(*mask));
    env->affinity = std::string(text);
  }
  return all_applied;
}

}  // namespace bench
