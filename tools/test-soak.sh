#!/usr/bin/env bash
# Soak run: builds the soak program (tests/reliability/soak.cpp) in its own
# release build directory and runs it for a bounded time: pool life cycles
# back to back, every job validated, RSS at start and end reported.
#
#   TPOOL_SOAK_SECONDS=N       native run length (default 60)
#   TPOOL_SOAK_WINE_SECONDS=N  also run the MinGW build under Wine for N s
#                              (default 0: the CI budget has no room for it)
#   TPOOL_SOAK_SEED=N          reproduce a run (the seed is printed)
#
# Prints the soak report and a closing "N passed, N failed"; exits non-zero
# on any failed check, including RSS growth above 64 MiB.
set -uo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
seconds="${TPOOL_SOAK_SECONDS:-60}"
wine_seconds="${TPOOL_SOAK_WINE_SECONDS:-0}"
seed_args=()
[ -n "${TPOOL_SOAK_SEED:-}" ] && seed_args=(--seed "$TPOOL_SOAK_SEED")

# build_soak <preset> <build dir>: configure and build only the soak target.
build_soak() {
  local log="$2.log"
  if ! cmake --preset "$1" -B "$2" -DTPOOL_BUILD_BENCH=OFF -DTPOOL_BUILD_EXAMPLES=OFF >"$log" 2>&1 ||
     ! cmake --build "$2" -j "$jobs" --target soak >>"$log" 2>&1; then
    grep -E 'error|Error' "$log" | head -n 20
    echo "soak build with preset $1 failed (see $log)"
    return 1
  fi
}

mkdir -p build
native_dir="build/soak-linux-release"
if build_soak linux-release "$native_dir"; then
  "$native_dir/bin/soak" --soak "$seconds" --max-rss-growth-mb 64 "${seed_args[@]}"
  record "soak (native, $seconds s)" $?
else
  record "soak (native)" 1 "build failed"
fi

if [ "$wine_seconds" -gt 0 ]; then
  wine_dir="build/soak-mingw-x64-release"
  if build_soak mingw-x64-release "$wine_dir"; then
    tools/wine-run.sh "$wine_dir/bin/soak.exe" --soak "$wine_seconds" --max-rss-growth-mb 64 "${seed_args[@]}"
    record "soak (Wine x64, $wine_seconds s)" $?
  else
    record "soak (Wine x64)" 1 "build failed"
  fi
fi

summary
