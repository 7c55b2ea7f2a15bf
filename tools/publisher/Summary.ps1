# The short table printed after a run: one line per reference scenario.

function Get-TpoolSummary {
    <#
    .SYNOPSIS
    One object per reference-suite scenario of a benchmarks.json: Scenario,
    MedianTasksPerS, MedianMs, RatioToBaseline (tpool median tasks/s over
    the baseline pool's), BestPeer and RatioToBestPeer (the fastest other
    pool on that scenario and tpool's ratio to it; below 1.00x tpool is
    slower, marked with '<'), and RSD. Empty fields ('-') where bench
    measured no such peer.
    #>
    [CmdletBinding()]
    param([Parameter(Mandatory = $true)][string]$JsonPath)
    # .NET resolves relative paths against the process folder, not PowerShell's location.
    $JsonPath = (Resolve-Path -LiteralPath $JsonPath).ProviderPath
    $json = [System.IO.File]::ReadAllText($JsonPath) | ConvertFrom-Json
    foreach ($scenario in @($json.scenarios)) {
        if ((Get-TpoolProperty $scenario 'suite') -ne 'reference') { continue }
        $ratio = Get-TpoolProperty (Get-TpoolProperty $scenario 'ratios') 'baseline'
        $bestPeer = Get-TpoolProperty $scenario 'best_peer'
        $bestRatio = Get-TpoolProperty $scenario 'ratio_to_best_peer'
        $rsd = Get-TpoolProperty $scenario 'rsd_pct'
        $warn = ''
        if (Get-TpoolProperty $scenario 'rsd_warning') { $warn = ' !' }
        $slower = ''
        if ($null -ne $bestRatio -and [double]$bestRatio -lt 1.0) { $slower = ' <' }
        $tasksPerS = Get-TpoolProperty (Get-TpoolProperty $scenario 'tasks_per_s') 'median'
        $ms = Get-TpoolProperty (Get-TpoolProperty $scenario 'ms') 'median'
        [pscustomobject]@{
            Scenario         = $scenario.id
            MedianTasksPerS  = $(if ($tasksPerS) { '{0:N0}' -f [double]$tasksPerS } else { '-' })
            MedianMs         = $(if ($null -ne $ms) { '{0:N3}' -f [double]$ms } else { '-' })
            RatioToBaseline  = $(if ($null -ne $ratio) { '{0:N2}x' -f [double]$ratio } else { '-' })
            BestPeer         = $(if ($bestPeer) { [string]$bestPeer } else { '-' })
            RatioToBestPeer  = $(if ($null -ne $bestRatio) { ('{0:N2}x' -f [double]$bestRatio) + $slower } else { '-' })
            RsdPct           = $(if ($null -ne $rsd) { ('{0:N1}' -f [double]$rsd) + $warn } else { '-' })
        }
    }
}
