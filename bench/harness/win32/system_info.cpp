// Windows implementation of the environment probes. Under Wine, ntdll's
// wine_get_version / wine_get_host_version identify the emulator and host.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
// powrprof.h needs the types from windows.h first.
#include <powrprof.h>

#include <cstdio>
#include <string>
#include <vector>

#include "environment.h"

namespace bench::sys {
namespace {

std::string narrow(const wchar_t *text) {
  const int bytes = WideCharToMultiByte(CP_UTF8, 0, text, -1, nullptr, 0, nullptr, nullptr);
  if (bytes <= 1) return "";
  std::string result(static_cast<size_t>(bytes - 1), '\0');
  WideCharToMultiByte(CP_UTF8, 0, text, -1, result.data(), bytes, nullptr, nullptr);
  return result;
}

template <typename Fn>
Fn ntdll_function(const char *name) {
  HMODULE ntdll = GetModuleHandleW(L"ntdll.dll");
  if (ntdll == nullptr) return nullptr;
  return reinterpret_cast<Fn>(reinterpret_cast<void *>(GetProcAddress(ntdll, name)));
}

std::string trim(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\0')) text.pop_back();
  size_t first = 0;
  while (first < text.size() && text[first] == ' ') ++first;
  return text.substr(first);
}

}  // namespace

std::string cpu_model() {
  wchar_t name[256] = {};
  DWORD size = sizeof(name);
  if (RegGetValueW(HKEY_LOCAL_MACHINE, L"HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                   L"ProcessorNameString", RRF_RT_REG_SZ, nullptr, name, &size) == ERROR_SUCCESS) {
    return trim(narrow(name));
  }
  return "unknown";
}

uint32_t physical_cores() {
  DWORD length = 0;
  GetLogicalProcessorInformationEx(RelationProcessorCore, nullptr, &length);
  if (length == 0) return 1;
  std::vector<unsigned char> buffer(length);
  auto *info = reinterpret_cast<SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *>(buffer.data());
  if (!GetLogicalProcessorInformationEx(RelationProcessorCore, info, &length)) return 1;
  uint32_t cores = 0;
  for (DWORD offset = 0; offset < length;) {
    auto *entry =
        reinterpret_cast<SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX *>(buffer.data() + offset);
    if (entry->Relationship == RelationProcessorCore) ++cores;
    if (entry->Size == 0) break;
    offset += entry->Size;
  }
  return cores == 0 ? 1 : cores;
}

std::string os_description() {
  using rtl_get_version = LONG(WINAPI *)(OSVERSIONINFOW *);
  OSVERSIONINFOW version{};
  version.dwOSVersionInfoSize = sizeof(version);
  auto get_version = ntdll_function<rtl_get_version>("RtlGetVersion");
  if (get_version == nullptr || get_version(&version) != 0) return "Windows (unknown version)";
  return "Windows " + std::to_string(version.dwMajorVersion) + "." +
         std::to_string(version.dwMinorVersion) + " build " + std::to_string(version.dwBuildNumber);
}

std::optional<std::string> wine_version() {
  using get_version = const char *(__cdecl *)();
  auto wine_get_version = ntdll_function<get_version>("wine_get_version");
  if (wine_get_version == nullptr) return std::nullopt;
  const char *text = wine_get_version();
  return text != nullptr ? std::optional<std::string>(std::string("wine-") + text) : std::nullopt;
}

// Only the kernel's name and release; wine_get_host_version does not expose
// the host name through these two fields.
std::optional<std::string> host_os() {
  using get_host = void(__cdecl *)(const char **sysname, const char **release);
  auto wine_get_host_version = ntdll_function<get_host>("wine_get_host_version");
  if (wine_get_host_version == nullptr) return std::nullopt;
  const char *sysname = nullptr;
  const char *release = nullptr;
  wine_get_host_version(&sysname, &release);
  if (sysname == nullptr) return std::nullopt;
  return std::string(sysname) + (release != nullptr ? std::string(" ") + release : "");
}

std::optional<std::string> power_plan() {
  GUID *scheme = nullptr;
  if (PowerGetActiveScheme(nullptr, &scheme) != ERROR_SUCCESS || scheme == nullptr) {
    return std::nullopt;
  }
  std::optional<std::string> result;
  DWORD size = 0;
  if (PowerReadFriendlyName(nullptr, scheme, nullptr, nullptr, nullptr, &size) == ERROR_SUCCESS &&
      size > 0) {
    std::vector<unsigned char> buffer(size + sizeof(wchar_t));
    if (PowerReadFriendlyName(nullptr, scheme, nullptr, nullptr, buffer.data(), &size) ==
        ERROR_SUCCESS) {
      const std::string name = narrow(reinterpret_cast<const wchar_t *>(buffer.data()));
      if (!name.empty()) result = name;
    }
  }
  LocalFree(scheme);
  return result;
}

std::string clock_name() {
  return "QueryPerformanceCounter";
}

bool set_process_priority(const std::string &level) {
  return SetPriorityClass(GetCurrentProcess(),
                          level == "high" ? HIGH_PRIORITY_CLASS : NORMAL_PRIORITY_CLASS) != FALSE;
}

std::string process_priority() {
  switch (GetPriorityClass(GetCurrentProcess())) {
    case IDLE_PRIORITY_CLASS:
      return "idle";
    case BELOW_NORMAL_PRIORITY_CLASS:
      return "below_normal";
    case NORMAL_PRIORITY_CLASS:
      return "normal";
    case ABOVE_NORMAL_PRIORITY_CLASS:
      return "above_normal";
    case HIGH_PRIORITY_CLASS:
      return "high";
    case REALTIME_PRIORITY_CLASS:
      return "realtime";
    default:
      return "unknown";
  }
}

bool set_process_affinity(uint64_t mask) {
  return SetProcessAffinityMask(GetCurrentProcess(), static_cast<DWORD_PTR>(mask)) != FALSE;
}

bool raise_current_thread_priority() {
  return SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_HIGHEST) != FALSE;
}

std::optional<std::string> process_affinity() {
  DWORD_PTR process_mask = 0;
  DWORD_PTR system_mask = 0;
  if (!GetProcessAffinityMask(GetCurrentProcess(), &process_mask, &system_mask)) {
    return std::nullopt;
  }
  if (process_mask == system_mask) return std::nullopt;
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx", static_cast<unsigned long long>(process_mask));
  return std::string(text);
}

}  // namespace bench::sys
