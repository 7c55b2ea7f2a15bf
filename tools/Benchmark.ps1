<#
.SYNOPSIS
Builds and runs tpool's bench, checks the capture and, with -Publish, puts it
on the offline page as that platform's capture (x64: assets/benchmarks.json
and native-runs.csv; linux-x64 and Win32: the same files under
assets/<platform>/; assets/benchmark-data.js carries every published
capture, one object per platform, never merged).

.DESCRIPTION
Benchmark.ps1 builds bench for -Platform (Visual Studio presets on Windows,
found with vswhere; MinGW or native presets on Linux, the Windows build
running under Wine), runs it under a whole-process watchdog into a fresh
results folder under artifacts/benchmark/results/<platform>/, then applies
every publication gate:

  - exit code 0 and 'TPOOL_BENCH_OK artifact_version=1 rows=<n>' as the last
    stdout line;
  - benchmarks.json: schema 'tpool-bench', schema_version 3,
    artifact_version 1, the platform asked for;
  - tpool's cells: a ratio to every other pool measured on the same
    scenario, and best_peer / ratio_to_best_peer naming the fastest of them,
    all agreeing with the medians;
  - native-runs.csv: the header bench's column list defines (generated into
    publisher/CsvColumns.ps1), every expected reference row (182;
    with -Quick the count bench declares in expected_rows.reference), every
    row validated with accepted = executed = completed = succeeded = tasks
    and cancelled = 0;
  - the JSON observations equal the CSV row for row;
  - no absolute path, user name or host name anywhere.

With -Publish and every gate passed, the platform's two files and
benchmark-data.js are replaced together. Anything less publishes nothing and
leaves the platform's previous capture untouched; other platforms' captures
are never touched. Raw logs stay in the results folder (git-ignored).
tools/bench.sh publishes the x64 capture (under Wine) and the native
linux-x64 capture in one go, each through this script.

Runs on Windows PowerShell 5.1 and PowerShell 7 (Windows and Linux).

.PARAMETER Platform
x64 (default), Win32 or linux-x64. On Linux, x64 and Win32 are MinGW builds
run under Wine; Win32 cannot run where the kernel has no 32-bit support.

.PARAMETER Publish
Replace the published capture when every gate passes. Without it the run is
checked and kept under artifacts/ only. With -WhatIf bench is built, run
and checked, and what would be published is said, but nothing is;
-Confirm asks before publishing.

.PARAMETER TimeoutSeconds
Whole-process watchdog for bench: after this many seconds the bench process
tree is killed and nothing is published. Default 1200.

.PARAMETER Quick
Pass --quick to bench (smoke run: tiny task counts, still fully validated).

.PARAMETER BenchArgs
Extra arguments passed to bench unchanged, e.g. @('--filter', 'throughput').

.PARAMETER AssetsDir
Where to publish (default: <repo>/assets). Tests publish into a copy.

.PARAMETER ResultsRoot
Parent of the per-platform results folders (default:
<repo>/artifacts/benchmark/results).

.PARAMETER BuildDir
Build folder (default: build/<preset>).

.PARAMETER SkipBuild
Run the bench binary already in the build folder.

.PARAMETER BenchCommand
Run this command instead of the built bench (first element: the program;
the rest: leading arguments). Implies -SkipBuild. Used by the tests.

.EXAMPLE
pwsh tools/Benchmark.ps1 -Platform x64 -Publish
Full run of the Windows x64 build (under Wine on Linux), published as the x64 capture.

.EXAMPLE
powershell -File tools\Benchmark.ps1 -Platform Win32
A 32-bit run on Windows, checked but not published.

.EXAMPLE
pwsh tools/Benchmark.ps1 -Platform linux-x64 -Publish
Full run of the native Linux build, published beside the x64 capture (assets/linux-x64/).

.EXAMPLE
pwsh tools/Benchmark.ps1 -Platform linux-x64 -Quick -Publish -AssetsDir artifacts/page-test/assets
A smoke capture published into a scratch copy of the page.
#>
[CmdletBinding(SupportsShouldProcess = $true)]
param(
    [ValidateSet('x64', 'Win32', 'linux-x64')]
    [string]$Platform = 'x64',
    [switch]$Publish,
    [ValidateRange(1, 86400)]
    [int]$TimeoutSeconds = 1200,
    [switch]$Quick,
    [string[]]$BenchArgs = @(),
    [ValidateNotNullOrEmpty()]
    [string]$AssetsDir,
    [ValidateNotNullOrEmpty()]
    [string]$ResultsRoot,
    [ValidateNotNullOrEmpty()]
    [string]$BuildDir,
    [switch]$SkipBuild,
    [string[]]$BenchCommand
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'

$repoRoot = (Resolve-Path -LiteralPath (Join-Path $PSScriptRoot '..')).ProviderPath
Import-Module (Join-Path (Join-Path $PSScriptRoot 'publisher') 'TpoolPublisher.psd1') -Force

function Resolve-TpoolFullPath {
    param([string]$Path)
    if ([System.IO.Path]::IsPathRooted($Path)) { return [System.IO.Path]::GetFullPath($Path) }
    return [System.IO.Path]::GetFullPath((Join-Path (Get-Location).ProviderPath $Path))
}

function Get-TpoolRelativePath {
    # bench gets paths relative to the repo when it can: shorter, and nothing
    # absolute can then leak into its outputs.
    param([string]$Path)
    $rootWithSeparator = $repoRoot.TrimEnd('/', '\') + [System.IO.Path]::DirectorySeparatorChar
    if ($Path.StartsWith($rootWithSeparator, [System.StringComparison]::OrdinalIgnoreCase)) {
        return $Path.Substring($rootWithSeparator.Length)
    }
    return $Path
}

function Write-TpoolPreviousCapture {
    param([string]$Assets, [string]$Platform)
    $published = Join-Path (Get-TpoolCaptureDir -AssetsDir $Assets -Platform $Platform) 'benchmarks.json'
    if (Test-Path -LiteralPath $published) {
        # Read as text: PowerShell 7 would turn the timestamp into a local DateTime.
        $text = [System.IO.File]::ReadAllText($published)
        $captured = [regex]::Match($text, '"captured_utc"\s*:\s*"([^"]*)"').Groups[1].Value
        $platform = [regex]::Match($text, '"platform"\s*:\s*"([^"]*)"').Groups[1].Value
        Write-Host "The previous capture (captured_utc $captured, platform $platform) is unchanged."
    } else {
        Write-Host "No $Platform capture was published before; the page still says so."
    }
}

if (-not $AssetsDir) { $AssetsDir = Join-Path $repoRoot 'assets' }
if (-not $ResultsRoot) { $ResultsRoot = Join-Path (Join-Path $repoRoot 'artifacts') (Join-Path 'benchmark' 'results') }
$AssetsDir = Resolve-TpoolFullPath $AssetsDir
$ResultsRoot = Resolve-TpoolFullPath $ResultsRoot
if ($BuildDir) { $BuildDir = Resolve-TpoolFullPath $BuildDir }

$exitCode = 1
try {
    $plan = Get-TpoolPlatformPlan -Platform $Platform -RepoRoot $repoRoot -BuildDir $BuildDir
    if ($BenchCommand -and $BenchCommand.Count -gt 0) {
        $command = $BenchCommand
    } else {
        if (-not $plan.CanRunHere -and $Platform -eq 'linux-x64') { throw $plan.Note }
        # The build is needed to measure, even with -WhatIf: only publishing is what-if.
        if (-not $SkipBuild) { Invoke-TpoolBuild -Plan $plan -RepoRoot $repoRoot -WhatIf:$false -Confirm:$false }
        # Built (a useful check on its own), but it cannot run on this host.
        if (-not $plan.CanRunHere) { throw ("bench for $Platform was not run: " + $plan.Note) }
        if (-not (Test-Path -LiteralPath $plan.BenchPath)) {
            throw "bench not found at '$($plan.BenchPath)': build it first or omit -SkipBuild."
        }
        $command = @($plan.Launcher) + @($plan.BenchPath)
    }

    $stamp = (Get-Date).ToUniversalTime().ToString('yyyyMMddTHHmmssZ')
    $resultsDir = Join-Path (Join-Path $ResultsRoot $Platform) ("run-$stamp-" + [guid]::NewGuid().ToString('N').Substring(0, 6))
    [void](New-Item -ItemType Directory -Path $resultsDir -Force -WhatIf:$false -Confirm:$false)

    $arguments = @('--out', (Get-TpoolRelativePath $resultsDir), '--source-root', '.')
    if ($Quick) { $arguments += '--quick' }
    $arguments += $BenchArgs
    Write-Host ("Running: {0} {1}" -f ($command -join ' '), ($arguments -join ' '))
    Write-Host "Watchdog: $TimeoutSeconds s. Results: $(Get-TpoolRelativePath $resultsDir)"
    $run = Invoke-TpoolBench -Command $command -Arguments $arguments -WorkingDirectory $repoRoot `
        -LogDir $resultsDir -TimeoutSeconds $TimeoutSeconds
    Write-Host "bench finished in $($run.Seconds) s (exit code: $($run.ExitCode); timed out: $($run.TimedOut))."

    $verdict = Test-TpoolCapture -Run $run -ResultsDir $resultsDir -Platform $Platform -Quick:$Quick -RepoRoot $repoRoot
    if (-not $verdict.Passed) {
        Write-Host 'The capture FAILED its gates; nothing is published:' -ForegroundColor Red
        foreach ($failure in $verdict.Failures) { Write-Host "  - $failure" }
        Write-TpoolPreviousCapture -Assets $AssetsDir -Platform $Platform
    } else {
        Write-Host ("All gates passed: {0} reference rows of {1} validated." -f $verdict.ExpectedRows, $verdict.ExpectedRows) -ForegroundColor Green
        $jsonPath = Join-Path $resultsDir 'benchmarks.json'
        Write-Host 'Reference suite (the continuity record: tpool, 2 + 7 repetitions, against the baseline pool):'
        Get-TpoolSummary -JsonPath $jsonPath | Select-Object Scenario, MedianTasksPerS, MedianMs, RatioToBaseline, RsdPct |
            Format-Table -AutoSize | Out-String | Write-Host
        Write-Host 'Verdicts (comparison suite: every pool treated alike; ratio above 1 = tpool better, 95% interval):'
        Get-TpoolComparisonSummary -JsonPath $jsonPath | Format-Table -AutoSize | Out-String -Width 200 | Write-Host
        $captureDir = Get-TpoolCaptureDir -AssetsDir $AssetsDir -Platform $Platform
        if ($Publish -and $PSCmdlet.ShouldProcess($captureDir, "Publish the $Platform capture")) {
            Publish-TpoolCapture -ResultsDir $resultsDir -AssetsDir $AssetsDir -Platform $Platform -RepoRoot $repoRoot -Confirm:$false
            Write-Host "Published the $Platform capture into $(Get-TpoolRelativePath $captureDir) (benchmarks.json, native-runs.csv) and regenerated benchmark-data.js."
        } elseif ($Publish) {
            Write-Host 'Not published (-WhatIf, or not confirmed). The capture stays in the results folder.'
        } else {
            Write-Host 'Not published (no -Publish). The capture stays in the results folder.'
        }
        $exitCode = 0
    }
} catch {
    Write-Host "Benchmark.ps1 failed: $($_.Exception.Message)" -ForegroundColor Red
    Write-Host 'Nothing was published.'
    $exitCode = 1
}
exit $exitCode
