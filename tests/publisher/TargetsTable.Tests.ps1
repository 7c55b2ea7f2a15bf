# Specification of the generated performance-targets table
# (tools/publisher/TargetsTable.ps1): the doc holds the table the published
# capture gives, the figures are the capture's own, and publishing into the
# repository's assets/ rewrites it while publishing anywhere else does not.

BeforeAll {
    $script:repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    Import-Module (Join-Path $repo 'tools/publisher/TpoolPublisher.psd1') -Force
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')

    # A capture with just the scenarios a test names: @{ 'pool|id' = tasks/s }.
    function New-TargetsJson {
        param([hashtable]$Rates, [hashtable]$Efficiency = @{}, [int]$SchemaVersion = 2)
        $scenarios = foreach ($key in $Rates.Keys) {
            $pool, $id = $key -split '\|', 2
            $parts = $id -split '/'
            $scenario = [ordered]@{
                id = $id; pool = $pool; kind = 'throughput'; mix = $parts[3]
                workers = [int]$parts[1].Substring(1); iterations = [int]$parts[2].Substring(1)
                tasks_per_s = [ordered]@{ median = $Rates[$key] }
            }
            if ($parts[0] -eq 'producers16') { $scenario.kind = 'many_producers' }
            if ($Efficiency.ContainsKey($key)) { $scenario.efficiency = $Efficiency[$key] }
            $scenario
        }
        return ([ordered]@{
                schema_version = $SchemaVersion; captured_utc = '2026-12-02T12:00:00Z'; platform = 'x64'
                environment = [ordered]@{ os = 'Fixture OS'; wine_version = $null; compiler = 'Fixture C++'; logical_cores = 2 }
                scenarios = @($scenarios | Where-Object { $null -ne $_ })
            } | ConvertTo-Json -Depth 6)
    }
    function Get-TargetLine {
        param([string]$Markdown, [string]$Target)
        return @($Markdown -split "`n" | Where-Object { $_.StartsWith("| $Target") })[0]
    }
    function New-RepoShapedFolder {
        # assets/ with the fixture capture's files published, docs/ with a notes file holding one block.
        $root = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        [void](New-Item -ItemType Directory -Path (Join-Path $root 'assets'), (Join-Path $root 'docs'))
        $block = ConvertTo-TpoolTargetsMarkdown -JsonText (New-TargetsJson -Rates @{ 'tpool|throughput/w1/i0/uniform' = 1.0 })
        [System.IO.File]::WriteAllText((Join-Path $root 'docs/measurement-notes.md'), "# Notes`n`n$block`n`nAfter.`n")
        return $root
    }
}

Describe 'The targets table in docs/measurement-notes.md' {
    It 'is the one the published capture (assets/benchmarks.json) gives' {
        $doc = Join-Path $repo 'docs/measurement-notes.md'
        $expected = Get-TpoolTargetsDocument -JsonPath (Join-Path $repo 'assets/benchmarks.json') -DocPath $doc
        # A stale table: publish again, or run Update-TpoolTargetsTable from the module tools/publisher/TpoolPublisher.psd1.
        [System.IO.File]::ReadAllText($doc) | Should -BeExactly $expected
    }
}

Describe 'ConvertTo-TpoolTargetsMarkdown' {
    It 'divides tpool''s median rate by the baseline pool''s and counts the scenarios that meet 10x' {
        $json = New-TargetsJson -Rates @{
            'tpool|throughput/w1/i0/uniform' = 1000000.0; 'baseline|throughput/w1/i0/uniform' = 50000.0
            'tpool|throughput/w1/i0/low90' = 500000.0; 'baseline|throughput/w1/i0/low90' = 100000.0
        }
        Get-TargetLine (ConvertTo-TpoolTargetsMarkdown -JsonText $json) 'minimal jobs' |
            Should -BeExactly '| minimal jobs, 1 producer: at least 10x the baseline pool at 1, 2, 4 and 8 workers | `throughput/w{1,2,4,8}/i0/*` | 1 w: 5.0x to 20.0x | no (1 of 2 scenarios) |'
    }
    It 'reads the baseline pool of a schema-1 capture under its old name, reference' {
        $json = New-TargetsJson -SchemaVersion 1 -Rates @{
            'tpool|producers16/w8/i2048/uniform' = 300000.0; 'reference|producers16/w8/i2048/uniform' = 20000.0
        }
        Get-TargetLine (ConvertTo-TpoolTargetsMarkdown -JsonText $json) '16 producers' |
            Should -Match '\| 15\.0x \(2,048-iteration tasks\) \| yes \(1 of 1 scenarios\) \|$'
    }
    It 'compares 8 workers with the fastest worker count of the same iterations and mix' {
        $json = New-TargetsJson -Rates @{
            'tpool|throughput/w1/i2048/uniform' = 100.0; 'tpool|throughput/w4/i2048/uniform' = 200.0
            'tpool|throughput/w8/i2048/uniform' = 150.0
        }
        Get-TargetLine (ConvertTo-TpoolTargetsMarkdown -JsonText $json) '8 workers' |
            Should -Match '\| 2,048 iterations: 0\.75 \| no \(0 of 1 scenarios\) \|$'
    }
    It 'takes the compute-bound efficiency from the capture and holds it to 0.95' {
        $json = New-TargetsJson -Rates @{ 'tpool|throughput/w1/i2048/uniform' = 100.0; 'tpool|throughput/w2/i2048/uniform' = 150.0 } `
            -Efficiency @{ 'tpool|throughput/w1/i2048/uniform' = 0.96; 'tpool|throughput/w2/i2048/uniform' = 0.75 }
        Get-TargetLine (ConvertTo-TpoolTargetsMarkdown -JsonText $json) 'compute-bound' |
            Should -Match '\| 1 w: 0\.96; 2 w: 0\.75 \| no \(1 of 2 scenarios\) \|$'
    }
    It 'says "not measured" where the capture has no scenario for a target' {
        $json = New-TargetsJson -Rates @{ 'tpool|throughput/w1/i0/uniform' = 1.0 }
        Get-TargetLine (ConvertTo-TpoolTargetsMarkdown -JsonText $json) '16 producers' | Should -Match '\| - \| not measured \|$'
    }
    It 'names the capture by its captured_utc text, not a local time' {
        ConvertTo-TpoolTargetsMarkdown -JsonText (New-TargetsJson -Rates @{}) | Should -Match 'capture: `2026-12-02T12:00:00Z`'
    }
}

Describe 'Get-TpoolTargetsDocument' {
    It 'refuses a document without a generated block' {
        $doc = Join-Path $TestDrive 'plain.md'
        [System.IO.File]::WriteAllText($doc, "# Nothing generated here`n")
        $json = Join-Path $TestDrive 'capture.json'
        [System.IO.File]::WriteAllText($json, (New-TargetsJson -Rates @{}))
        { Get-TpoolTargetsDocument -JsonPath $json -DocPath $doc } | Should -Throw '*exactly one generated targets block*'
    }
}

Describe 'Publish-TpoolCapture and the targets table' {
    BeforeEach {
        $script:root = New-RepoShapedFolder
        $script:results = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        New-FixtureCapture -OutDir $results -CapturedUtc '2026-12-05T06:07:08Z'
        $script:notes = Join-Path $root 'docs/measurement-notes.md'
        $script:before = [System.IO.File]::ReadAllText($notes)
    }
    It 'rewrites the table, and only the table, when it publishes into the repository''s assets/' {
        Publish-TpoolCapture -ResultsDir $results -AssetsDir (Join-Path $root 'assets') -RepoRoot $root
        $after = [System.IO.File]::ReadAllText($notes)
        $after | Should -Match 'capture: `2026-12-05T06:07:08Z`'
        $after | Should -Match '^# Notes\n\n<!-- targets table'
        $after | Should -Match 'end of targets table -->\n\nAfter\.\n$'
    }
    It 'leaves the doc alone when it publishes anywhere else' {
        $elsewhere = Join-Path $TestDrive ([guid]::NewGuid().ToString('N'))
        Publish-TpoolCapture -ResultsDir $results -AssetsDir $elsewhere -RepoRoot $root
        [System.IO.File]::ReadAllText($notes) | Should -BeExactly $before
    }
}
