/*
 * Prints the layout of everything the public headers share with callers:
 * each struct's size and alignment, each field's offset and size, each
 * enum's size and each struct-size constant, one item per line. Built by
 * every compiler the project supports (MinGW GCC and clang-cl, x64 and x86,
 * and natively); tests/abi/compare_layouts.cmake fails when two builds for
 * the same architecture disagree. The item list (layout_items.inc) is
 * generated from the headers, so a field added there is compared at once.
 */
#include "c_system.h"
#include "prioq/prioq.h"
#include "tpool/tpool.h"

#define STRUCT(type) \
  printf("struct %s size %u align %u\n", #type, (unsigned)sizeof(type), (unsigned)_Alignof(type));
#define FIELD(type, field)                                                                  \
  printf("field %s.%s offset %u size %u\n", #type, #field, (unsigned)offsetof(type, field), \
         (unsigned)sizeof(((type *)0)->field));
#define ENUM(type) printf("enum %s size %u\n", #type, (unsigned)sizeof(type));
#define SIZE(constant) printf("constant %s %u\n", #constant, (unsigned)(constant));

int main(void) {
#include "layout_items.inc"
  return 0;
}
