#!/usr/bin/env bash
# Fuzz smoke run: builds the libFuzzer targets of tests/fuzz with clang
# (ASan + UBSan, libraries instrumented for coverage) in their own build
# directory and runs each for a bounded time, starting from the committed
# seed corpus tests/fuzz/corpus/<target>/ (never written to: new inputs go to
# a scratch copy in the build directory).
#
#   TPOOL_FUZZ_SECONDS=N      total time budget, split over the targets (default 60)
#   TPOOL_FUZZ_BUILD_DIR=dir  build directory (default build/fuzz)
#
# Prints one line per target and a closing "N passed, N failed"; exits
# non-zero if the build failed or any target found a crash.
set -uo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
build="${TPOOL_FUZZ_BUILD_DIR:-$repo/build/fuzz}"
budget="${TPOOL_FUZZ_SECONDS:-60}"
sanitize="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"

mkdir -p "$(dirname "$build")"

if ! CC=clang CXX=clang++ cmake -S "$repo" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="$sanitize" -DCMAKE_CXX_FLAGS="$sanitize" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DTPOOL_BUILD_FUZZERS=ON -DTPOOL_FAULT_INJECTION=ON \
    -DTPOOL_BUILD_BENCH=OFF -DTPOOL_BUILD_EXAMPLES=OFF \
    -DTPOOL_WARNINGS_AS_ERRORS=OFF >"$build.configure.log" 2>&1; then
  tail -n 30 "$build.configure.log"
  abort "configure failed (see $build.configure.log)"
fi

# Both targets always exist; a build that lacks one is a failure. (Probing
# with `cmake --build --target help | grep -q` raced: grep closing the pipe
# early made cmake die of SIGPIPE, and pipefail then dropped a target.)
targets=(prioq_fuzz tpool_fuzz)
if ! cmake --build "$build" -j "$jobs" --target "${targets[@]}" >"$build.build.log" 2>&1; then
  grep -E 'error|Error' "$build.build.log" | head -n 30
  abort "build failed (see $build.build.log)"
fi

per_target=$(( budget / ${#targets[@]} ))
[ "$per_target" -ge 1 ] || per_target=1
for target in "${targets[@]}"; do
  seeds="$repo/tests/fuzz/corpus/${target%_fuzz}"
  scratch="$build/corpus-scratch/$target"
  rm -rf "$scratch"; mkdir -p "$scratch" "$build/artifacts/$target"
  log="$build/$target.log"
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    "$build/bin/$target" -max_total_time="$per_target" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$target/" \
    "$scratch" "$seeds" >"$log" 2>&1
  rc=$?
  runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  if [ "$rc" -eq 0 ]; then
    new_inputs=$(find "$scratch" -type f | wc -l)
    seed_inputs=$(find "$seeds" -type f | wc -l)
    record "$target" 0 "${runs:-?} executions in ${per_target} s, corpus $new_inputs new + $seed_inputs seeds"
  else
    record "$target" "$rc" "exit $rc, ${runs:-?} executions; crash input in $build/artifacts/$target/"
    grep -E 'invariant broken|ERROR: |SUMMARY' "$log" | head -n 10
  fi
done
summary
