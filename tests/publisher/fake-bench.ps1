<#
.SYNOPSIS
Stands in for bench in the publisher tests: copies a prepared capture into
--out, prints a chosen last line and exits with a chosen code.
.PARAMETER Marker
'ok' prints the success marker with the CSV's reference row count; 'none'
prints no marker; anything else is printed as the last line.
.PARAMETER HangSeconds
Sleeps this long before finishing, after starting a child process that
sleeps too (its id is written to child.pid in --out), so the watchdog's
whole-tree kill can be checked.
#>
# Arguments are parsed by hand: PowerShell would read bench's '--out' as an
# abbreviation of its own -OutVariable/-OutBuffer.
$FixtureDir = $null
$ExitCode = 0
$Marker = 'ok'
$HangSeconds = 0
$out = $null
for ($i = 0; $i -lt $args.Count; $i++) {
    switch -CaseSensitive ($args[$i]) {
        '-FixtureDir' { $FixtureDir = $args[++$i] }
        '-ExitCode' { $ExitCode = [int]$args[++$i] }
        '-Marker' { $Marker = $args[++$i] }
        '-HangSeconds' { $HangSeconds = [int]$args[++$i] }
        '--out' { $out = $args[++$i] }
    }
}
$ErrorActionPreference = 'Stop'
if (-not $out) { [Console]::Error.WriteLine('fake-bench: --out is required'); exit 2 }
if (-not (Test-Path -LiteralPath $out)) { [void](New-Item -ItemType Directory -Path $out) }
[Console]::Error.WriteLine('scenario 1/1 fixture ... ETA 0 s')
Copy-Item -Path (Join-Path $FixtureDir '*') -Destination $out
if ($HangSeconds -gt 0) {
    $shell = Get-Command pwsh -ErrorAction SilentlyContinue
    if (-not $shell) { $shell = Get-Command powershell }
    $child = Start-Process -FilePath $shell.Source -ArgumentList @('-NoProfile', '-Command', "Start-Sleep -Seconds $HangSeconds") -PassThru
    Set-Content -LiteralPath (Join-Path $out 'child.pid') -Value $child.Id
    Start-Sleep -Seconds $HangSeconds
}
Write-Output 'fake bench: all scenarios validated'
if ($Marker -eq 'ok') {
    $rows = @(Import-Csv -LiteralPath (Join-Path $out 'native-runs.csv') | Where-Object { $_.suite -eq 'reference' }).Count
    Write-Output "TPOOL_BENCH_OK artifact_version=1 rows=$rows"
} elseif ($Marker -ne 'none') {
    Write-Output $Marker
}
exit $ExitCode
