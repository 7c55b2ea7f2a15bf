/*
 * An MSVC-ABI C client whose job callback raises a structured exception
 * (what MSVC-compiled code's C++ throw, or an access violation, is
 * underneath). tpool.h promises that tpool does not catch it: it reaches
 * the process's unhandled-exception filter, as from any thread. The filter
 * here checks the code and exits 0; if tpool caught the exception instead,
 * the job would end and main would report the broken promise with exit 1.
 */
#include "c_system.h"
#include "tpool/tpool.h"

#define RAISED_CODE 0xE0000001ul

typedef struct exception_record {
  unsigned long code;
} exception_record;
typedef struct exception_pointers {
  exception_record *record;
  void *context;
} exception_pointers;
typedef long(__stdcall *unhandled_filter)(exception_pointers *info);

__declspec(dllimport) void __stdcall RaiseException(unsigned long code, unsigned long flags,
                                                    unsigned long count, const uintptr_t *args);
__declspec(dllimport) unhandled_filter __stdcall SetUnhandledExceptionFilter(unhandled_filter f);
__declspec(dllimport) void __cdecl exit(int code);

static long __stdcall filter(exception_pointers *info) {
  const int ours = info->record->code == RAISED_CODE;
  printf("seh_escape_client: the unhandled-exception filter saw code 0x%08lx\n",
         info->record->code);
  exit(ours ? 0 : 2);
  return 0;
}

static void TPOOL_CALL raise_in_job(void *context, tpool_job_info *info) {
  (void)context;
  (void)info;
  RaiseException(RAISED_CODE, 0, 0, NULL);
}

int main(void) {
  tpool_pool *pool = NULL;
  tpool_job *job = NULL;
  tpool_job_state state = TPOOL_JOB_QUEUED;
  SetUnhandledExceptionFilter(filter);
  if (tpool_create(NULL, &pool) != TPOOL_OK) return 3;
  if (tpool_submit(pool, raise_in_job, NULL, TPOOL_PRIORITY_HIGH, &job) != TPOOL_OK) return 3;
  tpool_job_wait(job, 20000, &state);
  printf("seh_escape_client: tpool caught the structured exception (state %d)\n", (int)state);
  return 1;
}
