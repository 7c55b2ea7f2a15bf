# Starts bench with a whole-process watchdog. Output goes to log files (kept
# under artifacts/, never published); bench's stderr progress is relayed live.

function ConvertTo-TpoolCommandLine {
    <#
    .SYNOPSIS
    Joins arguments into one command line that CommandLineToArgvW (and .NET
    on Linux) splits back into the same arguments.
    #>
    param([string[]]$Arguments)
    $quoted = foreach ($argument in $Arguments) {
        if ($argument -ne '' -and $argument -notmatch '[\s"]') { $argument; continue }
        # Backslashes are literal unless they precede a quote: double those.
        $escaped = [regex]::Replace($argument, '(\\*)"', { param($m) ($m.Groups[1].Value * 2) + '\"' })
        $escaped = [regex]::Replace($escaped, '(\\+)$', { param($m) $m.Groups[1].Value * 2 })
        '"' + $escaped + '"'
    }
    return ($quoted -join ' ')
}

function Stop-TpoolProcessTree {
    <#
    .SYNOPSIS
    Kills a process and every process it started. Safe to call on a process
    that already exited.
    #>
    param([Parameter(Mandatory = $true)][System.Diagnostics.Process]$Process)
    if ($Process.HasExited) { return }
    $killTree = [System.Diagnostics.Process].GetMethod('Kill', [type[]]@([bool]))
    if ($killTree) {
        # .NET Core 3.0+ (PowerShell 7): walks the tree on every OS.
        try { $Process.Kill($true) } catch { Write-Verbose "Kill: $($_.Exception.Message)" }
    } else {
        # Windows PowerShell 5.1 runs on .NET Framework, which kills one process only.
        & taskkill.exe /T /F /PID $Process.Id 2>&1 | Out-Null
    }
    [void]$Process.WaitForExit(10000)
}

function Read-TpoolNewText {
    # Returns text appended to a file since $State.Offset, which it advances.
    param([string]$Path, $State)
    if (-not (Test-Path -LiteralPath $Path)) { return '' }
    $stream = New-Object System.IO.FileStream($Path, [System.IO.FileMode]::Open,
        [System.IO.FileAccess]::Read, [System.IO.FileShare]::ReadWrite)
    try {
        if ($stream.Length -le $State.Offset) { return '' }
        [void]$stream.Seek($State.Offset, [System.IO.SeekOrigin]::Begin)
        $buffer = New-Object byte[] ($stream.Length - $State.Offset)
        $read = $stream.Read($buffer, 0, $buffer.Length)
        $State.Offset += $read
        return [System.Text.Encoding]::UTF8.GetString($buffer, 0, $read)
    } finally {
        $stream.Dispose()
    }
}

function Invoke-TpoolBench {
    <#
    .SYNOPSIS
    Runs one bench process under a watchdog and returns what happened.
    .DESCRIPTION
    The command's stdout and stderr go to bench-stdout.log and
    bench-stderr.log in LogDir; stderr is echoed as it arrives (bench writes
    its progress there). After TimeoutSeconds the whole process tree is
    killed and TimedOut is set.
    .OUTPUTS
    An object with ExitCode (null when killed), TimedOut, StdoutLines,
    StdoutPath, StderrPath and Seconds.
    #>
    [CmdletBinding()]
    param(
        [Parameter(Mandatory = $true)][string[]]$Command,
        [string[]]$Arguments = @(),
        [Parameter(Mandatory = $true)][string]$WorkingDirectory,
        [Parameter(Mandatory = $true)][string]$LogDir,
        [ValidateRange(1, 86400)][int]$TimeoutSeconds = 1200,
        [switch]$Quiet
    )
    if (-not (Test-Path -LiteralPath $LogDir)) { [void](New-Item -ItemType Directory -Path $LogDir) }
    $stdoutPath = Join-Path $LogDir 'bench-stdout.log'
    $stderrPath = Join-Path $LogDir 'bench-stderr.log'
    $fileName = $Command[0]
    $allArguments = @()
    if ($Command.Count -gt 1) { $allArguments += $Command[1..($Command.Count - 1)] }
    $allArguments += $Arguments
    $commandLine = ConvertTo-TpoolCommandLine -Arguments $allArguments

    $startArgs = @{
        FilePath               = $fileName
        WorkingDirectory       = $WorkingDirectory
        RedirectStandardOutput = $stdoutPath
        RedirectStandardError  = $stderrPath
        NoNewWindow            = $true
        PassThru               = $true
    }
    if ($commandLine) { $startArgs.ArgumentList = $commandLine }
    $clock = [System.Diagnostics.Stopwatch]::StartNew()
    $process = Start-Process @startArgs
    # Windows PowerShell loses ExitCode unless the handle is opened while the process lives.
    $null = $process.Handle

    $timedOut = $false
    $stderrState = @{ Offset = 0 }
    try {
        while (-not $process.WaitForExit(250)) {
            if (-not $Quiet) { Write-TpoolProgress (Read-TpoolNewText -Path $stderrPath -State $stderrState) }
            if ($clock.Elapsed.TotalSeconds -ge $TimeoutSeconds) {
                $timedOut = $true
                Write-Warning "bench exceeded the ${TimeoutSeconds}s watchdog: killing its whole process tree."
                Stop-TpoolProcessTree -Process $process
                break
            }
        }
    } finally {
        # Also on Ctrl+C: never leave a bench running behind us.
        if (-not $process.HasExited) { Stop-TpoolProcessTree -Process $process }
    }
    $process.WaitForExit()
    if (-not $Quiet) { Write-TpoolProgress (Read-TpoolNewText -Path $stderrPath -State $stderrState) }

    $exitCode = $null
    if (-not $timedOut) { $exitCode = $process.ExitCode }
    $lines = @()
    if (Test-Path -LiteralPath $stdoutPath) {
        $lines = @(Get-Content -LiteralPath $stdoutPath -Encoding UTF8)
    }
    [pscustomobject]@{
        ExitCode    = $exitCode
        TimedOut    = $timedOut
        StdoutLines = $lines
        StdoutPath  = $stdoutPath
        StderrPath  = $stderrPath
        Seconds     = [math]::Round($clock.Elapsed.TotalSeconds, 1)
    }
}

function Write-TpoolProgress {
    param([string]$Text)
    if (-not $Text) { return }
    foreach ($line in ($Text -split "`r?`n")) {
        if ($line.Trim()) { Write-Host "  bench: $($line.TrimEnd())" }
    }
}
