# The publisher's functions run under Set-StrictMode -Version Latest: every
# part of tools/publisher/ is dot-sourced into a scope with that strict mode
# (not imported, so no Set-StrictMode of the module's own applies) and its
# main functions are called on fixture data, success and failure paths both.
# A read of an unset variable or a missing property, or an index past the end
# of an array, then fails the test that reached it.

BeforeAll {
    $script:repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    $script:parts = @(Get-ChildItem -LiteralPath (Join-Path $repo 'tools/publisher') -Filter '*.ps1' |
            Sort-Object Name | ForEach-Object { $_.FullName })
    Set-StrictMode -Version Latest
    foreach ($part in $parts) { . $part }
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')

    # Defined the same way as the parts (dot-sourced from a file), so it
    # proves that what they define runs under this file's strict mode.
    $probe = Join-Path $TestDrive 'probe.ps1'
    [System.IO.File]::WriteAllText($probe, 'function Get-ProbeElement { $items = @(1); return $items[3] }')
    . $probe

    $shell = Get-Command pwsh -ErrorAction SilentlyContinue
    if (-not $shell) { $shell = Get-Command powershell }
    $script:pwsh = $shell.Source
}

Describe 'tools/publisher under Set-StrictMode -Version Latest' {
    BeforeEach {
        Set-StrictMode -Version Latest
        $script:dir = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        $script:okRun = [pscustomobject]@{ ExitCode = 0; TimedOut = $false; StdoutLines = @('TPOOL_BENCH_OK artifact_version=1 rows=182') }
    }

    It 'dot-sources every part of the publisher' {
        $parts.Count | Should -BeGreaterThan 6
        @($parts | Where-Object { (Split-Path -Leaf $_) -eq 'TargetsTable.ps1' }) | Should -Not -BeNullOrEmpty
    }
    It 'is really in effect for the functions the parts define (an index past the end throws)' {
        { Get-ProbeElement } | Should -Throw
    }
    It 'plans every platform' {
        foreach ($platform in @('x64', 'Win32', 'linux-x64')) {
            $plan = Get-TpoolPlatformPlan -Platform $platform -RepoRoot $repo
            $plan.Preset | Should -Not -BeNullOrEmpty
            $plan.BenchPath | Should -Match 'bench'
        }
    }
    It 'finds cmake' {
        Get-TpoolCMake | Should -Not -BeNullOrEmpty
    }
    It 'quotes command lines' {
        ConvertTo-TpoolCommandLine -Arguments @('plain', 'two words', 'a"quote', 'trailing\', '') |
            Should -BeExactly 'plain "two words" "a\"quote" trailing\ ""'
    }
    It 'passes a valid capture and reports every broken gate of an invalid one' {
        New-FixtureCapture -OutDir $dir
        (Test-TpoolCapture -Run $okRun -ResultsDir $dir -Platform x64 -RepoRoot $repo).Failures | Should -BeNullOrEmpty
        $broken = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        New-FixtureCapture -OutDir $broken -Platform 'linux-x64' -Mutate {
            param($c)
            $c.Rows[0].cancelled = 1
            $c.Json.schema_version = 1
        }
        $run = [pscustomobject]@{ ExitCode = 3; TimedOut = $false; StdoutLines = @('no marker') }
        $failures = (Test-TpoolCapture -Run $run -ResultsDir $broken -Platform x64).Failures
        $failures -join "`n" | Should -Match 'exited with code 3'
        $failures -join "`n" | Should -Match 'not the success marker'
        $failures -join "`n" | Should -Match 'schema_version'
        $failures -join "`n" | Should -Match 'cancelled is'
    }
    It 'reads a results folder with nothing in it' {
        [void](New-Item -ItemType Directory -Path $dir)
        (Read-TpoolCapture -ResultsDir $dir).Failures.Count | Should -Be 2
    }
    It 'summarizes a capture' {
        New-FixtureCapture -OutDir $dir
        $summary = @(Get-TpoolSummary -JsonPath (Join-Path $dir 'benchmarks.json'))
        $summary.Count | Should -Be 26
        $summary[0].RatioToBaseline | Should -Be '2.00x'
    }
    It 'publishes a capture and writes its page data' {
        New-FixtureCapture -OutDir $dir
        $assets = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        Publish-TpoolCapture -ResultsDir $dir -AssetsDir $assets -RepoRoot $repo
        (Get-ChildItem -LiteralPath $assets).Count | Should -Be 3
        [System.IO.File]::ReadAllText((Join-Path $assets 'benchmark-data.js')) | Should -Match '^// Generated'
    }
    It 'finds a leak and passes a clean file' {
        [void](New-Item -ItemType Directory -Path $dir)
        $leaky = Join-Path $dir 'leaky.txt'
        $clean = Join-Path $dir 'clean.txt'
        [System.IO.File]::WriteAllText($leaky, "built in $repo")
        [System.IO.File]::WriteAllText($clean, 'built in build/mingw-x64-release')
        @(Find-TpoolLeak -Path @($leaky) -RepoRoot $repo).Count | Should -BeGreaterThan 0
        @(Find-TpoolLeak -Path @($clean, (Join-Path $dir 'missing.txt')) -RepoRoot $repo) | Should -BeNullOrEmpty
    }
    It 'runs a process under the watchdog and reads its output' {
        $run = Invoke-TpoolBench -Command @($pwsh, '-NoProfile', '-Command', "'TPOOL_BENCH_OK artifact_version=1 rows=1'; exit 0") `
            -WorkingDirectory $repo -LogDir $dir -TimeoutSeconds 120 -Quiet
        $run.ExitCode | Should -Be 0
        $run.TimedOut | Should -BeFalse
        Test-TpoolSuccessMarker -StdoutLines $run.StdoutLines | Should -BeNullOrEmpty
    }
    It 'generates the targets table from the published capture' {
        $markdown = ConvertTo-TpoolTargetsMarkdown -JsonText ([System.IO.File]::ReadAllText((Join-Path $repo 'assets/benchmarks.json')))
        $markdown | Should -Match '\| minimal jobs, 1 producer'
    }
}
