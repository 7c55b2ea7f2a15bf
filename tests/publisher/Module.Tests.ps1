# Specification of the publisher module as PowerShell users meet it: a
# manifest (TpoolPublisher.psd1) that names every exported function, and
# -WhatIf/-Confirm on every function that writes files, with -WhatIf writing
# nothing at all.

BeforeAll {
    $script:repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    $script:manifestPath = Join-Path $repo 'tools/publisher/TpoolPublisher.psd1'
    Import-Module $manifestPath -Force
    . (Join-Path $PSScriptRoot 'FixtureCapture.ps1')

    # Every file under a folder, by relative path and content; '' for a missing folder.
    function Get-TreeHashes {
        param([string]$Dir)
        if (-not (Test-Path -LiteralPath $Dir)) { return '' }
        $root = (Resolve-Path -LiteralPath $Dir).ProviderPath
        $hashes = foreach ($file in @(Get-ChildItem -LiteralPath $root -Recurse -Force | Sort-Object FullName)) {
            $entry = $file.FullName.Substring($root.Length)
            if (-not $file.PSIsContainer) { $entry += '=' + (Get-FileHash -LiteralPath $file.FullName -Algorithm SHA256).Hash }
            $entry
        }
        return ($hashes -join ';')
    }
}

Describe 'TpoolPublisher.psd1' {
    BeforeAll {
        $script:manifest = Import-PowerShellDataFile -LiteralPath $manifestPath
    }
    It 'is a valid module manifest' {
        { Test-ModuleManifest -Path $manifestPath -ErrorAction Stop } | Should -Not -Throw
    }
    It 'declares Windows PowerShell 5.1 and PowerShell 7 (Desktop and Core)' {
        $manifest.PowerShellVersion | Should -Be '5.1'
        @($manifest.CompatiblePSEditions | Sort-Object) | Should -Be @('Core', 'Desktop')
    }
    It 'lists its exported functions explicitly, with no wildcard' {
        @($manifest.FunctionsToExport).Count | Should -BeGreaterThan 10
        @($manifest.FunctionsToExport | Where-Object { $_ -match '\*' }) | Should -BeNullOrEmpty
        @($manifest.CmdletsToExport).Count | Should -Be 0
        @($manifest.VariablesToExport).Count | Should -Be 0
        @($manifest.AliasesToExport).Count | Should -Be 0
    }
    It 'exports exactly the functions it lists, each defined by a part of the module' {
        $exported = @((Get-Module TpoolPublisher).ExportedFunctions.Keys | Sort-Object)
        $exported | Should -Be @($manifest.FunctionsToExport | Sort-Object)
    }
    It 'keeps the module''s helpers private' {
        (Get-Module TpoolPublisher).ExportedFunctions.ContainsKey('Write-TpoolUtf8File') | Should -BeFalse
        (Get-Module TpoolPublisher).ExportedFunctions.ContainsKey('Get-TpoolProperty') | Should -BeFalse
    }
}

Describe 'Functions that write files support -WhatIf and -Confirm' {
    It '<Name> takes -WhatIf and -Confirm' -ForEach @(
        @{ Name = 'Publish-TpoolCapture' }, @{ Name = 'Update-TpoolTargetsTable' }, @{ Name = 'Invoke-TpoolBuild' },
        @{ Name = 'Update-TpoolBenchmarkData' }
    ) {
        $command = Get-Command $Name
        $command.Parameters.ContainsKey('WhatIf') | Should -BeTrue
        $command.Parameters.ContainsKey('Confirm') | Should -BeTrue
    }

    Context 'with -WhatIf nothing is written' {
        BeforeEach {
            $script:work = Join-Path $TestDrive ([guid]::NewGuid().ToString('N').Substring(0, 8))
            [void](New-Item -ItemType Directory -Path $work)
            $script:capture = Join-Path $work 'capture'
            New-FixtureCapture -OutDir $capture -CapturedUtc '2026-12-02T12:00:00Z'
        }
        It 'Publish-TpoolCapture -WhatIf creates no assets folder' {
            $assets = Join-Path $work 'assets'
            Publish-TpoolCapture -ResultsDir $capture -AssetsDir $assets -WhatIf
            Test-Path -LiteralPath $assets | Should -BeFalse
            @(Get-ChildItem -LiteralPath $work -Force | ForEach-Object { $_.Name } | Sort-Object) | Should -Be @('capture')
        }
        It 'Publish-TpoolCapture -WhatIf leaves a published capture byte for byte' {
            $assets = Join-Path $work 'assets'
            $older = Join-Path $work 'older'
            New-FixtureCapture -OutDir $older -CapturedUtc '2026-01-01T00:00:00Z'
            Publish-TpoolCapture -ResultsDir $older -AssetsDir $assets
            $before = Get-TreeHashes $work
            Publish-TpoolCapture -ResultsDir $capture -AssetsDir $assets -WhatIf
            Get-TreeHashes $work | Should -Be $before
        }
        It 'Publish-TpoolCapture without -WhatIf does publish (the test above can fail)' {
            $assets = Join-Path $work 'assets'
            Publish-TpoolCapture -ResultsDir $capture -AssetsDir $assets
            Test-Path -LiteralPath (Join-Path $assets 'benchmarks.json') | Should -BeTrue
        }
        It 'Update-TpoolTargetsTable -WhatIf leaves the doc as it is' {
            $doc = Join-Path $work 'notes.md'
            $old = ConvertTo-TpoolTargetsMarkdown -JsonText ([System.IO.File]::ReadAllText((Join-Path $repo 'assets/benchmarks.json')))
            [System.IO.File]::WriteAllText($doc, "# Notes`n`n$old`n")
            $before = Get-TreeHashes $work
            Update-TpoolTargetsTable -JsonPath (Join-Path $capture 'benchmarks.json') -DocPath $doc -WhatIf
            Get-TreeHashes $work | Should -Be $before
            Update-TpoolTargetsTable -JsonPath (Join-Path $capture 'benchmarks.json') -DocPath $doc
            Get-TreeHashes $work | Should -Not -Be $before
        }
        It 'Update-TpoolBenchmarkData -WhatIf leaves benchmark-data.js as it is' {
            $assets = Join-Path $work 'assets'
            Publish-TpoolCapture -ResultsDir $capture -AssetsDir $assets
            [System.IO.File]::WriteAllText((Join-Path $assets 'benchmark-data.js'), 'stale')
            $before = Get-TreeHashes $work
            Update-TpoolBenchmarkData -AssetsDir $assets -WhatIf
            Get-TreeHashes $work | Should -Be $before
            Update-TpoolBenchmarkData -AssetsDir $assets
            [System.IO.File]::ReadAllText((Join-Path $assets 'benchmark-data.js')) | Should -Match '^// Generated'
        }
        It 'Invoke-TpoolBuild -WhatIf neither configures nor builds' {
            $buildDir = Join-Path $work 'build'
            $plan = Get-TpoolPlatformPlan -Platform 'linux-x64' -RepoRoot $repo -BuildDir $buildDir
            Invoke-TpoolBuild -Plan $plan -RepoRoot $repo -WhatIf
            Test-Path -LiteralPath $buildDir | Should -BeFalse
        }
    }
}
