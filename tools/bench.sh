#!/usr/bin/env bash
# The main job: measure tpool on a fresh Linux machine and publish the result
# on the offline page.
#   1. tools/deps.sh (idempotent);
#   2. tools/Benchmark.ps1 builds bench, runs the full reference suite under a
#      watchdog, checks every publication gate and publishes into assets/;
#   3. prints a summary table and the page's path.
#
#   tools/bench.sh                        Windows x64 build, run under Wine
#   tools/bench.sh --platform linux-x64   native Linux build
#   tools/bench.sh --quick                smoke run (tiny counts, still validated)
#   tools/bench.sh --timeout 1200         watchdog in seconds (default 900)
#   tools/bench.sh -- --filter throughput extra arguments passed to bench
#
#   TPOOL_SKIP_DEPS=1  do not run tools/deps.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"

usage() { sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

platform="x64"
timeout=900
quick=()
bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --platform) platform="${2:?--platform needs a value}"; shift 2 ;;
    --platform=*) platform="${1#*=}"; shift ;;
    --quick) quick=(-Quick); shift ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    --timeout=*) timeout="${1#*=}"; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; bench_args=("$@"); break ;;
    *) echo "bench.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
case "$platform" in
  x64|Win32|linux-x64) ;;
  *) echo "bench.sh: --platform must be x64, Win32 or linux-x64" >&2; exit 2 ;;
esac

if [ "${TPOOL_SKIP_DEPS:-0}" != "1" ]; then
  tools/deps.sh
fi
export PATH="$PATH:$HOME/.dotnet/tools"

# Quote for PowerShell: single quotes, doubled inside.
ps_quote() { local s=${1//\'/\'\'}; printf "'%s'" "$s"; }
command="& ./tools/Benchmark.ps1 -Platform $(ps_quote "$platform") -Publish -TimeoutSeconds $timeout ${quick[*]:-}"
if [ ${#bench_args[@]} -gt 0 ]; then
  list=""
  for a in "${bench_args[@]}"; do list+="${list:+,}$(ps_quote "$a")"; done
  command+=" -BenchArgs @($list)"
fi
command+="; exit \$LASTEXITCODE"
pwsh -NoProfile -NonInteractive -Command "$command"

echo
echo "Published capture (assets/benchmarks.json):"
pwsh -NoProfile -NonInteractive -Command '
  Import-Module ./tools/publisher/TpoolPublisher.psm1
  Get-TpoolSummary -JsonPath assets/benchmarks.json |
    Select-Object Scenario, MedianTasksPerS, RatioToBaseline, RsdPct |
    Format-Table -AutoSize | Out-String -Width 200 | Write-Host'
echo "Page: docs/index.html (open it in a browser; it reads ../assets/benchmark-data.js)"
