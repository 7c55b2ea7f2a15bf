#include "environment.h"

#include <cstdio>

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

}  // namespace

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
