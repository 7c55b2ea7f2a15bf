// POSIX (Linux) implementation of the environment probes.
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <utility>

#include "environment.h"

namespace bench::sys {

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const size_t colon = line.find(':');
      if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
    }
  }
  return "unknown";
}

uint32_t physical_cores() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  std::set<std::pair<std::string, std::string>> cores;
  std::string package = "0";
  while (std::getline(cpuinfo, line)) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (line.rfind("physical id", 0) == 0) package = value;
    if (line.rfind("core id", 0) == 0) cores.emplace(package, value);
  }
  if (cores.empty()) {
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? static_cast<uint32_t>(online) : 1;
  }
  return static_cast<uint32_t>(cores.size());
}

// sysname and release only: nodename is the host name and is never recorded.
std::string os_description() {
  utsname names{};
  if (uname(&names) != 0) return "unknown";
  return std::string(names.sysname) + " " + names.release;
}

std::optional<std::string> wine_version() {
  return std::nullopt;
}
std::optional<std::string> host_os() {
  return std::nullopt;
}
std::optional<std::string> power_plan() {
  return std::nullopt;
}
std::string clock_name() {
  return "CLOCK_MONOTONIC";
}

bool set_process_priority(const std::string &level) {
  const int nice_value = level == "high" ? -10 : 0;
  return setpriority(PRIO_PROCESS, 0, nice_value) == 0;
}

std::string process_priority() {
  const int nice_value = getpriority(PRIO_PROCESS, 0);
  if (nice_value == 0) return "normal";
  return (nice_value < 0 ? "high (nice " : "low (nice ") + std::to_string(nice_value) + ")";
}

bool set_process_affinity(uint64_t mask) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu = 0; cpu < 64; ++cpu) {
    if ((mask >> cpu) & 1u) CPU_SET(cpu, &set);
  }
  return sched_setaffinity(0, sizeof(set), &set) == 0;
}

// Linux keeps a nice value per thread: setpriority on the thread id.
// Raising it needs privileges, so it is often refused.
bool raise_current_thread_priority() {
  const pid_t tid = static_cast<pid_t>(syscall(SYS_gettid));
  return setpriority(PRIO_PROCESS, static_cast<id_t>(tid), -10) == 0;
}

std::optional<std::string> process_affinity() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return std::nullopt;
  const long online = sysconf(_SC_NPROCESSORS_ONLN);
  if (CPU_COUNT(&set) >= online) return std::nullopt;
  uint64_t mask = 0;
  for (int cpu = 0; cpu < 64; ++cpu) {
    if (CPU_ISSET(cpu, &set)) mask |= uint64_t{1} << cpu;
  }
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(mask));
  return std::string(text);
}

}  // namespace bench::sys
