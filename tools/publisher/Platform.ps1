# Which preset builds bench for a platform, where the binary lands and how it
# is started on this host.

function Test-TpoolWindowsHost {
    # $IsWindows does not exist on Windows PowerShell 5.1 (always Windows there).
    if (Test-Path variable:global:IsWindows) { return [bool]$global:IsWindows }
    return $true
}

function Get-TpoolPlatformPlan {
    <#
    .SYNOPSIS
    Describes how to build and run bench for one platform on this host.
    .OUTPUTS
    An object with Platform, Preset, BuildDir, BenchPath, Launcher (the
    command prefix that starts bench, empty when it runs directly),
    CanRunHere and Note (why it cannot run, if so).
    #>
    [CmdletBinding()]
    param(
        [Parameter(Mandatory = $true)][ValidateSet('x64', 'Win32', 'linux-x64')][string]$Platform,
        [Parameter(Mandatory = $true)][string]$RepoRoot,
        # Overrides build/<preset>; helpers and tests use their own folders.
        [string]$BuildDir
    )
    $onWindows = Test-TpoolWindowsHost
    $launcher = @()
    $canRun = $true
    $note = ''
    if ($onWindows) {
        switch ($Platform) {
            'x64' { $preset = 'msvc-x64' }
            'Win32' { $preset = 'msvc-x86' }
            'linux-x64' {
                $preset = 'linux-release'
                $canRun = $false
                $note = 'linux-x64 builds need a Linux host.'
            }
        }
        # Visual Studio generators add a per-configuration folder.
        $relativeBench = Join-Path (Join-Path 'bin' 'Release') 'bench.exe'
    } else {
        switch ($Platform) {
            'x64' {
                $preset = 'mingw-x64-release'
                $relativeBench = Join-Path 'bin' 'bench.exe'
                $launcher = @('bash', (Join-Path (Join-Path $RepoRoot 'tools') 'wine-run.sh'))
            }
            'Win32' {
                $preset = 'mingw-x86-release'
                $relativeBench = Join-Path 'bin' 'bench.exe'
                $launcher = @('bash', (Join-Path (Join-Path $RepoRoot 'tools') 'wine-run.sh'))
                $note = '32-bit Windows programs run only under 32-bit Wine, which needs a kernel ' +
                    'that can execute 32-bit code; on a 64-bit-only kernel it fails with ' +
                    '"Exec format error". Run -Platform Win32 on Windows instead.'
            }
            'linux-x64' {
                $preset = 'linux-release'
                $relativeBench = Join-Path 'bin' 'bench'
            }
        }
    }
    if (-not $onWindows -and $Platform -eq 'Win32') { $canRun = Test-TpoolWine32 }
    if (-not $BuildDir) { $BuildDir = Join-Path (Join-Path $RepoRoot 'build') $preset }
    [pscustomobject]@{
        Platform   = $Platform
        Preset     = $preset
        BuildDir   = $BuildDir
        BenchPath  = Join-Path $BuildDir $relativeBench
        Launcher   = $launcher
        CanRunHere = $canRun
        Note       = $note
    }
}

function Test-TpoolWine32 {
    # 32-bit Wine starts only where the kernel can execute 32-bit programs: probe, do not assume.
    $wine32 = '/usr/lib/wine/wine'
    if (-not (Test-Path -LiteralPath $wine32)) { return $false }
    try {
        & $wine32 --version 2>&1 | Out-Null
        return ($LASTEXITCODE -eq 0)
    } catch {
        return $false
    }
}

function Find-TpoolVisualStudio {
    # vswhere ships with every Visual Studio 2017+ installer.
    $programFilesX86 = [Environment]::GetFolderPath('ProgramFilesX86')
    $vswhere = Join-Path $programFilesX86 'Microsoft Visual Studio\Installer\vswhere.exe'
    if (-not (Test-Path -LiteralPath $vswhere)) {
        throw "vswhere.exe not found at '$vswhere': install Visual Studio 2022 with 'Desktop development with C++'."
    }
    $path = & $vswhere -latest -products '*' -requires Microsoft.VisualStudio.Component.VC.Tools.x86.x64 -property installationPath
    if (-not $path) { throw 'vswhere found no Visual Studio with the C++ x86/x64 tools.' }
    return ($path | Select-Object -First 1)
}

function Get-TpoolCMake {
    param([string]$VisualStudioPath)
    $onPath = Get-Command cmake -ErrorAction SilentlyContinue
    if ($onPath) { return $onPath.Source }
    if ($VisualStudioPath) {
        $bundled = Join-Path $VisualStudioPath 'Common7\IDE\CommonExtensions\Microsoft\CMake\CMake\bin\cmake.exe'
        if (Test-Path -LiteralPath $bundled) { return $bundled }
    }
    throw 'cmake not found: put CMake 3.25+ on PATH.'
}

function Invoke-TpoolNative {
    # Runs a native command, echoing it; throws on a non-zero exit.
    param([string]$FilePath, [string[]]$Arguments, [string]$WorkingDirectory)
    Write-Host ('> ' + $FilePath + ' ' + ($Arguments -join ' '))
    Push-Location -LiteralPath $WorkingDirectory
    try {
        & $FilePath @Arguments
        $code = $LASTEXITCODE
    } finally {
        Pop-Location
    }
    if ($code -ne 0) { throw "'$FilePath $($Arguments -join ' ')' failed with exit code $code." }
}

function Invoke-TpoolBuild {
    <#
    .SYNOPSIS
    Configures and builds bench (and the DLLs it links) for a platform plan.
    Throws when the configure or build step fails. With -WhatIf nothing is
    configured or built.
    #>
    [CmdletBinding(SupportsShouldProcess = $true)]
    param(
        [Parameter(Mandatory = $true)]$Plan,
        [Parameter(Mandatory = $true)][string]$RepoRoot
    )
    if (-not $PSCmdlet.ShouldProcess($Plan.BuildDir, "Configure preset $($Plan.Preset) and build bench")) { return }
    $vsPath = $null
    if (Test-TpoolWindowsHost) {
        $vsPath = Find-TpoolVisualStudio
        Write-Host "Visual Studio: $vsPath"
        if (-not $env:VCPKG_ROOT) {
            throw 'VCPKG_ROOT is not set: the msvc presets take their dependencies from vcpkg.'
        }
    }
    $cmake = Get-TpoolCMake -VisualStudioPath $vsPath
    Invoke-TpoolNative -FilePath $cmake -WorkingDirectory $RepoRoot `
        -Arguments @('--preset', $Plan.Preset, '-B', $Plan.BuildDir)
    # Only bench and what it links: the preset's test suite is not needed to measure.
    $buildArgs = @('--build', $Plan.BuildDir, '--target', 'bench', '--parallel', '2')
    if (Test-TpoolWindowsHost) { $buildArgs += @('--config', 'Release') }
    Invoke-TpoolNative -FilePath $cmake -WorkingDirectory $RepoRoot -Arguments $buildArgs
    if (-not (Test-Path -LiteralPath $Plan.BenchPath)) {
        throw "The build finished but '$($Plan.BenchPath)' does not exist."
    }
}
