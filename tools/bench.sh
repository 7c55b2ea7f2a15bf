#!/usr/bin/env bash
# The main job: measure tpool on a fresh Linux machine and publish the results
# on the offline page.
#   1. tools/deps.sh (idempotent);
#   2. for each platform, tools/Benchmark.ps1 builds bench, runs the full
#      suite under a watchdog, checks every publication gate and publishes
#      that platform's capture: x64 (the Windows build, under Wine) into
#      assets/, then linux-x64 (the native build) into assets/linux-x64/.
#      Each is gated on its own; a failed one publishes nothing and leaves
#      its previous capture intact, and the other still runs;
#   3. prints a summary table per published capture and the page's path.
#
#   tools/bench.sh                        x64 under Wine, then native linux-x64
#   tools/bench.sh --platform linux-x64   one platform only (x64, Win32 or linux-x64)
#   tools/bench.sh --quick                smoke runs (tiny counts, still validated)
#   tools/bench.sh --timeout 1800         watchdog per run in seconds (default 1200)
#   tools/bench.sh --assets DIR           publish into DIR instead of assets/ (a scratch copy)
#   tools/bench.sh -- --filter throughput extra arguments passed to every bench run
#
#   TPOOL_SKIP_DEPS=1  do not run tools/deps.sh
# Exits 0 only if every platform's capture passed its gates.
set -euo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
summary_label="bench.sh:"

usage() { sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

platforms=(x64 linux-x64)
timeout=1200
assets="assets"
quick=()
bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platforms=("${2:?--platform needs a value}"); shift 2 ;;
    --platform=*) platforms=("${1#*=}"); shift ;;
    --quick) quick=(-Quick); shift ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    --timeout=*) timeout="${1#*=}"; shift ;;
    --assets) assets="${2:?--assets needs a folder}"; shift 2 ;;
    --assets=*) assets="${1#*=}"; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; bench_args=("$@"); break ;;
    *) echo "bench.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
for platform in "${platforms[@]}"; do
  case "$platform" in
    x64|Win32|linux-x64) ;;
    *) echo "bench.sh: --platform must be x64, Win32 or linux-x64" >&2; exit 2 ;;
  esac
done

if [ "${TPOOL_SKIP_DEPS:-0}" != "1" ]; then
  tools/deps.sh
fi

# Quote for PowerShell: single quotes, doubled inside.
ps_quote() { local s=${1//\'/\'\'}; printf "'%s'" "$s"; }

# Where Benchmark.ps1 publishes each platform (tools/publisher/PublishCapture.ps1).
capture_json() {
  if [ "$1" = "x64" ]; then echo "$assets/benchmarks.json"; else echo "$assets/$1/benchmarks.json"; fi
}

for platform in "${platforms[@]}"; do
  note "$platform"
  command="& ./tools/Benchmark.ps1 -Platform $(ps_quote "$platform") -Publish -AssetsDir $(ps_quote "$assets") -TimeoutSeconds $timeout ${quick[*]:-}"
  if [ ${#bench_args[@]} -gt 0 ]; then
    list=""
    for a in "${bench_args[@]}"; do list+="${list:+,}$(ps_quote "$a")"; done
    command+=" -BenchArgs @($list)"
  fi
  command+="; exit \$LASTEXITCODE"
  if pwsh -NoProfile -NonInteractive -Command "$command"; then
    record "$platform" 0 "published into $assets"
  else
    record "$platform" 1 "failed its gates; its previous capture is unchanged"
  fi
done

for platform in "${platforms[@]}"; do
  json="$(capture_json "$platform")"
  echo
  if [ ! -f "$json" ]; then
    echo "No $platform capture is published ($json)."
    continue
  fi
  echo "Published $platform capture ($json):"
  # Single quotes on purpose: $env:... is PowerShell's.
  # shellcheck disable=SC2016
  TPOOL_SUMMARY_JSON="$json" pwsh -NoProfile -NonInteractive -Command '
    Import-Module ./tools/publisher/TpoolPublisher.psd1
    Get-TpoolSummary -JsonPath $env:TPOOL_SUMMARY_JSON |
      Select-Object Scenario, MedianTasksPerS, RatioToBaseline, BestPeer, RatioToBestPeer, RsdPct |
      Format-Table -AutoSize | Out-String -Width 200 | Write-Host'
done
echo "Page: docs/index.html (open it in a browser; it reads ../assets/benchmark-data.js, one tab per capture)"
[ "$assets" = "assets" ] || echo "(this run published into $assets, not into the page's assets/)"
note "summary"
results
summary
