/*
 * The entry point of the clang-cl ABI clients, which link no C runtime
 * startup code (there is no MSVC library here): get argc/argv from
 * msvcrt.dll, run main, and leave through msvcrt's exit so that its buffered
 * standard output is flushed.
 */
#include <stddef.h>

typedef struct startup_info {
  int new_mode;
} startup_info;

__declspec(dllimport) int __cdecl __getmainargs(int *argc, char ***argv, char ***env,
                                                int expand_wildcards, startup_info *info);
__declspec(dllimport) void __cdecl exit(int code);

int main(int argc, char **argv);

/* The MSVC ABI marks programs that use floating point with this symbol. */
int _fltused = 0x9875;

void __cdecl mainCRTStartup(void) {
  int argc = 0;
  char **argv = NULL;
  char **env = NULL;
  startup_info info = {0};
  __getmainargs(&argc, &argv, &env, 0, &info);
  exit(main(argc, argv));
}
