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

function Get-TpoolComparisonSummary {
    <#
    .SYNOPSIS
    One object per comparison cell of a benchmarks.json (schema 4): Cell,
    Tpool (its median in the cell's unit), BestOther, Ratio (tpool over the
    best other pool, above 1 tpool better), Interval (95%) and Verdict; a
    pair too noisy to judge (tpool or the best other pool flagged) gives no
    verdict but the RSD that kept it from one, as the page does.
    These, not the reference rows, are the run's verdicts.
    #>
    [CmdletBinding()]
    param([Parameter(Mandatory = $true)][string]$JsonPath)
    $JsonPath = (Resolve-Path -LiteralPath $JsonPath).ProviderPath
    $json = [System.IO.File]::ReadAllText($JsonPath) | ConvertFrom-Json
    $culture = [System.Globalization.CultureInfo]::InvariantCulture
    foreach ($cell in @(Get-TpoolProperty (Get-TpoolProperty $json 'comparison') 'cells')) {
        if ($null -eq $cell) { continue }
        $pools = @(Get-TpoolProperty $cell 'pools')
        $tpool = $pools[0]
        $best = Get-TpoolProperty $cell 'best_other'
        $ratio = '-'; $interval = '-'; $verdict = '-'; $bestName = '-'
        if ($null -ne $best) {
            $bestName = [string]$best.pool
            $ratio = [string]::Format($culture, '{0:N2}x', [double]$best.ratio)
            if ($null -ne (Get-TpoolProperty $best 'ci_low') -and $null -ne (Get-TpoolProperty $best 'ci_high')) {
                $interval = [string]::Format($culture, '{0:N2} to {1:N2}', [double]$best.ci_low, [double]$best.ci_high)
            }
            $verdict = [string]$best.verdict
        }
        if ($verdict -eq 'flagged') {
            # The pair is too noisy to judge (as on the page): the RSD of whichever of the two is flagged.
            $pair = @($pools | Where-Object { ($_.pool -eq 'tpool' -or $_.pool -eq $bestName) -and $_.flagged })
            $noisy = @($pair | ForEach-Object { [string]::Format($culture, '{0} {1:N1}%', $_.pool, [double]$_.rsd_pct) })
            $verdict = 'no verdict, RSD ' + ($noisy -join ', ')
        } elseif ($null -eq $best -and (Get-TpoolProperty $tpool 'flagged') -eq $true) {
            $verdict = [string]::Format($culture, 'no verdict, RSD tpool {0:N1}%', [double]$tpool.rsd_pct)
        }
        [pscustomobject]@{
            Cell      = $cell.id
            Tpool     = [string]::Format($culture, '{0:G4} {1}', [double]$tpool.median, $cell.unit)
            BestOther = $bestName
            Ratio     = $ratio
            Interval  = $interval
            Verdict   = $verdict
        }
    }
}
