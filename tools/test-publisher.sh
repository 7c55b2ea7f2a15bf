#!/usr/bin/env bash
# Runs the publisher's Pester 5 tests (tests/publisher/) under PowerShell 7.
# Exits non-zero on any failure; the last line is "N passed, N failed".
set -uo pipefail
# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
require_command pwsh "run tools/deps.sh"
pester=""
for candidate in "$repo/tools/.pester/pester/5.7.1/Pester.psd1" "$repo/tools/.pester/pester/5.7.1/tools/Pester.psd1"; do
  if [ -f "$candidate" ]; then pester="$candidate"; break; fi
done
[ -n "$pester" ] || abort "Pester 5.7.1 not restored: run tools/deps.sh"
export TPOOL_PESTER_PSD1="$pester"
log="build/test-logs/publisher.log"
mkdir -p "$(dirname "$log")"
# Pester's counts come back on a line of their own: "PESTER_COUNTS <passed> <failed>".
# Single quotes on purpose: the PowerShell variables below are PowerShell's.
# shellcheck disable=SC2016
NO_COLOR=1 pwsh -NoProfile -NonInteractive -Command '
  $ErrorActionPreference = "Stop"
  Import-Module $env:TPOOL_PESTER_PSD1 -MinimumVersion 5.7.1
  $config = New-PesterConfiguration
  $config.Run.Path = "tests/publisher"
  $config.Run.PassThru = $true
  $config.Output.Verbosity = "Detailed"
  $result = Invoke-Pester -Configuration $config
  "PESTER_COUNTS {0} {1}" -f $result.PassedCount, ($result.FailedCount + $result.FailedBlocksCount + $result.FailedContainersCount)
  if ($result.Result -ne "Passed") { exit 1 }
  exit 0
' 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
read -r _ passed failed < <(grep '^PESTER_COUNTS ' "$log" | tail -n 1)
passed=${passed:-0}
failed=${failed:-0}
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
counts "$passed" "$failed"
