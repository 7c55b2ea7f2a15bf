#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <process.h>
#include <windows.h>

#include <cstring>
#include <new>

#include "fault_injection.h"
#include "platform.h"

namespace platform {
namespace {
struct start_block {
  thread_entry entry;
  void *arg;
  wchar_t name[64];
};

// SetThreadDescription exists from Windows 10 1607; resolve it at run time so
// the DLL still loads on older systems (and on Wine versions without it).
using set_description_fn = HRESULT(WINAPI *)(HANDLE, PCWSTR);
set_description_fn resolve_set_description() {
  HMODULE kernel = GetModuleHandleW(L"kernel32.dll");
  if (kernel == nullptr) return nullptr;
  return reinterpret_cast<set_description_fn>(
      reinterpret_cast<void *>(GetProcAddress(kernel, "SetThreadDescription")));
}

int to_win32_priority(thread_priority priority) {
  switch (priority) {
    case thread_priority::lowest:
      return THREAD_PRIORITY_LOWEST;
    case thread_priority::below_normal:
      return THREAD_PRIORITY_BELOW_NORMAL;
    case thread_priority::above_normal:
      return THREAD_PRIORITY_ABOVE_NORMAL;
    case thread_priority::highest:
      return THREAD_PRIORITY_HIGHEST;
    case thread_priority::normal:
      break;
  }
  return THREAD_PRIORITY_NORMAL;
}

unsigned __stdcall thread_main(void *raw) {
  start_block *block = static_cast<start_block *>(raw);
  if (block->name[0] != L'\0') {
    static const set_description_fn set_description = resolve_set_description();
    if (set_description != nullptr) set_description(GetCurrentThread(), block->name);
  }
  const thread_entry entry = block->entry;
  void *arg = block->arg;
  delete block;
  entry(arg);
  return 0;
}
}  // namespace

bool thread_start(thread_handle *out, thread_entry entry, void *arg, const thread_options &options,
                  bool *options_applied) {
  if (options_applied != nullptr) *options_applied = true;
  if (fault::should_fail(fault::point::thread_start)) return false;
  start_block *block = new (std::nothrow) start_block{entry, arg, {}};
  if (block == nullptr) return false;
  if (options.name != nullptr) {
    MultiByteToWideChar(CP_UTF8, 0, options.name, -1, block->name,
                        static_cast<int>(sizeof(block->name) / sizeof(block->name[0])) - 1);
  }
  // _beginthreadex (not CreateThread) so the C runtime's per-thread state is
  // set up for callbacks that use it. Started suspended to apply priority and
  // affinity before the first instruction of entry runs.
  const uintptr_t handle = _beginthreadex(nullptr, static_cast<unsigned>(options.stack_size),
                                          thread_main, block, CREATE_SUSPENDED, nullptr);
  if (handle == 0) {
    delete block;
    return false;
  }
  HANDLE thread = reinterpret_cast<HANDLE>(handle);
  bool applied = true;
  if (options.priority != thread_priority::normal &&
      !SetThreadPriority(thread, to_win32_priority(options.priority))) {
    applied = false;
  }
  if (options.affinity_mask != 0) {
    // Processor groups: machines with more than 64 logical processors.
    GROUP_AFFINITY affinity{};
    affinity.Group = options.affinity_group;
    affinity.Mask = static_cast<KAFFINITY>(options.affinity_mask);
    if (!SetThreadGroupAffinity(thread, &affinity, nullptr)) applied = false;
  }
  ResumeThread(thread);
  out->native = thread;
  if (options_applied != nullptr) *options_applied = applied;
  return true;
}

bool affinity_valid(uint16_t group, uint64_t mask) {
  if (mask == 0) return true;
  if (group >= GetActiveProcessorGroupCount()) return false;
  const DWORD count = GetActiveProcessorCount(group);
  return count >= 64 || (mask >> count) == 0;
}

void thread_join(thread_handle *thread) {
  if (thread == nullptr || thread->native == nullptr) return;
  HANDLE handle = static_cast<HANDLE>(thread->native);
  WaitForSingleObject(handle, INFINITE);
  CloseHandle(handle);
  thread->native = nullptr;
}

}  // namespace platform
