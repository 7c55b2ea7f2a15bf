#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>
#include <new>

#include "fault_injection.h"
#include "platform.h"

namespace platform {
namespace {
// What the new thread needs before it calls entry; freed by the new thread.
struct start_block {
  thread_entry entry;
  void *arg;
  char name[16];  // Linux limits thread names to 15 characters + NUL
  thread_priority priority;
};

// Linux has per-thread nice values (setpriority on the tid); mapping our five
// levels onto nice keeps "normal" at 0. Raising priority needs privileges,
// so it is best effort.
bool apply_priority(thread_priority priority) {
  if (priority == thread_priority::normal) return true;
  const int nice_value = -5 * static_cast<int>(priority);
  const pid_t tid = static_cast<pid_t>(syscall(SYS_gettid));
  return setpriority(PRIO_PROCESS, static_cast<id_t>(tid), nice_value) == 0;
}

void *thread_main(void *raw) {
  start_block *block = static_cast<start_block *>(raw);
  if (block->name[0] != '\0') pthread_setname_np(pthread_self(), block->name);
  apply_priority(block->priority);
  const thread_entry entry = block->entry;
  void *arg = block->arg;
  delete block;
  entry(arg);
  return nullptr;
}
}  // namespace

bool thread_start(thread_handle *out, thread_entry entry, void *arg, const thread_options &options,
                  bool *options_applied) {
  if (options_applied != nullptr) *options_applied = true;
  if (fault::should_fail(fault::point::thread_start)) return false;
  start_block *block = new (std::nothrow) start_block{entry, arg, {}, options.priority};
  pthread_t *thread = new (std::nothrow) pthread_t;
  if (block == nullptr || thread == nullptr) {
    delete block;
    delete thread;
    return false;
  }
  if (options.name != nullptr) std::strncpy(block->name, options.name, sizeof(block->name) - 1);

  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  bool applied = true;
  if (options.stack_size != 0 && pthread_attr_setstacksize(&attributes, options.stack_size) != 0) {
    applied = false;
  }
  if (options.affinity_mask != 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu = 0; cpu < 64 && cpu < CPU_SETSIZE; ++cpu) {
      if ((options.affinity_mask >> cpu) & 1u) CPU_SET(cpu, &set);
    }
    if (pthread_attr_setaffinity_np(&attributes, sizeof(set), &set) != 0) applied = false;
  }
  const int rc = pthread_create(thread, &attributes, thread_main, block);
  pthread_attr_destroy(&attributes);
  if (rc != 0) {
    delete block;
    delete thread;
    return false;
  }
  out->native = thread;
  if (options_applied != nullptr) *options_applied = applied;
  return true;
}

bool affinity_valid(uint16_t /*group*/, uint64_t mask) {
  if (mask == 0) return true;
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) return true;  // cannot tell
  for (int cpu = 0; cpu < 64; ++cpu) {
    if (((mask >> cpu) & 1u) != 0 && (cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed))) {
      return false;
    }
  }
  return true;
}

void thread_join(thread_handle *thread) {
  if (thread == nullptr || thread->native == nullptr) return;
  pthread_t *native = static_cast<pthread_t *>(thread->native);
  pthread_join(*native, nullptr);
  delete native;
  thread->native = nullptr;
}

}  // namespace platform
