/*
 * The few system facilities the C ABI clients use (printing, strings,
 * sleeping, loading a library, an object a tpool wait can be signalled
 * through), from one of two places:
 *  - the usual C library and OS headers (MinGW, GCC, Clang, MSVC builds);
 *  - with TPOOL_ABI_NO_SYSTEM_HEADERS: declarations of their own, for the
 *    clang-cl builds of tests/abi/msvc, which have no MSVC or Windows SDK
 *    headers. The functions then come from msvcrt.dll and kernel32.dll
 *    through import libraries made from the .def files in tests/abi/msvc, so those
 *    programs include nothing but tpool's headers and the compiler's own
 *    <stddef.h> and <stdint.h>: proof that the headers need nothing else.
 * C only.
 */
#ifndef TPOOL_TESTS_ABI_C_SYSTEM_H
#define TPOOL_TESTS_ABI_C_SYSTEM_H

#ifdef __cplusplus
#error "The ABI clients must be compiled as C, not C++."
#endif

/* nanosleep under -std=c17; must precede every system header, so this
 * header comes first in each client. */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stddef.h>
#include <stdint.h>

#if defined(TPOOL_ABI_NO_SYSTEM_HEADERS)

#if !defined(_WIN32)
#error "TPOOL_ABI_NO_SYSTEM_HEADERS is for the clang-cl (MSVC ABI) builds only"
#endif
/* msvcrt.dll (cdecl) */
__declspec(dllimport) int __cdecl printf(const char *format, ...);
__declspec(dllimport) void *__cdecl memset(void *target, int value, size_t size);
__declspec(dllimport) void *__cdecl memcpy(void *target, const void *source, size_t size);
__declspec(dllimport) int __cdecl strcmp(const char *left, const char *right);
/* kernel32.dll (stdcall) */
typedef struct c_module_ *c_module;
typedef void(__stdcall *c_farproc)(void);
__declspec(dllimport) void __stdcall Sleep(unsigned long milliseconds);
__declspec(dllimport) c_module __stdcall LoadLibraryA(const char *file);
__declspec(dllimport) c_farproc __stdcall GetProcAddress(c_module module, const char *name);
__declspec(dllimport) int __stdcall FreeLibrary(c_module module);
__declspec(dllimport) void *__stdcall CreateEventA(void *attributes, int manual_reset,
                                                   int initially_set, const char *name);
__declspec(dllimport) int __stdcall SetEvent(void *event);
__declspec(dllimport) int __stdcall CloseHandle(void *object);
/* Problems go to standard output: msvcrt's stderr needs its FILE table. */
#define c_report printf
static inline void c_sleep_one_ms(void) {
  Sleep(1);
}

#else /* the usual headers */

#include <stdio.h>
#include <string.h>
#if defined(_WIN32)
#include <windows.h>
typedef HMODULE c_module;
typedef FARPROC c_farproc;
static inline void c_sleep_one_ms(void) {
  Sleep(1);
}
#else
#include <time.h>
static inline void c_sleep_one_ms(void) {
  const struct timespec one_ms = {0, 1000000L};
  nanosleep(&one_ms, NULL);
}
#endif
#define c_report(...) fprintf(stderr, __VA_ARGS__)

#endif

/* An object for tpool_object_wait_start: an auto-reset event on Windows, a pipe's
 * read end on POSIX (ready once a byte was written). */
typedef struct c_event {
  intptr_t object;
  intptr_t writer;
} c_event;

#if defined(_WIN32)
static inline int c_event_open(c_event *event) {
  void *handle = CreateEventA(NULL, 0, 0, NULL);
  event->object = (intptr_t)handle;
  event->writer = 0;
  return handle != NULL;
}
static inline void c_event_signal(c_event *event) {
  SetEvent((void *)event->object);
}
static inline void c_event_close(c_event *event) {
  CloseHandle((void *)event->object);
}
#else
#include <unistd.h>
static inline int c_event_open(c_event *event) {
  int fds[2];
  if (pipe(fds) != 0) return 0;
  event->object = fds[0];
  event->writer = fds[1];
  return 1;
}
static inline void c_event_signal(c_event *event) {
  const char byte = 1;
  if (write((int)event->writer, &byte, 1) != 1) c_report("c_event_signal: write failed\n");
}
static inline void c_event_close(c_event *event) {
  close((int)event->object);
  close((int)event->writer);
}
#endif

#endif /* TPOOL_TESTS_ABI_C_SYSTEM_H */
