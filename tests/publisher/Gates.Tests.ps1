# Unit specification of the publisher's gates (tools/publisher/*.ps1), each
# checked on its own without starting a process.

BeforeAll {
    $repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    Import-Module (Join-Path $repo 'tools/publisher/TpoolPublisher.psd1') -Force
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
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Json.schema_version = 2 }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match "schema_version is '2'; expected 4"
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

Describe 'Test-TpoolPeerComparison' {
    BeforeEach {
        $script:dir = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        $script:okRun = [pscustomobject]@{ ExitCode = 0; TimedOut = $false; StdoutLines = @('TPOOL_BENCH_OK artifact_version=1 rows=182') }
        # The first high90 cell: naive (1.25x tpool's rate) is the fastest other pool there.
        $script:cell = 'throughput/w1/i0/high90'
    }
    It 'passes ratios and best peers that agree with the medians' {
        New-FixtureCapture -OutDir $dir
        $json = Get-Content -Raw (Join-Path $dir 'benchmarks.json') | ConvertFrom-Json
        Test-TpoolPeerComparison -Json $json | Should -BeNullOrEmpty
    }
    It 'rejects a cell whose ratios leave out a pool measured on it' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Json.scenarios[0].ratios.Remove('naive') }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match "ratios has no entry for 'naive'"
    }
    It 'rejects a ratio that names a pool with no result on the cell' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Json.scenarios[0].ratios['asio'] = 3.0 }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match 'ratios.asio names a pool with no result'
    }
    It 'rejects a ratio that disagrees with the two medians' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Json.scenarios[0].ratios['baseline'] = 2.5 }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match 'ratios.baseline is 2.5 but the medians give'
    }
    It 'rejects a best_peer that is not the fastest other pool' {
        New-FixtureCapture -OutDir $dir -Mutate { param($c) $c.Json.scenarios[0].best_peer = 'baseline' }
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match "best_peer is 'baseline'; the fastest other pool on it is 'naive'"
    }
    It 'rejects a ratio_to_best_peer that hides where tpool is slower' {
        $target = $cell
        New-FixtureCapture -OutDir $dir -Mutate {
            param($c)
            foreach ($s in $c.Json.scenarios) { if ($s.id -eq $target -and $s.pool -eq 'tpool') { $s.ratio_to_best_peer = 1.1 } }
        }.GetNewClosure()
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures | Should -Match "${target}: ratio_to_best_peer is '1.1'"
    }
    It 'rejects a best_peer on a cell no other pool ran' {
        New-FixtureCapture -OutDir $dir -Mutate {
            param($c)
            $c.Json.scenarios = @($c.Json.scenarios | Where-Object { $_.pool -eq 'tpool' })
            foreach ($s in $c.Json.scenarios) { $s.ratios = [ordered]@{} }
        }
        ((Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64).Failures -join "`n") | Should -Match 'no other pool was measured on it'
    }
}

Describe 'Get-TpoolSummary' {
    BeforeAll {
        $dir = Join-Path $TestDrive 'summary'
        New-FixtureCapture -OutDir $dir
        $script:summary = @(Get-TpoolSummary -JsonPath (Join-Path $dir 'benchmarks.json'))
    }
    It 'lists every reference scenario, each pool scenario with tpool''s ratio to the baseline pool' {
        $summary.Count | Should -Be 26
        @($summary | Where-Object { $_.RatioToBaseline -eq '2.00x' }).Count | Should -Be 21
    }
    It 'names the fastest other pool per cell and marks the cells where tpool is slower' {
        $slower = @($summary | Where-Object { $_.RatioToBestPeer -match '<$' })
        @($slower | ForEach-Object { $_.Scenario }) | Should -Be @($summary | Where-Object { $_.Scenario -match '/high90$' } | ForEach-Object { $_.Scenario })
        @($summary | Where-Object { $_.Scenario -match '/uniform$' -and $_.BestPeer -eq 'naive' -and $_.RatioToBestPeer -match '^1.25x$' }).Count | Should -Be 7
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
