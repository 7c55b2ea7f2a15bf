# Unit specification of the publisher's gates (tools/publisher/*.ps1), each
# checked on its own without starting a process.

BeforeAll {
    $repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    Import-Module (Join-Path $repo 'tools/publisher/TpoolPublisher.psm1') -Force
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')
}

Describe 'Test-TpoolSuccessMarker' {
    It 'accepts the marker as the last line, ignoring trailing blank lines and CR' {
        Test-TpoolSuccessMarker -StdoutLines @('progress', "TPOOL_BENCH_OK artifact_version=1 rows=182`r", '') | Should -BeNullOrEmpty
    }
    It 'rejects a marker followed by more output' {
        Test-TpoolSuccessMarker -StdoutLines @('TPOOL_BENCH_OK artifact_version=1 rows=182', 'late line') | Should -Not -BeNullOrEmpty
    }
    It 'rejects a marker of another artifact version' {
        Test-TpoolSuccessMarker -StdoutLines @('TPOOL_BENCH_OK artifact_version=2 rows=182') | Should -Match 'artifact_version=2'
    }
}

Describe 'Test-TpoolCapture' {
    BeforeEach {
        $script:dir = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        $script:okRun = [pscustomobject]@{ ExitCode = 0; TimedOut = $false; StdoutLines = @('TPOOL_BENCH_OK artifact_version=1 rows=182') }
    }
    It 'passes a complete validated full-suite capture' {
        New-FixtureCapture -OutDir $dir
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -BeNullOrEmpty
    }
    It 'rejects a capture of another platform than the one asked for' {
        New-FixtureCapture -OutDir $dir -Platform 'linux-x64'
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match "asked for 'x64'"
    }
    It 'rejects a marker whose row count differs from the CSV' {
        New-FixtureCapture -OutDir $dir
        $run = [pscustomobject]@{ ExitCode = 0; TimedOut = $false; StdoutLines = @('TPOOL_BENCH_OK artifact_version=1 rows=181') }
        (Test-TpoolCapture -Run $run -ResultsDir $dir -Platform x64).Failures | Should -Match 'rows=181'
    }
    It 'rejects a full run whose JSON declares a smaller suite' {
        New-FixtureCapture -OutDir $dir -Quick
        $run = [pscustomobject]@{ ExitCode = 0; TimedOut = $false; StdoutLines = @('TPOOL_BENCH_OK artifact_version=1 rows=52') }
        (Test-TpoolCapture -Run $run -ResultsDir $dir -Platform x64).Passed | Should -BeFalse
    }
    It 'rejects a row with a cancelled task' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Rows[0].cancelled = 1 }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match 'cancelled is'
    }
    It 'rejects a row whose ms disagrees with ticks and frequency' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Rows[0].ms = 2 * $c.Rows[0].ms }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match 'ticks\*1000/frequency'
    }
    It 'rejects a capture written with another schema version' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Json.schema_version = 1 }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match "schema_version is '1'; expected 2"
    }
    It 'rejects a CSV whose columns are not in the order bench writes them' {
        New-FixtureCapture -OutDir $dir
        $csv = Join-Path $dir 'native-runs.csv'
        $lines = [System.IO.File]::ReadAllLines($csv)
        $lines[0] = $lines[0] -replace '^suite,scenario,', 'scenario,suite,'
        [System.IO.File]::WriteAllLines($csv, $lines)
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match 'native-runs.csv header is'
    }
    It 'rejects a run killed by the watchdog even if its files look complete' {
        New-FixtureCapture -OutDir $dir
        $run = [pscustomobject]@{ ExitCode = $null; TimedOut = $true; StdoutLines = $okRun.StdoutLines }
        (Test-TpoolCapture -Run $run -ResultsDir $dir -Platform x64).Failures | Should -Match 'watchdog'
    }
}

Describe 'Get-TpoolSummary' {
    It 'lists every reference scenario with tpool''s ratio to the baseline pool' {
        $dir = Join-Path $TestDrive 'summary'
        New-FixtureCapture -OutDir $dir
        $summary = @(Get-TpoolSummary -JsonPath (Join-Path $dir 'benchmarks.json'))
        $summary.Count | Should -Be 26
        @($summary | Where-Object { $_.RatioToBaseline -ne '2.00x' }).Count | Should -Be 0
    }
}

Describe 'Find-TpoolLeak' {
    It 'reports the absolute path of the checkout' {
        $file = Join-Path $TestDrive 'leak.json'
        Set-Content -LiteralPath $file -Value '{"path": "/srv/checkout/src/tpool/pool.cpp"}'
        Find-TpoolLeak -Path $file -RepoRoot '/srv/checkout' | Should -Match 'absolute path of this checkout'
    }
    It 'reports a drive-absolute Windows path as Wine prints it' {
        $file = Join-Path $TestDrive 'wine.json'
        Set-Content -LiteralPath $file -Value '{"path": "Z:\\srv\\checkout\\bench.exe"}'
        Find-TpoolLeak -Path $file | Should -Match 'drive-absolute'
    }
    It 'does not mistake a URL, a timestamp or an option name for a leak' {
        $file = Join-Path $TestDrive 'clean.json'
        Set-Content -LiteralPath $file -Value '{"link": "https://example.org/x", "t": "2026-12-02T12:00:00Z", "opt": "--source-root"}'
        Find-TpoolLeak -Path $file | Should -BeNullOrEmpty
    }
}
