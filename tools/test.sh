#!/usr/bin/env bash
# Runs every test tpool has, on a fresh Debian machine or a developer's:
#   1. installs what is missing (tools/deps.sh, idempotent);
#   2. runs the static checks (tools/lint.sh: clang-format, shellcheck,
#      clang-tidy);
#   3. configures, builds and tests the presets linux-asan, linux-tsan,
#      mingw-x64-release and mingw-x86-release (both under Wine, MSVC-ABI
#      clients built by clang-cl included) and mingw-x64-debug (only the
#      fault-injection suites, under Wine: CMakePresets.json narrows its build
#      and its tests), each configured with TPOOL_REQUIRE_TEST_TOOLS=ON so that
#      a missing tool (valgrind, clang-cl, Python, Google Benchmark, ...) fails
#      the preset instead of dropping the tests that need it.
#      linux-clang-thread-safety builds the shipped code only (the DLLs, bench,
#      examples, C clients): clang's -Wthread-safety proves its lock
#      annotations, as errors. Being the one unsanitized native Debug build, it
#      then runs the tests of those programs (shipped_tests: valgrind memcheck
#      of the C clients, the export and ABI checks, the examples, the quick run
#      of the benchmark with every peer); the gtest suites ran under ASan and
#      TSan already.
#      linux-debug runs the same suites without a sanitizer; it is not in the
#      default list (CI time) but TPOOL_TEST_PRESETS can name it. Where 32-bit
#      Wine cannot start, mingw-x86-release builds the same shipped code and
#      runs its host-side export checks only (test programs that cannot run
#      are not built), and the summary counts the rest as SKIP, with the
#      reason. All three keep CI inside its 40 minutes;
#   4. runs the fuzz smoke run, the soak smoke run, the publisher's Pester
#      tests and the offline page's browser test (a missing script is a
#      failure, never a silent skip).
# Prints each suite's summary, then "N passed, M failed, K skipped", and
# exits non-zero if anything failed.
#
#   TPOOL_TEST_PRESETS="linux-debug mingw-x64-release"  run only these presets
#   TPOOL_TEST_SKIP_EXTRAS=1                             skip fuzz/soak/publisher/page
set -uo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
summary_label="tools/test.sh:"

started=$(date +%s)

note "dependencies"
tools/deps.sh || abort "tools/deps.sh failed"

# 32-bit Windows programs need 32-bit Wine, which needs a kernel that runs
# 32-bit ELF programs. Probe instead of assuming.
x86_mode="exports-only" x86_build="shipped"
x86_reason="32-bit Wine cannot start here (/usr/lib/wine/wine --version failed: this kernel cannot run 32-bit programs)"
if /usr/lib/wine/wine --version >/dev/null 2>&1; then x86_mode="full" x86_build="all"; fi

# Create the Wine prefix once, before tests run in parallel.
if [ -x /usr/lib/wine/wine64 ]; then
  tools/wine-run.sh cmd.exe /c exit 0 >/dev/null 2>&1 || true
fi

# The shipped code only: the DLLs, bench, examples and the C/MSVC clients,
# and the ctest names of the tests that need nothing else.
shipped_targets=(src/all bench/all examples/all tests/abi/all)
shipped_tests='^(abi|bench|bench_micro|docs|examples|tpool)[.]'

# run_preset <preset> <build> [configure arguments...]
#   <build>: "all" builds and runs everything; "shipped" builds only
#   shipped_targets and runs the tests registered (the export checks);
#   "shipped-tests" builds only shipped_targets and runs shipped_tests.
run_preset() {
  local preset="$1" build="$2"; shift 2
  local log="build/test-logs/$preset.log"
  local t0=$SECONDS
  mkdir -p build/test-logs
  note "preset $preset"
  if ! cmake --preset "$preset" -DTPOOL_REQUIRE_TEST_TOOLS=ON "$@" >"$log" 2>&1; then
    tail -n 40 "$log"; record "$preset" 1 "configure failed (see $log)"; return
  fi
  local targets=()
  [ "$build" = all ] || targets=(--target "${shipped_targets[@]}")
  if ! cmake --build --preset "$preset" -j "$jobs" "${targets[@]}" >>"$log" 2>&1; then
    grep -E 'error|Error' "$log" | head -n 40; record "$preset" 1 "build failed (see $log)"; return
  fi
  local filter=()
  [ "$build" = shipped-tests ] && filter=(-R "$shipped_tests")
  local ctest_out
  ctest_out=$(ctest --preset "$preset" -j "$jobs" --output-on-failure "${filter[@]}" 2>&1)
  local rc=$?
  printf '%s\n' "$ctest_out" | tee -a "$log" | grep -E -A 30 'tests passed|tests failed|The following tests' | head -n 60
  # A failed test's own output (--output-on-failure), so that a failure seen
  # once in CI, under Wine for instance, says why.
  if [ "$rc" -ne 0 ]; then
    printf '%s\n' "$ctest_out" | grep -E -A 40 '\*\*\*(Failed|Exception|Timeout)' | head -n 160
  fi
  record "$preset" "$rc" "$(printf '%s\n' "$ctest_out" | grep -E 'tests passed|tests failed' | tail -n 1) [$((SECONDS - t0)) s]"
}

note "lint"
t0=$SECONDS
lint_out=$(tools/lint.sh 2>&1)
lint_rc=$?
printf '%s\n' "$lint_out" | tail -n 40
record lint "$lint_rc" "$(printf '%s\n' "$lint_out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1) [$((SECONDS - t0)) s]"

presets="${TPOOL_TEST_PRESETS:-linux-asan linux-tsan linux-clang-thread-safety mingw-x64-release mingw-x86-release mingw-x64-debug}"
for preset in $presets; do
  case "$preset" in
    mingw-x86-release) run_preset "$preset" "$x86_build" "-DTPOOL_WINDOWS_TESTS=$x86_mode" ;;
    linux-clang-thread-safety) run_preset "$preset" shipped-tests ;;
    *) run_preset "$preset" all ;;
  esac
done
case " $presets " in
  *" mingw-x86-release "*)
    [ "$x86_mode" = "full" ] || skip "mingw-x86-release (suite under Wine)" "$x86_reason; only the export-table checks ran" ;;
esac

if [ -z "${TPOOL_TEST_SKIP_EXTRAS:-}" ]; then
  for extra in test-fuzz test-soak test-publisher test-page test-package; do
    script="tools/$extra.sh"
    if [ ! -x "$script" ]; then
      record "$extra" 1 "$script is missing or not executable"
      continue
    fi
    note "$extra"
    t0=$SECONDS
    out=$("$script" 2>&1)
    rc=$?
    # The failed checks first (a long script's tail would hide them), then the tail.
    printf '%s\n' "$out" | grep -E -A 12 '^FAIL|^test-[a-z]+: ' | head -n 80
    printf '%s\n' "$out" | tail -n 25
    record "$extra" "$rc" "$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -n 1) [$((SECONDS - t0)) s]"
  done
fi

note "summary ($(( $(date +%s) - started )) s)"
results
summary
