#!/usr/bin/env bash
# Static checks tools/test.sh runs before the test suites:
#   format      every C and C++ file matches .clang-format (clang-format --dry-run)
#   shell lint  every bash script, by shellcheck (tools/*.sh, .ci/run)
#   clang-tidy  the DLLs' sources and the example app with .clang-tidy's checks,
#               compiled as the linux-clang-thread-safety preset compiles them
#               (its compile_commands.json; configured here if missing)
# The lock annotations themselves (GUARDED_BY, REQUIRES) are checked by
# building that preset, which tools/test.sh does as one of its suites. The
# PowerShell lint (parse, aliases, verbs, strict mode: tests/publisher/
# Lint.Tests.ps1 and StrictMode.Tests.ps1) runs with the publisher's Pester
# tests (tools/test-publisher.sh), which need pwsh.
# Prints one line per check and "N passed, M failed"; exits non-zero on failure.
set -uo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

mapfile -t c_sources < <(git ls-files '*.c' '*.h' '*.cpp' '*.hpp')
format_out=$(clang-format --dry-run --Werror "${c_sources[@]}" 2>&1)
format_rc=$?
[ "$format_rc" -eq 0 ] || printf '%s\n' "$format_out" | grep -E 'error:' | head -n 20
record format "$format_rc" "${#c_sources[@]} files (clang-format $(clang-format --version | grep -oE '[0-9]+\.[0-9.]+' | head -n 1))"

mapfile -t scripts < <(git ls-files '*.sh'; echo .ci/run)
shellcheck_out=$(shellcheck --shell=bash "${scripts[@]}" 2>&1)
shellcheck_rc=$?
[ "$shellcheck_rc" -eq 0 ] || printf '%s\n' "$shellcheck_out" | head -n 40
record shellcheck "$shellcheck_rc" "${#scripts[@]} scripts"

tidy_build="$repo/build/linux-clang-thread-safety"
mkdir -p "$repo/build"
if [ ! -f "$tidy_build/compile_commands.json" ]; then
  cmake --preset linux-clang-thread-safety >"$repo/build/lint-configure.log" 2>&1 ||
    abort "clang-tidy: configure failed (build/lint-configure.log)"
fi
mapfile -t tidy_sources < <(git ls-files 'src/*.cpp' 'examples/*.cpp' | grep -v '/win32/')
tidy_out=$(clang-tidy --quiet -p "$tidy_build" "${tidy_sources[@]}" 2>&1)
tidy_rc=$?
[ "$tidy_rc" -eq 0 ] || printf '%s\n' "$tidy_out" | grep -E 'warning:|error:' | head -n 40
record clang-tidy "$tidy_rc" "${#tidy_sources[@]} files (Windows-only sources are compiled, not tidied)"

summary
