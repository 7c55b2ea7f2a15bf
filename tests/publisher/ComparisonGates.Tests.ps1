# Specification of the comparison suite's gates (tools/publisher/ComparisonGates.ps1):
# a verdict is published only when it follows from the samples beside it.
# Each case breaks one invariant of an otherwise valid fixture capture and
# expects the gate's own message.

BeforeAll {
    $repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    Import-Module (Join-Path $repo 'tools/publisher/TpoolPublisher.psd1') -Force
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')

    function Get-FixtureCell {
        param($Capture, [string]$Id)
        return @($Capture.Json.comparison.cells | Where-Object { $_.id -eq $Id })[0]
    }
    function Get-GateFailures {
        param([scriptblock]$Mutate)
        $dir = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        New-FixtureCapture -OutDir $dir -Mutate $Mutate
        $run = [pscustomobject]@{ ExitCode = 0; TimedOut = $false; StdoutLines = @('TPOOL_BENCH_OK artifact_version=1 rows=182') }
        # One string, so that Should -Match looks at every failure, not one of them.
        return (@((Test-TpoolCapture -Run $run -ResultsDir $dir -Platform x64).Failures) -join "`n")
    }
}

Describe 'Test-TpoolComparison' {
    It 'passes the fixture, whose cells include faster, slower, within noise and flagged verdicts' {
        $dir = Join-Path $TestDrive 'ok'
        New-FixtureCapture -OutDir $dir
        $capture = Read-TpoolCapture -ResultsDir $dir
        $verdicts = @($capture.Json.comparison.cells | ForEach-Object { $_.best_other.verdict } | Sort-Object -Unique)
        $verdicts | Should -Be @('faster', 'flagged', 'slower', 'within noise')
        Test-TpoolComparison -Json $capture.Json -Rows $capture.Rows | Should -BeNullOrEmpty
    }
    It 'passes the sample capture bench itself wrote (bench/harness/tests/data)' {
        $capture = Read-TpoolCapture -ResultsDir (Join-Path $repo 'bench/harness/tests/data/quick-linux-x64')
        Test-TpoolComparison -Json $capture.Json -Rows $capture.Rows | Should -BeNullOrEmpty
        Test-TpoolStability -Json $capture.Json | Should -BeNullOrEmpty
    }
    It 'rejects a capture without a comparison section' {
        Get-GateFailures { param($c) $c.Json.Remove('comparison') } | Should -Match "'comparison' section is missing"
    }
    It 'rejects a pool that took fewer repetitions than the others of its cell' {
        Get-GateFailures {
            param($c)
            $pool = (Get-FixtureCell $c 'cmp/w2/i0').pools[1]
            $pool.samples = @($pool.samples | Select-Object -First 6)
        } | Should -Match 'naive has 6 samples; the cell took 7 repetitions for every pool'
    }
    It 'rejects a cell whose CSV rows of a pool are missing' {
        Get-GateFailures {
            param($c)
            $row = @($c.Rows | Where-Object { $_.scenario -eq 'cmp/w2/i0' -and $_.pool -eq 'naive' })[0]
            [void]$c.Rows.Remove($row)
        } | Should -Match 'native-runs.csv has 6 rows of naive; expected 7'
    }
    It 'rejects a sample that is not what its CSV row measured' {
        Get-GateFailures {
            param($c)
            $pool = (Get-FixtureCell $c 'cmp/w2/i2048').pools[0]
            $pool.samples[2] = $pool.samples[2] * 1.5
        } | Should -Match 'tpool repetition 3: the CSV row gives tasks_per_s'
    }
    It 'rejects a median that its samples do not give' {
        Get-GateFailures {
            param($c)
            $pool = (Get-FixtureCell $c 'cmp/w4/i0').pools[0]
            $pool.median = $pool.median * 1.1
        } | Should -Match 'tpool median is'
    }
    It 'rejects a pool whose RSD is above the limit but is not flagged' {
        Get-GateFailures {
            param($c)
            $cell = Get-FixtureCell $c 'cmp/w8/i0'
            $cell.pools[1].flagged = $false
        } | Should -Match 'naive has RSD .* but flagged is False'
    }
    It 'rejects a verdict given where a pool of the pair is flagged as noisy' {
        Get-GateFailures {
            param($c)
            $cell = Get-FixtureCell $c 'cmp/w8/i0'
            $cell.best_other.verdict = 'within noise'
        } | Should -Match 'a pool of the pair is flagged as noisy: no verdict may be given'
    }
    It 'rejects a noisy cell flagged before it took the most repetitions allowed' {
        Get-GateFailures { param($c) $c.Json.comparison.method.max_repetitions = 15 } |
            Should -Match 'cmp/w8/i0: flagged after 11 repetitions'
    }
    It 'rejects a verdict its interval does not give' {
        Get-GateFailures {
            param($c)
            $cell = Get-FixtureCell $c 'cmp/w4/i0'
            $cell.best_other.verdict = 'faster'
        } | Should -Match "verdict against naive is 'faster'; its interval .* gives 'slower'"
    }
    It 'rejects a ratio without its interval' {
        Get-GateFailures {
            param($c)
            $cell = Get-FixtureCell $c 'cmp/w2/i2048'
            $cell.vs[0].ci_low = $null
        } | Should -Match 'the ratio to naive has no 95% interval'
    }
    It 'rejects a ratio the medians do not give' {
        Get-GateFailures {
            param($c)
            $cell = Get-FixtureCell $c 'cmp/high-behind-low/w2'
            $cell.vs[0].ratio = 1.0 / $cell.vs[0].ratio
        } | Should -Match 'high-behind-low/w2: the ratio to naive is'
    }
    It 'rejects a best_other that is not the best median among the others' {
        Get-GateFailures {
            param($c)
            $cell = Get-FixtureCell $c 'cmp/w2/i0'
            $cell.best_other = $cell.vs[0]
        } | Should -Match "best_other is 'naive'; the best median among the others is moodycamel's"
    }
    It 'rejects a comparison row that belongs to no cell' {
        Get-GateFailures {
            param($c)
            $extra = [ordered]@{}
            foreach ($key in $c.Rows[$c.Rows.Count - 1].Keys) { $extra[$key] = $c.Rows[$c.Rows.Count - 1][$key] }
            $extra.scenario = 'cmp/w16/i0'
            $c.Rows.Add($extra)
        } | Should -Match 'comparison rows; the cells account for'
    }
}

Describe 'Test-TpoolStability' {
    It 'rejects a hand-off that moved 3x with moved_over_2x false and no change listed' {
        $failures = Get-GateFailures { param($c) $c.Json.stability.readings[1].handoff_ns = 300.0; $c.Json.stability.max_over_min = 3.0 }
        $failures | Should -Match 'moved_over_2x is'
        $failures | Should -Match 'stability.changes lists 0 changes; the readings show 1'
    }
    It 'rejects a spread the readings do not give' {
        Get-GateFailures { param($c) $c.Json.stability.max_over_min = 1.1 } | Should -Match 'max_over_min is'
    }
    It 'accepts figures bench computed from readings it then rounded to 0.1 ns' {
        # A real Wine capture: readings 28.3 and 236.6 ns rounded from values whose ratio was 8.369.
        Get-GateFailures {
            param($c)
            $c.Json.stability.readings[0].handoff_ns = 28.3
            $c.Json.stability.readings[1].handoff_ns = 236.6
            $c.Json.stability.max_over_min = 8.369
            $c.Json.stability.moved_over_2x = $true
            $c.Json.stability.changes = @([ordered]@{ from = 'a'; to = 'b'; ratio = 8.369; cells = @() })
        } | Should -BeNullOrEmpty
    }
    It 'rejects a capture without hand-off readings' {
        Get-GateFailures { param($c) $c.Json.Remove('stability') } | Should -Match "'stability' section is missing"
    }
}

Describe 'Test-TpoolMachineLine' {
    It 'rejects a capture that does not say what machine it ran on' {
        $failures = Get-GateFailures { param($c) $c.Json.environment.Remove('summary'); $c.Json.environment.virtual_machine = 'maybe' }
        $failures | Should -Match 'environment.summary'
        $failures | Should -Match "virtual_machine is 'maybe'"
    }
}

Describe 'Get-TpoolComparisonSummary' {
    It 'prints each cell''s verdict, and the RSD instead of a verdict where the pair is flagged' {
        $dir = Join-Path $TestDrive 'summary'
        New-FixtureCapture -OutDir $dir
        $summary = @(Get-TpoolComparisonSummary -JsonPath (Join-Path $dir 'benchmarks.json'))
        $summary.Count | Should -Be 6
        @($summary | Where-Object { $_.Cell -eq 'cmp/w4/i0' })[0].Verdict | Should -Be 'slower'
        $flagged = @($summary | Where-Object { $_.Cell -eq 'cmp/w8/i0' })[0]
        $flagged.Verdict | Should -Match '^no verdict, RSD naive \d'
        $flagged.Verdict | Should -Not -Match 'faster|slower|within noise'
    }
}
