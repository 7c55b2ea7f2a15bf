#!/usr/bin/env bash
# Runs the publisher's Pester 5 tests (tests/publisher/) under PowerShell 7.
# Exits non-zero on any failure; the last line is "N passed, N failed".
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$PATH:$HOME/.dotnet/tools"
if ! command -v pwsh >/dev/null 2>&1; then
  echo "test-publisher: pwsh not found: run tools/deps.sh" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
pester=""
for candidate in "$repo/tools/.pester/pester/5.7.1/Pester.psd1" "$repo/tools/.pester/pester/5.7.1/tools/Pester.psd1"; do
  if [ -f "$candidate" ]; then pester="$candidate"; break; fi
done
if [ -z "$pester" ]; then
  echo "test-publisher: Pester 5.7.1 not restored: run tools/deps.sh" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
cd "$repo"
export TPOOL_PESTER_PSD1="$pester"
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
  "{0} passed, {1} failed" -f $result.PassedCount, ($result.FailedCount + $result.FailedBlocksCount + $result.FailedContainersCount)
  if ($result.Result -ne "Passed") { exit 1 }
  exit 0
'
