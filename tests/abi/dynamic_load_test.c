/*
 * Loads a tpool DLL/.so at run time (LoadLibrary/GetProcAddress on Windows,
 * dlopen/dlsym elsewhere) and resolves every function its header declares by
 * its plain, undecorated name, as a host written in another language would.
 *   dynamic_load_test <library file> prioq|tpool
 * The names come from exported_functions.h, the list the export-table test
 * also checks against the header. Exit code 0 when every name resolves.
 */
#ifdef __cplusplus
#error "dynamic_load_test.c must be compiled as C, not C++."
#endif

#include "c_system.h" /* first: it sets the feature macros */

#ifndef _WIN32
#include <dlfcn.h>
#endif

#include "exported_functions.h"
#include "prioq/prioq.h"
#include "tpool/tpool.h"

typedef void (*any_function)(void);
typedef uint32_t (*version_function)(void);

#define NAME_STRING_(name) #name,
static const char *const prioq_names[] = {PRIOQ_EXPORTED_FUNCTIONS(NAME_STRING_) NULL};
static const char *const tpool_names[] = {TPOOL_EXPORTED_FUNCTIONS(NAME_STRING_) NULL};
#undef NAME_STRING_

#ifdef _WIN32
typedef c_module library_handle;
static library_handle open_library(const char *path) {
  return LoadLibraryA(path);
}
static any_function find_function(library_handle library, const char *name) {
  c_farproc address = GetProcAddress(library, name);
  any_function function;
  /* FARPROC and any_function are both function pointers of the same size. */
  memcpy(&function, &address, sizeof function);
  return function;
}
static void close_library(library_handle library) {
  FreeLibrary(library);
}
static const char *last_error(void) {
  return "LoadLibraryA failed (see GetLastError)";
}
#else
typedef void *library_handle;
static library_handle open_library(const char *path) {
  return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}
static any_function find_function(library_handle library, const char *name) {
  void *address = dlsym(library, name);
  any_function function;
  /* POSIX guarantees a dlsym result converts to a function pointer; ISO C
   * has no cast for it, so copy the bits. */
  memcpy(&function, &address, sizeof function);
  return function;
}
static void close_library(library_handle library) {
  dlclose(library);
}
static const char *last_error(void) {
  const char *error = dlerror();
  return error != NULL ? error : "dlopen failed";
}
#endif

int main(int argc, char **argv) {
  const char *const *names;
  const char *version_name;
  uint32_t expected_version;
  library_handle library;
  int unresolved = 0;
  int resolved = 0;
  size_t i;

  if (argc != 3 || (strcmp(argv[2], "prioq") != 0 && strcmp(argv[2], "tpool") != 0)) {
    c_report("usage: %s <library file> prioq|tpool\n", argv[0]);
    return 2;
  }
  names = strcmp(argv[2], "prioq") == 0 ? prioq_names : tpool_names;
  version_name = strcmp(argv[2], "prioq") == 0 ? "prioq_version" : "tpool_version";
  expected_version =
      strcmp(argv[2], "prioq") == 0 ? (uint32_t)PRIOQ_VERSION_HEX : (uint32_t)TPOOL_VERSION_HEX;

  library = open_library(argv[1]);
  if (library == NULL) {
    c_report("cannot load %s: %s\n", argv[1], last_error());
    return 1;
  }
  for (i = 0; names[i] != NULL; ++i) {
    if (find_function(library, names[i]) == NULL) {
      c_report("%s: %s does not resolve\n", argv[1], names[i]);
      ++unresolved;
    } else {
      ++resolved;
    }
  }
  if (unresolved == 0) {
    /* Call through the resolved pointer: proves it is the real function
     * with the expected calling convention, not just a matching name. */
    version_function version;
    any_function function = find_function(library, version_name);
    memcpy(&version, &function, sizeof version);
    if (version() != expected_version) {
      c_report("%s() returned 0x%06x, expected 0x%06x\n", version_name, (unsigned)version(),
               (unsigned)expected_version);
      ++unresolved;
    }
  }
  close_library(library);
  if (unresolved != 0) return 1;
  printf("%s: all %d %s functions resolved by name\n", argv[1], resolved, argv[2]);
  return 0;
}
