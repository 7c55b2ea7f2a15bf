# Export-table check, run as a ctest on the build host (never under Wine):
#   cmake -DFORMAT=pe|elf -DTOOL=<objdump|nm> -DLIBRARY=<dll|so> -DHEADER=<public header>
#         -DPREFIX=PRIOQ|TPOOL -DLIST_FILE=<exported_functions.h> -DLIST_MACRO=<X-macro name>
#         -P check_exports.cmake
# Fails unless
#  1. every exported name is undecorated: no '@' (stdcall/versioned), no '?'
#     (C++ mangling), no leading '_' (x86 cdecl decoration leaking through);
#  2. the exported names, ignoring test-only names containing "_testing_",
#     are exactly the functions the header declares with <PREFIX>_API;
#  3. the X-macro list the dynamic-load test uses names the same functions.
cmake_minimum_required(VERSION 3.25)

foreach(var FORMAT TOOL LIBRARY HEADER PREFIX LIST_FILE LIST_MACRO)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "check_exports.cmake: -D${var}=... is required")
  endif()
endforeach()

# ---- what the library exports --------------------------------------------
if(FORMAT STREQUAL "pe")
  execute_process(COMMAND ${TOOL} -p ${LIBRARY}
    OUTPUT_VARIABLE dump ERROR_VARIABLE dump_error RESULT_VARIABLE dump_result)
elseif(FORMAT STREQUAL "elf")
  execute_process(COMMAND ${TOOL} -D --defined-only ${LIBRARY}
    OUTPUT_VARIABLE dump ERROR_VARIABLE dump_error RESULT_VARIABLE dump_result)
else()
  message(FATAL_ERROR "FORMAT must be pe or elf, not '${FORMAT}'")
endif()
if(NOT dump_result EQUAL 0)
  message(FATAL_ERROR "${TOOL} failed on ${LIBRARY} (${dump_result}): ${dump_error}")
endif()

string(REPLACE ";" "\\;" dump "${dump}")
string(REPLACE "\n" ";" dump_lines "${dump}")
set(exported)
if(FORMAT STREQUAL "pe")
  # objdump -p lists the names under "[Ordinal/Name Pointer] Table", one per
  # line as "[  n] name" (newer binutils: "[  n] +base[  m] name"), up to a
  # blank line.
  set(in_name_table OFF)
  foreach(line IN LISTS dump_lines)
    if(line MATCHES "^\\[Ordinal/Name Pointer\\] Table")
      set(in_name_table ON)
    elseif(in_name_table)
      if(line MATCHES "^[ \t]*$")
        break()
      endif()
      if(line MATCHES "^[ \t]*\\[ *[0-9]+\\] (\\+base\\[ *[0-9]+\\] )?([^ \t]+)[ \t]*$")
        list(APPEND exported "${CMAKE_MATCH_2}")
      else()
        message(FATAL_ERROR "unexpected line in the export name table: '${line}'")
      endif()
    endif()
  endforeach()
else()
  # nm -D --defined-only: "<address> <type> <name>[@@version]".
  foreach(line IN LISTS dump_lines)
    if(line MATCHES "^[0-9a-fA-F]* *[A-Za-z] ([^ \t]+)$")
      list(APPEND exported "${CMAKE_MATCH_1}")
    endif()
  endforeach()
endif()
list(SORT exported)
list(LENGTH exported exported_count)
if(exported_count EQUAL 0)
  message(FATAL_ERROR "no exported names found in ${LIBRARY}:\n${dump}")
endif()

# ---- 1. undecorated --------------------------------------------------------
set(decorated)
foreach(name IN LISTS exported)
  if(name MATCHES "[@?]" OR name MATCHES "^_")
    list(APPEND decorated "${name}")
  endif()
endforeach()

# ---- what the header declares ----------------------------------------------
# Every declaration in the public headers starts a line with <PREFIX>_API and
# carries "<PREFIX>_CALL name(" on that same line.
file(STRINGS ${HEADER} api_lines REGEX "^[ \t]*${PREFIX}_API[ \t]")
set(declared)
foreach(line IN LISTS api_lines)
  if(line MATCHES "${PREFIX}_CALL[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*\\(")
    list(APPEND declared "${CMAKE_MATCH_1}")
  else()
    message(FATAL_ERROR "cannot find '${PREFIX}_CALL name(' in: ${line}")
  endif()
endforeach()
list(SORT declared)
if(NOT declared)
  message(FATAL_ERROR "no ${PREFIX}_API declarations found in ${HEADER}")
endif()

# ---- what the shared X-macro list names --------------------------------------
# The block runs from "#define <LIST_MACRO>(X)" to the first line that does
# not end in a backslash.
file(READ ${LIST_FILE} list_text)
string(FIND "${list_text}" "#define ${LIST_MACRO}(X)" macro_start)
if(macro_start EQUAL -1)
  message(FATAL_ERROR "#define ${LIST_MACRO}(X) not found in ${LIST_FILE}")
endif()
string(SUBSTRING "${list_text}" ${macro_start} -1 list_text)
string(REGEX MATCH "^([^\n]*\\\\\n)*[^\n]*" macro_block "${list_text}")
string(REGEX MATCHALL "X\\([A-Za-z_][A-Za-z0-9_]*\\)" listed_calls "${macro_block}")
set(listed)
foreach(call IN LISTS listed_calls)
  string(REGEX REPLACE "^X\\((.*)\\)$" "\\1" name "${call}")
  list(APPEND listed "${name}")
endforeach()
list(SORT listed)

# ---- compare -----------------------------------------------------------------
set(public_exports ${exported})
list(FILTER public_exports EXCLUDE REGEX "_testing_")
set(missing ${declared})
list(REMOVE_ITEM missing ${public_exports})
set(extra ${public_exports})
list(REMOVE_ITEM extra ${declared})

set(problems)
if(decorated)
  string(APPEND problems "  decorated export names: ${decorated}\n")
endif()
if(missing)
  string(APPEND problems "  declared in the header but not exported: ${missing}\n")
endif()
if(extra)
  string(APPEND problems "  exported but not declared in the header: ${extra}\n")
endif()
if(NOT listed STREQUAL declared)
  string(APPEND problems "  ${LIST_MACRO} in ${LIST_FILE} (${listed}) differs from the header (${declared})\n")
endif()

list(LENGTH declared declared_count)
if(problems)
  message(FATAL_ERROR "export table of ${LIBRARY} does not match ${HEADER}:\n${problems}")
endif()
message(STATUS "${LIBRARY}: ${declared_count} undecorated exports, exactly the header's functions")
