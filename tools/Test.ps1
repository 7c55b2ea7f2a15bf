<#
.SYNOPSIS
Windows regression matrix: configures, builds and tests the Visual Studio
presets, the way tools/test.sh does on Linux.

.DESCRIPTION
For each preset (msvc-x64 and msvc-x86 by default): cmake --preset,
cmake --build --preset (Release) and ctest --preset. Then the publisher's
Pester tests when Pester 5 is available. -Stress adds the long runs: the
soak program for -SoakSeconds per preset and the stress tests repeated.

Do not run this while a benchmark is measuring: both compete for the CPU and
the timings would be worthless.

Runs on Windows PowerShell 5.1 and PowerShell 7. Needs Visual Studio 2022
with the C++ workload (found with vswhere) and VCPKG_ROOT for dependencies.
Prints each suite's result and a closing "N passed, N failed"; exits 1 if
anything failed.

.PARAMETER Preset
The presets to run (default: msvc-x64, msvc-x86).

.PARAMETER Stress
Also run the long stress runs (soak and repeated stress tests).

.PARAMETER SoakSeconds
Length of each soak run with -Stress (default 60).

.PARAMETER SkipPester
Skip the publisher's Pester tests.

.EXAMPLE
powershell -File tools\Test.ps1
.EXAMPLE
pwsh tools/Test.ps1 -Preset msvc-x64 -Stress -SoakSeconds 300
#>
[CmdletBinding()]
param(
    [ValidateSet('msvc-x64', 'msvc-x86')]
    [string[]]$Preset = @('msvc-x64', 'msvc-x86'),
    [switch]$Stress,
    [ValidateRange(1, 86400)]
    [int]$SoakSeconds = 60,
    [switch]$SkipPester
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'
$repoRoot = (Resolve-Path -LiteralPath (Join-Path $PSScriptRoot '..')).ProviderPath
Import-Module (Join-Path (Join-Path $PSScriptRoot 'publisher') 'TpoolPublisher.psd1') -Force

$results = New-Object System.Collections.Generic.List[object]
function Add-TpoolResult {
    param([string]$Suite, [bool]$Passed, [string]$Detail)
    $results.Add([pscustomobject]@{ Result = $(if ($Passed) { 'PASS' } else { 'FAIL' }); Suite = $Suite; Detail = $Detail })
}

function Invoke-TpoolStep {
    # Runs a native command in the repository; returns its exit code.
    param([string]$FilePath, [string[]]$Arguments)
    Write-Host ('> ' + $FilePath + ' ' + ($Arguments -join ' '))
    Push-Location -LiteralPath $repoRoot
    try { & $FilePath @Arguments; return $LASTEXITCODE } finally { Pop-Location }
}

$onWindows = $true
if (Test-Path variable:global:IsWindows) { $onWindows = [bool]$global:IsWindows }
if (-not $onWindows) {
    Write-Host 'tools/Test.ps1 runs the Visual Studio presets and needs Windows; on Linux use tools/test.sh.'
    Write-Host '0 passed, 1 failed'
    exit 1
}

$started = Get-Date
try {
    $vs = Find-TpoolVisualStudio
    Write-Host "Visual Studio: $vs"
    $cmake = Get-TpoolCMake -VisualStudioPath $vs
    $ctest = Join-Path (Split-Path -Parent $cmake) 'ctest.exe'
    if (-not (Test-Path -LiteralPath $ctest)) { $ctest = 'ctest' }
    if (-not $env:VCPKG_ROOT) { throw 'VCPKG_ROOT is not set: the msvc presets take their dependencies from vcpkg.' }
} catch {
    Write-Host "Cannot run the matrix: $($_.Exception.Message)" -ForegroundColor Red
    Write-Host '0 passed, 1 failed'
    exit 1
}

foreach ($name in $Preset) {
    Write-Host "`n==== preset $name ====" -ForegroundColor Cyan
    if ((Invoke-TpoolStep $cmake @('--preset', $name)) -ne 0) { Add-TpoolResult $name $false 'configure failed'; continue }
    if ((Invoke-TpoolStep $cmake @('--build', '--preset', $name, '--parallel')) -ne 0) { Add-TpoolResult $name $false 'build failed'; continue }
    $code = Invoke-TpoolStep $ctest @('--preset', $name, '--parallel', '2')
    Add-TpoolResult $name ($code -eq 0) "ctest exit code $code"

    if ($Stress) {
        $soak = Join-Path $repoRoot (Join-Path (Join-Path 'build' $name) 'bin\Release\soak.exe')
        if (Test-Path -LiteralPath $soak) {
            $code = Invoke-TpoolStep $soak @('--soak', "$SoakSeconds", '--max-rss-growth-mb', '64')
            Add-TpoolResult "$name soak ${SoakSeconds}s" ($code -eq 0) "exit code $code"
        } else {
            Add-TpoolResult "$name soak" $false "soak.exe not built at $soak"
        }
        $code = Invoke-TpoolStep $ctest @('--preset', $name, '-R', '[Ss]tress', '--repeat', 'until-fail:5')
        Add-TpoolResult "$name stress x5" ($code -eq 0) "ctest exit code $code"
    }
}

if (-not $SkipPester) {
    Write-Host "`n==== publisher (Pester) ====" -ForegroundColor Cyan
    $pester = Get-Module -ListAvailable Pester | Where-Object { $_.Version -ge [version]'5.0.0' } | Sort-Object Version -Descending | Select-Object -First 1
    if (-not $pester) {
        Add-TpoolResult 'publisher' $false 'Pester 5 is not installed (Install-Module Pester -MinimumVersion 5.0 -Scope CurrentUser)'
    } else {
        Import-Module $pester.Path
        $config = New-PesterConfiguration
        $config.Run.Path = Join-Path $repoRoot (Join-Path 'tests' 'publisher')
        $config.Run.PassThru = $true
        $run = Invoke-Pester -Configuration $config
        Add-TpoolResult 'publisher' ($run.Result -eq 'Passed') ("{0} passed, {1} failed" -f $run.PassedCount, $run.FailedCount)
    }
}

Write-Host ("`n==== summary ({0:N0} s) ====" -f ((Get-Date) - $started).TotalSeconds) -ForegroundColor Cyan
$results | Format-Table -AutoSize | Out-String | Write-Host
$passed = @($results | Where-Object { $_.Result -eq 'PASS' }).Count
$failed = @($results | Where-Object { $_.Result -eq 'FAIL' }).Count
Write-Host "$passed passed, $failed failed"
if ($failed -gt 0) { exit 1 }
exit 0
