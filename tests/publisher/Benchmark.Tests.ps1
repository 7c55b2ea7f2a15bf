# End-to-end specification of tools/Benchmark.ps1: a fake bench (fake-bench.ps1)
# produces a capture, Benchmark.ps1 runs it in its own pwsh process, and the
# assets folder either holds the new capture or is byte-for-byte unchanged.

BeforeAll {
    $script:repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    $script:publisher = Join-Path $repo 'tools/Benchmark.ps1'
    $script:fakeBench = Join-Path $PSScriptRoot 'fake-bench.ps1'
    # The fake bench runs in its own PowerShell process, as bench would.
    $shell = Get-Command pwsh -ErrorAction SilentlyContinue
    if (-not $shell) { $shell = Get-Command powershell -ErrorAction SilentlyContinue }
    if (-not $shell) { throw 'pwsh must be on PATH for these tests (tools/test-publisher.sh sets it).' }
    $script:pwsh = $shell.Source
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')

    # Every file under the assets folder (all platforms' captures and
    # benchmark-data.js), by relative path and content.
    function Get-AssetHashes {
        param([string]$Dir)
        $root = (Resolve-Path -LiteralPath $Dir).ProviderPath
        $hashes = foreach ($file in @(Get-ChildItem -LiteralPath $root -Recurse -File | Sort-Object FullName)) {
            $file.FullName.Substring($root.Length) + '=' + (Get-FileHash -LiteralPath $file.FullName -Algorithm SHA256).Hash
        }
        return ($hashes -join ';')
    }

    # The objects benchmark-data.js assigns, by platform, as JSON text.
    function Read-DataScript {
        param([string]$Path)
        $text = Get-Content -Raw -LiteralPath $Path
        $captures = [ordered]@{}
        foreach ($match in [regex]::Matches($text, "(?ms)^window\.TPOOL_CAPTURES\['([^']+)'\] = (.*?);\s*$")) {
            $captures[$match.Groups[1].Value] = $match.Groups[2].Value.Trim()
        }
        return $captures
    }

    # A killed process whose parent is gone may linger as a zombie until
    # init reaps it: that is not running.
    function Test-ProcessRunning {
        param([int]$Id)
        $stat = "/proc/$Id/stat"
        if (Test-Path -LiteralPath $stat) {
            $fields = (Get-Content -Raw -LiteralPath $stat) -replace '^.*\) ', ''
            return ($fields.Substring(0, 1) -ne 'Z')
        }
        return ($null -ne (Get-Process -Id $Id -ErrorAction SilentlyContinue))
    }

    # Runs Benchmark.ps1 -Publish against the fake bench; returns its exit code and output.
    function Invoke-Publisher {
        param([string[]]$FakeArguments = @(), [string[]]$Extra = @(), [string]$Platform = 'x64', [string]$Fixture = $script:fixture)
        $benchCommand = @($script:pwsh, '-NoProfile', '-File', $script:fakeBench, '-FixtureDir', $Fixture) + $FakeArguments
        $parameters = @{
            Platform = $Platform; Publish = $true; AssetsDir = $script:assets
            ResultsRoot = $script:results; BenchCommand = $benchCommand
        }
        if ($Extra -contains '-Quick') { $parameters.Quick = $true }
        if ($Extra -contains '-WhatIf') { $parameters.WhatIf = $true }
        $index = [array]::IndexOf($Extra, '-TimeoutSeconds')
        if ($index -ge 0) { $parameters.TimeoutSeconds = [int]$Extra[$index + 1] }
        # In this process (a script's 'exit' ends only the script): one pwsh start fewer per test.
        $global:LASTEXITCODE = $null
        $output = & $script:publisher @parameters *>&1 | Out-String
        return [pscustomobject]@{ ExitCode = $LASTEXITCODE; Output = $output }
    }
}

Describe 'Benchmark.ps1 -Publish' {
    BeforeEach {
        $script:work = Join-Path $TestDrive ([guid]::NewGuid().ToString('N').Substring(0, 8))
        $script:assets = Join-Path $work 'assets'
        $script:results = Join-Path $work 'results'
        $script:fixture = Join-Path $work 'fixture'
        # The "previous capture": published by the real publisher code from an older fixture.
        $previous = Join-Path $work 'previous'
        New-FixtureCapture -OutDir $previous -CapturedUtc '2026-01-01T00:00:00Z'
        Import-Module (Join-Path $repo 'tools/publisher/TpoolPublisher.psd1') -Force
        Publish-TpoolCapture -ResultsDir $previous -AssetsDir $assets
        $script:before = Get-AssetHashes $assets
    }

    Context 'with a capture that passes every gate' {
        It 'exits 0 and publishes the new capture' {
            New-FixtureCapture -OutDir $fixture -CapturedUtc '2026-12-02T12:00:00Z'
            $result = Invoke-Publisher
            $result.ExitCode | Should -Be 0 -Because $result.Output
            Get-Content -Raw (Join-Path $assets 'benchmarks.json') | Should -Match '"captured_utc":\s*"2026-12-02T12:00:00Z"'
        }

        It 'publishes the CSV unchanged' {
            New-FixtureCapture -OutDir $fixture
            $null = Invoke-Publisher
            (Get-FileHash (Join-Path $assets 'native-runs.csv')).Hash | Should -Be (Get-FileHash (Join-Path $fixture 'native-runs.csv')).Hash
        }

        It 'writes benchmark-data.js with the page''s view of the capture assigned to window.TPOOL_CAPTURES[''x64'']' {
            New-FixtureCapture -OutDir $fixture
            $null = Invoke-Publisher
            $captures = Read-DataScript (Join-Path $assets 'benchmark-data.js')
            @($captures.Keys) | Should -Be @('x64')
            $captures['x64'] | Should -BeExactly (ConvertTo-TpoolPageData -JsonText (Get-Content -Raw (Join-Path $fixture 'benchmarks.json')))
        }

        It 'with -WhatIf checks the capture and says so, but publishes nothing' {
            New-FixtureCapture -OutDir $fixture -CapturedUtc '2026-12-02T12:00:00Z'
            $result = Invoke-Publisher -Extra @('-WhatIf')
            $result.ExitCode | Should -Be 0 -Because $result.Output
            $result.Output | Should -Match 'All gates passed'
            $result.Output | Should -Match 'Not published'
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'accepts a -Quick run whose rows equal the count bench declared' {
            New-FixtureCapture -OutDir $fixture -Quick
            $result = Invoke-Publisher -Extra @('-Quick')
            $result.ExitCode | Should -Be 0 -Because $result.Output
        }
    }

    Context 'with a capture that fails a gate, nothing is published and the previous capture stays intact' {
        It 'when bench exits with a non-zero code' {
            New-FixtureCapture -OutDir $fixture
            $result = Invoke-Publisher -FakeArguments @('-ExitCode', '1')
            $result.ExitCode | Should -Not -Be 0
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when the success marker is missing' {
            New-FixtureCapture -OutDir $fixture
            $result = Invoke-Publisher -FakeArguments @('-Marker', 'none')
            $result.ExitCode | Should -Not -Be 0
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when the success marker is not the last line' {
            New-FixtureCapture -OutDir $fixture
            $result = Invoke-Publisher -FakeArguments @('-Marker', 'done, but the marker came first')
            $result.ExitCode | Should -Not -Be 0
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when a reference row is missing (181 of 182)' {
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Rows.RemoveAt(5) }
            $result = Invoke-Publisher
            $result.Output | Should -Match '181 reference rows; expected 182'
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when a -Quick run has fewer rows than bench declared' {
            New-FixtureCapture -OutDir $fixture -Quick -Mutate { param($c) $c.Rows.RemoveAt(0) }
            $result = Invoke-Publisher -Extra @('-Quick')
            $result.ExitCode | Should -Not -Be 0
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when a row is not validated' {
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Rows[10].validated = 0 }
            $result = Invoke-Publisher
            $result.Output | Should -Match 'validated is .0., not 1'
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when a row lost a task (completed < tasks)' {
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Rows[3].completed = $c.Rows[3].tasks - 1 }
            $result = Invoke-Publisher
            $result.Output | Should -Match 'completed is'
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when the artifact version is not 1' {
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Json.artifact_version = 2 }
            $result = Invoke-Publisher
            $result.Output | Should -Match 'artifact_version is .2.'
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when the JSON observations differ from the CSV' {
            New-FixtureCapture -OutDir $fixture
            $jsonPath = Join-Path $fixture 'benchmarks.json'
            $text = Get-Content -Raw $jsonPath
            $edited = ([regex]'"ms": 1\.51,').Replace($text, '"ms": 9.51,', 1)
            $edited | Should -Not -Be $text
            Set-Content -LiteralPath $jsonPath -Value $edited -NoNewline
            $result = Invoke-Publisher
            $result.Output | Should -Match 'differs from CSV'
            $result.ExitCode | Should -Not -Be 0
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when an absolute home path leaks into the capture' {
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Json.sources[0].path = ('/' + 'home/someone/tpool/src/tpool/pool.cpp') }
            $result = Invoke-Publisher
            $result.Output | Should -Match "absolute path prefix '/home/'"
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when a Windows profile path leaks into the capture' {
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Json.environment.os = 'built in C:\Users\someone\tpool' }
            $result = Invoke-Publisher
            $result.ExitCode | Should -Not -Be 0
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'when the host name leaks into the capture' {
            $hostName = [Environment]::MachineName
            New-FixtureCapture -OutDir $fixture -Mutate { param($c) $c.Json.environment.cpu_model = "cpu of $hostName" }.GetNewClosure()
            $result = Invoke-Publisher
            $result.Output | Should -Match 'current host name'
            Get-AssetHashes $assets | Should -Be $before
        }
    }

    Context 'a native capture beside the x64 one' {
        BeforeEach {
            $script:linuxFixture = Join-Path $work 'linux-fixture'
        }

        It 'publishes a linux-x64 capture into assets/linux-x64 and leaves the x64 files byte for byte' {
            $x64Before = (Get-FileHash (Join-Path $assets 'benchmarks.json')).Hash + (Get-FileHash (Join-Path $assets 'native-runs.csv')).Hash
            New-FixtureCapture -OutDir $linuxFixture -Platform 'linux-x64' -CapturedUtc '2026-12-02T13:00:00Z'
            $result = Invoke-Publisher -Platform 'linux-x64' -Fixture $linuxFixture
            $result.ExitCode | Should -Be 0 -Because $result.Output
            (Get-FileHash (Join-Path $assets 'linux-x64/native-runs.csv')).Hash | Should -Be (Get-FileHash (Join-Path $linuxFixture 'native-runs.csv')).Hash
            Get-Content -Raw (Join-Path $assets 'linux-x64/benchmarks.json') | Should -Match '"platform":\s*"linux-x64"'
            ((Get-FileHash (Join-Path $assets 'benchmarks.json')).Hash + (Get-FileHash (Join-Path $assets 'native-runs.csv')).Hash) | Should -Be $x64Before
        }

        It 'writes benchmark-data.js with both captures as separate objects, x64 first, each the view of what is published' {
            New-FixtureCapture -OutDir $linuxFixture -Platform 'linux-x64'
            $null = Invoke-Publisher -Platform 'linux-x64' -Fixture $linuxFixture
            $captures = Read-DataScript (Join-Path $assets 'benchmark-data.js')
            @($captures.Keys) | Should -Be @('x64', 'linux-x64')
            $captures['x64'] | Should -BeExactly (ConvertTo-TpoolPageData -JsonText (Get-Content -Raw (Join-Path $assets 'benchmarks.json')))
            $captures['linux-x64'] | Should -BeExactly (ConvertTo-TpoolPageData -JsonText (Get-Content -Raw (Join-Path $assets 'linux-x64/benchmarks.json')))
            ($captures['linux-x64'] | ConvertFrom-Json).platform | Should -Be 'linux-x64'
            $captures['x64'] | Should -Match '"captured_utc":\s*"2026-01-01T00:00:00Z"'
        }

        It 'republishing x64 keeps the published linux-x64 capture in benchmark-data.js' {
            New-FixtureCapture -OutDir $linuxFixture -Platform 'linux-x64' -CapturedUtc '2026-12-02T13:00:00Z'
            $null = Invoke-Publisher -Platform 'linux-x64' -Fixture $linuxFixture
            New-FixtureCapture -OutDir $fixture -CapturedUtc '2026-12-02T14:00:00Z'
            $result = Invoke-Publisher
            $result.ExitCode | Should -Be 0 -Because $result.Output
            $captures = Read-DataScript (Join-Path $assets 'benchmark-data.js')
            $captures['x64'] | Should -Match '"captured_utc":\s*"2026-12-02T14:00:00Z"'
            $captures['linux-x64'] | Should -Match '"captured_utc":\s*"2026-12-02T13:00:00Z"'
        }

        It 'a failed linux-x64 capture leaves every published file unchanged' {
            New-FixtureCapture -OutDir $linuxFixture -Platform 'linux-x64'
            $null = Invoke-Publisher -Platform 'linux-x64' -Fixture $linuxFixture
            $published = Get-AssetHashes $assets
            New-FixtureCapture -OutDir $linuxFixture -Platform 'linux-x64' -Mutate { param($c) $c.Rows.RemoveAt(5) }
            $result = Invoke-Publisher -Platform 'linux-x64' -Fixture $linuxFixture
            $result.ExitCode | Should -Not -Be 0
            $result.Output | Should -Match 'previous capture .* platform linux-x64. is unchanged'
            Get-AssetHashes $assets | Should -Be $published
        }

        It 'rejects a capture of the other platform: a Wine capture is never published as the native one' {
            New-FixtureCapture -OutDir $fixture
            $result = Invoke-Publisher -Platform 'linux-x64'
            $result.Output | Should -Match "asked for 'linux-x64'"
            Test-Path (Join-Path $assets 'linux-x64') | Should -BeFalse
            Get-AssetHashes $assets | Should -Be $before
        }

        It 'refuses to publish while another platform''s folder holds a capture of a different platform' {
            [void](New-Item -ItemType Directory -Path (Join-Path $assets 'linux-x64'))
            Copy-Item (Join-Path $assets 'benchmarks.json') (Join-Path $assets 'linux-x64/benchmarks.json')
            $planted = Get-AssetHashes $assets
            New-FixtureCapture -OutDir $fixture -CapturedUtc '2026-12-02T14:00:00Z'
            $result = Invoke-Publisher
            $result.ExitCode | Should -Not -Be 0
            $result.Output | Should -Match 'is not a linux-x64 capture'
            Get-AssetHashes $assets | Should -Be $planted
        }
    }

    Context 'watchdog' {
        It 'kills a hung bench with its child processes and publishes nothing' {
            New-FixtureCapture -OutDir $fixture
            $clock = [System.Diagnostics.Stopwatch]::StartNew()
            # 10 s: enough for a second PowerShell to start and spawn its child on a loaded machine.
            $result = Invoke-Publisher -FakeArguments @('-HangSeconds', '120') -Extra @('-TimeoutSeconds', '10')
            $clock.Elapsed.TotalSeconds | Should -BeLessThan 90
            $result.ExitCode | Should -Not -Be 0
            $result.Output | Should -Match 'watchdog'
            Get-AssetHashes $assets | Should -Be $before
            $pidFile = @(Get-ChildItem -Path $results -Recurse -Filter 'child.pid')
            $pidFile.Count | Should -Be 1 -Because 'the fake bench had started its child before the watchdog fired'
            $pidFile = $pidFile[0].FullName
            Test-ProcessRunning -Id ([int](Get-Content $pidFile)) | Should -BeFalse -Because 'the whole bench process tree must be killed'
        }
    }
}
