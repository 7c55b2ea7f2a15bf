# Specification of the page's view of a capture (tools/publisher/PageData.ps1):
# benchmark-data.js carries what the page shows, exactly as the capture has
# it, and leaves the raw rows and the source list to the files it links.

BeforeAll {
    $script:repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    Import-Module (Join-Path $repo 'tools/publisher/TpoolPublisher.psd1') -Force
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')
    $script:dir = Join-Path $TestDrive 'capture'
    New-FixtureCapture -OutDir $dir -CapturedUtc '2026-12-02T12:34:56Z' -Mutate {
        param($c)
        $c.Json['unshown_section'] = [ordered]@{ raw = @(1, 2, 3) }
    }
    $script:text = [System.IO.File]::ReadAllText((Join-Path $dir 'benchmarks.json'))
    $script:full = $text | ConvertFrom-Json
    $script:viewText = ConvertTo-TpoolPageData -JsonText $text
    $script:view = $viewText | ConvertFrom-Json
}

Describe 'ConvertTo-TpoolPageData' {
    It 'keeps every section the page reads exactly as the capture has it' {
        foreach ($name in @('environment', 'methodology', 'expected_rows', 'scenarios', 'comparison', 'stability', 'latency', 'latency_method', 'starvation', 'schema_version', 'platform')) {
            (ConvertTo-Json -InputObject $view.$name -Depth 32 -Compress) |
                Should -BeExactly (ConvertTo-Json -InputObject $full.$name -Depth 32 -Compress) -Because $name
        }
    }
    It 'keeps the capture''s timestamp as written, not as a local date' {
        $viewText | Should -Match '"captured_utc":"2026-12-02T12:34:56Z"'
    }
    It 'leaves out every measured repetition and counts them instead' {
        $view.PSObject.Properties['observations'] | Should -BeNullOrEmpty
        $view.rows.total | Should -Be @($full.observations).Count
        $view.rows.reference | Should -Be @($full.observations | Where-Object { $_.suite -eq 'reference' }).Count
        $view.rows.reference | Should -BeLessThan $view.rows.total
    }
    It 'leaves out the source list and counts its files' {
        $view.sources.files | Should -Be @($full.sources).Count
        $viewText | Should -Not -Match 'sha256'
    }
    It 'leaves out a section the page does not read' {
        $full.PSObject.Properties['unshown_section'] | Should -Not -BeNullOrEmpty
        $view.PSObject.Properties['unshown_section'] | Should -BeNullOrEmpty
    }
    It 'is much smaller than the published capture it comes from' {
        $published = [System.IO.File]::ReadAllText((Join-Path $repo 'assets/benchmarks.json'))
        (ConvertTo-TpoolPageData -JsonText $published).Length | Should -BeLessThan ($published.Length / 2)
    }
}

Describe 'assets/benchmark-data.js' {
    It 'is the view of the captures published in assets/' {
        $captures = [ordered]@{ 'x64' = [System.IO.File]::ReadAllText((Join-Path $repo 'assets/benchmarks.json')) }
        $native = Join-Path $repo 'assets/linux-x64/benchmarks.json'
        if (Test-Path -LiteralPath $native) { $captures['linux-x64'] = [System.IO.File]::ReadAllText($native) }
        # Stale: run Update-TpoolBenchmarkData -AssetsDir assets (module tools/publisher/TpoolPublisher.psd1).
        [System.IO.File]::ReadAllText((Join-Path $repo 'assets/benchmark-data.js')) |
            Should -BeExactly (New-TpoolBenchmarkDataScript -Captures $captures)
    }
}
