#!/usr/bin/env bash
# Browser test of the offline page with a REAL capture: publishes a
# 'bench --quick' run through tools/Benchmark.ps1 into a scratch copy of
# docs/ and assets/ (artifacts/page-test/), then drives Debian's Chromium on
# that copy with node's test runner (tests/page/). Screenshots land in
# artifacts/page-test/. Exits non-zero on failure; the last line is
# "N passed, N failed".
#
#   TPOOL_PAGE_PLATFORMS  captures to publish, in order: "linux-x64" (default,
#                         native), "x64" (MinGW build under Wine) or both,
#                         "linux-x64 x64"; the page then has a tab per capture and
#                         the tests check each (a tab without one says so)
#   TPOOL_PAGE_BUILD_DIR  a build folder whose bench to use as it is (one platform
#                         only); default: build/linux-debug, then
#                         build/linux-clang-thread-safety (native), or
#                         build/mingw-x64-release (Wine), the first that has bench
#                         (tools/test.sh builds the last two), else bench
#                         is built in build/page-<platform>
#   TPOOL_PAGE_PUBLISHED=1  test the page on the captures published in assets/
#                         instead (no bench run): the page a reader opens today
set -uo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
read -r -a platforms <<<"${TPOOL_PAGE_PLATFORMS:-${TPOOL_PAGE_PLATFORM:-linux-x64}}"
scratch="$repo/artifacts/page-test"

require_command pwsh "run tools/deps.sh"
require_command node "run tools/deps.sh"
[ -d "$repo/node_modules/playwright-core" ] || abort "node_modules missing: run tools/deps.sh (npm ci)"
[ -x /usr/bin/chromium ] || [ -n "${TPOOL_CHROMIUM:-}" ] || abort "/usr/bin/chromium missing: run tools/deps.sh"

rm -rf "$scratch"
mkdir -p "$scratch/assets"
cp -R "$repo/docs" "$scratch/docs"
cp -R "$repo/assets/vendor" "$scratch/assets/vendor"

if [ "${TPOOL_PAGE_PUBLISHED:-0}" = "1" ]; then
  echo "test-page: the captures published in assets/"
  rm -rf "$scratch/assets"
  cp -R "$repo/assets" "$scratch/assets"
  platforms=()
fi
for platform in ${platforms[@]+"${platforms[@]}"}; do
  publish_args=(-Platform "$platform" -Quick -Publish -AssetsDir "$scratch/assets" -TimeoutSeconds 600)
  build_dir="${TPOOL_PAGE_BUILD_DIR:-}"
  if [ -z "$build_dir" ]; then
    case "$platform" in
      linux-x64)
        for dir in linux-debug linux-clang-thread-safety; do
          if [ -x "$repo/build/$dir/bin/bench" ]; then build_dir="$repo/build/$dir"; break; fi
        done ;;
      x64) [ -f "$repo/build/mingw-x64-release/bin/bench.exe" ] && build_dir="$repo/build/mingw-x64-release" ;;
    esac
  fi
  if [ -n "$build_dir" ]; then
    # An existing build is used as it is: never reconfigure someone else's folder.
    publish_args+=(-BuildDir "$build_dir" -SkipBuild)
  else
    publish_args+=(-BuildDir "$repo/build/page-$platform")
  fi
  echo "test-page: publishing a real quick capture (${platform}) into artifacts/page-test/"
  pwsh -NoProfile -NonInteractive -File tools/Benchmark.ps1 "${publish_args[@]}" ||
    abort "Benchmark.ps1 did not publish the ${platform} capture (see above)"
done
[ -f "$scratch/assets/benchmark-data.js" ] || abort "no benchmark-data.js was published"

log="$scratch/node-test.log"
TPOOL_PAGE_DIR="$scratch" TPOOL_PAGE_SHOTS="$scratch" node --test tests/page/ 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -1)
failed=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -1)
passed=${passed:-0}
failed=${failed:-0}
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "test-page: screenshots in artifacts/page-test/"
counts "$passed" "$failed"
