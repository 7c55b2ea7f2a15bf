// Linked into every GoogleTest program of a fault-injection build: when the
// program ends (under ctest, after its one test), asks each tpool DLL loaded
// in the process whether any exported function returned a status its header
// comment does not list (src/abi/api_guard.h), and fails the program if so.
// The DLLs are found by name at run time, so a program that loads only
// prioq.dll checks only prioq.dll.
#include <gtest/gtest.h>

#include <cstdint>

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <dlfcn.h>
#endif

namespace {

using undocumented_fn = uint64_t (*)(const char **, int32_t *);
using status_string_fn = const char *(*)(int32_t);

template <typename Function>
Function find_export(const char *module, const char *symbol) {
#if defined(_WIN32)
  HMODULE loaded = GetModuleHandleA(module);
  if (loaded == nullptr) return nullptr;
  return reinterpret_cast<Function>(reinterpret_cast<void *>(GetProcAddress(loaded, symbol)));
#else
  (void)module;
  return reinterpret_cast<Function>(dlsym(RTLD_DEFAULT, symbol));
#endif
}

class status_audit_environment : public ::testing::Environment {
 public:
  void TearDown() override {
    struct dll {
      const char *module;
      const char *audit;
      const char *status_string;
    };
    for (const dll &each :
         {dll{"prioq.dll", "prioq_testing_undocumented_statuses", "prioq_status_string"},
          dll{"tpool.dll", "tpool_testing_undocumented_statuses", "tpool_status_string"}}) {
      const auto undocumented = find_export<undocumented_fn>(each.module, each.audit);
      const auto status_string = find_export<status_string_fn>(each.module, each.status_string);
      if (undocumented == nullptr || status_string == nullptr) continue;
      const char *function = "?";
      int32_t status = -1;
      const uint64_t count = undocumented(&function, &status);
      EXPECT_EQ(count, 0u) << function << " returned " << status << " (" << status_string(status)
                           << "), which its header comment does not list (" << count
                           << " such return(s) in all)";
    }
  }
};

::testing::Environment *const registered =
    ::testing::AddGlobalTestEnvironment(new status_audit_environment);

}  // namespace
