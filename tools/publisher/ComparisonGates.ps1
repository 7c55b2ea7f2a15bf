# The gates of the comparison suite (schema 4: docs/benchmark-schema.md,
# "Comparison suite"). Every verdict the page shows comes from
# benchmarks.json's 'comparison' section, so before a capture is published
# these check that each verdict follows from the samples beside it:
#   - every pool of a cell took the cell's repetitions (equal treatment), and
#     the CSV holds exactly those rows, their metric equal to the samples;
#   - median, min, max and RSD recompute from the samples; a pool is flagged
#     exactly when its RSD is above the limit, a cell when any pool is, and a
#     flagged cell took the most repetitions allowed before giving up;
#   - every ratio is the oriented ratio of medians with its interval, and its
#     verdict is the one the interval gives ('flagged' and no verdict when
#     either pool is flagged); best_other is the best median among the others;
#   - the hand-off readings' spread and changes are what the readings say.
# Each function returns its failures as strings: empty means it passed.

function Get-TpoolMedian {
    # bench/harness/stats.h: the mean of the middle pair for an even count.
    param([double[]]$Values)
    $sorted = @($Values | Sort-Object)
    $n = $sorted.Count
    if ($n -eq 0) { return 0.0 }
    if ($n % 2 -eq 1) { return [double]$sorted[($n - 1) / 2] }
    return ([double]$sorted[$n / 2 - 1] + [double]$sorted[$n / 2]) / 2.0
}

function Get-TpoolRsdPct {
    # Sample standard deviation (n - 1) over the mean, in percent; 0 below two values.
    param([double[]]$Values)
    $n = $Values.Count
    if ($n -lt 2) { return 0.0 }
    $mean = ($Values | Measure-Object -Average).Average
    if ($mean -eq 0) { return 0.0 }
    $squares = 0.0
    foreach ($v in $Values) { $squares += ($v - $mean) * ($v - $mean) }
    return [math]::Sqrt($squares / ($n - 1)) / $mean * 100.0
}

function Get-TpoolRowMetric {
    <#
    .SYNOPSIS
    The metric of one comparison CSV row, as the cell's samples hold it;
    $null when the row cannot give it. ms_per_run of a fork-join row is the
    repetition's ms over its number of runs, which the CSV does not hold:
    the caller checks that one separately.
    #>
    param($Row, [string]$Metric)
    switch ($Metric) {
        'tasks_per_s' { return ConvertTo-TpoolNumber $Row.tasks_per_s }
        'high_wait_us' {
            $ms = ConvertTo-TpoolNumber $Row.ms
            if ($null -eq $ms) { return $null }
            return $ms * 1000.0
        }
        'ms_per_run' { return ConvertTo-TpoolNumber $Row.ms }
    }
    return $null
}

function Test-TpoolMetricMatches {
    # A row's metric against its sample: the CSV prints 6 decimals, the JSON rounds to 1e-6.
    param([double]$RowValue, [double]$Sample, [string]$Metric, [string]$Kind, [double]$Tasks)
    if ($Kind -eq 'fork_join') {
        # ms of the repetition = runs x ms per run, runs a whole number dividing the forks.
        if ($Sample -le 0) { return $false }
        $runs = [math]::Round($RowValue / $Sample)
        if ($runs -lt 1) { return $false }
        if ($Tasks % $runs -ne 0) { return $false }
        return (Test-TpoolNearlyEqual -A $RowValue -B ($runs * $Sample) -Relative 1e-4 -Absolute (2e-6 * $runs))
    }
    $absolute = 2e-6
    if ($Metric -eq 'high_wait_us') { $absolute = 1e-3 }
    return (Test-TpoolNearlyEqual -A $RowValue -B $Sample -Relative 1e-6 -Absolute $absolute)
}

function Test-TpoolComparisonRatio {
    <#
    .SYNOPSIS
    One ratio entry ('vs' or 'best_other') against the two pools' medians
    and flags: the ratio, its interval and the verdict the interval gives.
    #>
    param([string]$Where, $Entry, $Tpool, $Other, [bool]$HigherIsBetter)
    $failures = @()
    $name = Get-TpoolProperty $Entry 'pool'
    $ratio = ConvertTo-TpoolNumber (Get-TpoolProperty $Entry 'ratio')
    $tpoolMedian = ConvertTo-TpoolNumber (Get-TpoolProperty $Tpool 'median')
    $otherMedian = ConvertTo-TpoolNumber (Get-TpoolProperty $Other 'median')
    if ($null -ne $tpoolMedian -and $null -ne $otherMedian -and $tpoolMedian -gt 0 -and $otherMedian -gt 0) {
        $expected = $tpoolMedian / $otherMedian
        if (-not $HigherIsBetter) { $expected = $otherMedian / $tpoolMedian }
        if ($null -eq $ratio -or -not (Test-TpoolNearlyEqual -A $ratio -B $expected -Relative 1e-4 -Absolute 2e-6)) {
            $failures += "${Where}: the ratio to $name is '$ratio'; the medians give $expected."
        }
    }
    $low = ConvertTo-TpoolNumber (Get-TpoolProperty $Entry 'ci_low')
    $high = ConvertTo-TpoolNumber (Get-TpoolProperty $Entry 'ci_high')
    $samplesBoth = (@(Get-TpoolProperty $Tpool 'samples').Count -ge 2 -and @(Get-TpoolProperty $Other 'samples').Count -ge 2)
    $hasInterval = ($null -ne $low -and $null -ne $high)
    if ($samplesBoth -and -not $hasInterval) {
        $failures += "${Where}: the ratio to $name has no 95% interval."
    } elseif ($hasInterval -and ($low -le 0 -or $low -gt $high)) {
        $failures += "${Where}: the interval of the ratio to $name, [$low, $high], is not an interval of positive ratios."
    }
    $flagged = ((Get-TpoolProperty $Tpool 'flagged') -eq $true -or (Get-TpoolProperty $Other 'flagged') -eq $true)
    $verdict = Get-TpoolProperty $Entry 'verdict'
    $expectedVerdict = 'within noise'
    if ($flagged) {
        $expectedVerdict = 'flagged'
    } elseif ($hasInterval -and $low -gt 1) {
        $expectedVerdict = 'faster'
    } elseif ($hasInterval -and $high -lt 1) {
        $expectedVerdict = 'slower'
    }
    if ($verdict -ne $expectedVerdict) {
        if ($flagged) {
            $failures += "${Where}: the verdict against $name is '$verdict' but a pool of the pair is flagged as noisy: no verdict may be given ('flagged')."
        } else {
            $failures += "${Where}: the verdict against $name is '$verdict'; its interval [$low, $high] gives '$expectedVerdict'."
        }
    }
    return $failures
}

function Test-TpoolComparisonCell {
    <#
    .SYNOPSIS
    One comparison cell: its pools, samples and statistics, its CSV rows,
    its ratios and verdicts.
    .PARAMETER RowsByKey
    The CSV's comparison rows grouped by "<cell id>|<pool>".
    #>
    param($Cell, $Method, [hashtable]$RowsByKey)
    $failures = @()
    $id = Get-TpoolProperty $Cell 'id'
    $where = "comparison cell $id"
    $metric = Get-TpoolProperty $Cell 'metric'
    $kind = Get-TpoolProperty $Cell 'kind'
    $higher = ((Get-TpoolProperty $Cell 'higher_is_better') -eq $true)
    $repetitions = ConvertTo-TpoolNumber (Get-TpoolProperty $Cell 'repetitions')
    $limit = ConvertTo-TpoolNumber (Get-TpoolProperty $Method 'rsd_limit_pct')
    $maxRepetitions = ConvertTo-TpoolNumber (Get-TpoolProperty $Method 'max_repetitions')
    $pools = @(Get-TpoolProperty $Cell 'pools')
    if (@('tasks_per_s', 'high_wait_us', 'ms_per_run') -notcontains $metric) {
        return @("${where}: unknown metric '$metric'.")
    }
    if ($pools.Count -eq 0 -or (Get-TpoolProperty $pools[0] 'pool') -ne 'tpool') {
        return @("${where}: its first pool is not tpool.")
    }
    if ($null -eq $repetitions -or $repetitions -lt 2) {
        $failures += "${where}: repetitions is '$repetitions'; a verdict needs at least 2."
    } elseif ($null -ne $maxRepetitions -and $repetitions -gt $maxRepetitions) {
        $failures += "${where}: $repetitions repetitions, above max_repetitions $maxRepetitions."
    }
    $anyFlagged = $false
    foreach ($pool in $pools) {
        $name = Get-TpoolProperty $pool 'pool'
        $samples = @(Get-TpoolProperty $pool 'samples' | ForEach-Object { [double]$_ })
        if ($samples.Count -ne $repetitions) {
            $failures += "${where}: $name has $($samples.Count) samples; the cell took $repetitions repetitions for every pool."
            continue
        }
        $rows = @()
        if ($RowsByKey.ContainsKey("$id|$name")) { $rows = @($RowsByKey["$id|$name"]) }
        if ($rows.Count -ne $repetitions) {
            $failures += "${where}: native-runs.csv has $($rows.Count) rows of $name; expected $repetitions."
        } else {
            for ($i = 0; $i -lt $rows.Count; $i++) {
                if ([int]$rows[$i].repetition -ne ($i + 1)) {
                    $failures += "${where}: the CSV rows of $name are not repetitions 1 to $repetitions in order."
                    break
                }
                $value = Get-TpoolRowMetric -Row $rows[$i] -Metric $metric
                $tasks = ConvertTo-TpoolNumber $rows[$i].tasks
                if ($null -eq $value -or $null -eq $tasks -or
                    -not (Test-TpoolMetricMatches -RowValue $value -Sample $samples[$i] -Metric $metric -Kind $kind -Tasks $tasks)) {
                    $failures += "${where}: $name repetition $($i + 1): the CSV row gives $metric '$value', the sample is $($samples[$i])."
                    break
                }
            }
        }
        $checks = [ordered]@{
            median  = (Get-TpoolMedian $samples)
            min     = ($samples | Measure-Object -Minimum).Minimum
            max     = ($samples | Measure-Object -Maximum).Maximum
            rsd_pct = (Get-TpoolRsdPct $samples)
        }
        foreach ($field in $checks.Keys) {
            $declared = ConvertTo-TpoolNumber (Get-TpoolProperty $pool $field)
            $absolute = 2e-6
            if ($field -eq 'rsd_pct') { $absolute = 2e-3 }
            if ($null -eq $declared -or -not (Test-TpoolNearlyEqual -A $declared -B $checks[$field] -Relative 1e-5 -Absolute $absolute)) {
                $failures += "${where}: $name $field is '$declared'; its samples give $($checks[$field])."
            }
        }
        $flagged = ((Get-TpoolProperty $pool 'flagged') -eq $true)
        if ($null -ne $limit) {
            $rsd = $checks['rsd_pct']
            # Within the JSON's rounding of rsd_pct, either answer is the bench's to give.
            $clear = ([math]::Abs($rsd - $limit) -gt 2e-3)
            if ($clear -and $flagged -ne ($rsd -gt $limit)) {
                $failures += "${where}: $name has RSD $([math]::Round($rsd, 2))% against a limit of $limit% but flagged is $flagged."
            }
        }
        if ($flagged) { $anyFlagged = $true }
    }
    if (((Get-TpoolProperty $Cell 'flagged') -eq $true) -ne $anyFlagged) {
        $failures += "${where}: flagged is '$(Get-TpoolProperty $Cell 'flagged')' but $(if ($anyFlagged) { 'a pool is' } else { 'no pool is' }) flagged."
    }
    if ($anyFlagged -and $null -ne $maxRepetitions -and $repetitions -ne $maxRepetitions) {
        $failures += "${where}: flagged after $repetitions repetitions; a noisy cell takes more, up to $maxRepetitions, before it is flagged."
    }
    if ($failures.Count -gt 0) { return $failures }

    # Ratios: one 'vs' entry per other pool, and best_other the best median among them.
    $tpool = $pools[0]
    $others = @($pools | Select-Object -Skip 1)
    $vs = @(Get-TpoolProperty $Cell 'vs')
    $best = $null
    foreach ($other in $others) {
        $name = Get-TpoolProperty $other 'pool'
        $entries = @($vs | Where-Object { (Get-TpoolProperty $_ 'pool') -eq $name })
        if ($entries.Count -ne 1) {
            $failures += "${where}: 'vs' has $($entries.Count) entries for $name; expected 1."
        } else {
            $failures += Test-TpoolComparisonRatio -Where $where -Entry $entries[0] -Tpool $tpool -Other $other -HigherIsBetter $higher
        }
        $median = [double](Get-TpoolProperty $other 'median')
        if ($null -eq $best) { $best = $other }
        elseif ($higher -and $median -gt [double](Get-TpoolProperty $best 'median')) { $best = $other }
        elseif (-not $higher -and $median -lt [double](Get-TpoolProperty $best 'median')) { $best = $other }
    }
    if ($vs.Count -ne $others.Count) {
        $failures += "${where}: 'vs' has $($vs.Count) entries for $($others.Count) other pools."
    }
    $declaredBest = Get-TpoolProperty $Cell 'best_other'
    if ($null -eq $best) {
        if ($null -ne $declaredBest) { $failures += "${where}: best_other is set but tpool is the only pool of the cell." }
    } elseif ($null -eq $declaredBest) {
        $failures += "${where}: best_other is missing; the best other pool is $(Get-TpoolProperty $best 'pool')."
    } else {
        $bestName = Get-TpoolProperty $best 'pool'
        $bestMedian = [double](Get-TpoolProperty $best 'median')
        $declaredName = Get-TpoolProperty $declaredBest 'pool'
        $declaredPool = @($others | Where-Object { (Get-TpoolProperty $_ 'pool') -eq $declaredName })
        # A tie between two medians may name either.
        $tie = ($declaredPool.Count -eq 1 -and [double](Get-TpoolProperty $declaredPool[0] 'median') -eq $bestMedian)
        if ($declaredName -ne $bestName -and -not $tie) {
            $failures += "${where}: best_other is '$declaredName'; the best median among the others is $bestName's."
        } elseif ($declaredPool.Count -eq 1) {
            $failures += Test-TpoolComparisonRatio -Where "$where best_other" -Entry $declaredBest -Tpool $tpool -Other $declaredPool[0] -HigherIsBetter $higher
        }
    }
    return $failures
}

function Test-TpoolComparison {
    <#
    .SYNOPSIS
    The comparison suite of a capture against its samples and its CSV rows
    (see the top of this file). Returns failures; empty means it passed.
    #>
    param($Json, [object[]]$Rows)
    $comparison = Get-TpoolProperty $Json 'comparison'
    if ($null -eq $comparison) { return @("The 'comparison' section is missing: no verdict could be published.") }
    $method = Get-TpoolProperty $comparison 'method'
    $failures = @()
    if ($null -eq $method) { return @("comparison.method is missing.") }
    $confidence = ConvertTo-TpoolNumber (Get-TpoolProperty (Get-TpoolProperty $method 'bootstrap') 'confidence')
    if ($confidence -ne 0.95) { $failures += "comparison.method.bootstrap.confidence is '$confidence'; the page promises 95% intervals." }
    foreach ($field in @('repetitions', 'max_repetitions', 'rsd_limit_pct', 'warmups', 'target_ms')) {
        $value = ConvertTo-TpoolNumber (Get-TpoolProperty $method $field)
        if ($null -eq $value -or $value -lt 0) { $failures += "comparison.method.$field is missing or negative." }
    }
    $cells = @(Get-TpoolProperty $comparison 'cells')
    if ($cells.Count -eq 0) { $failures += 'comparison.cells is empty: no verdict could be published.' }

    $rowsByKey = @{}
    $comparisonRows = 0
    foreach ($row in @($Rows | Where-Object { $_.suite -eq 'comparison' })) {
        $comparisonRows++
        $key = "$($row.scenario)|$($row.pool)"
        if (-not $rowsByKey.ContainsKey($key)) { $rowsByKey[$key] = [System.Collections.Generic.List[object]]::new() }
        $rowsByKey[$key].Add($row)
    }
    $expectedRows = 0
    $ids = @{}
    foreach ($cell in $cells) {
        $id = Get-TpoolProperty $cell 'id'
        if ($ids.ContainsKey($id)) { $failures += "comparison cell $id appears twice." }
        $ids[$id] = $true
        $reps = ConvertTo-TpoolNumber (Get-TpoolProperty $cell 'repetitions')
        if ($null -ne $reps) { $expectedRows += $reps * @(Get-TpoolProperty $cell 'pools').Count }
        $failures += Test-TpoolComparisonCell -Cell $cell -Method $method -RowsByKey $rowsByKey
        if ($failures.Count -gt 20) { return $failures + '(more comparison failures not listed)' }
    }
    if ($comparisonRows -ne $expectedRows) {
        $failures += "native-runs.csv has $comparisonRows comparison rows; the cells account for $expectedRows."
    }
    return $failures
}

function Test-TpoolStability {
    <#
    .SYNOPSIS
    The hand-off readings (stability): at least one before and one after the
    suites, and max_over_min, moved_over_2x and changes[] as the readings
    give them, so the page's phase warning is never missing or invented.
    #>
    param($Json)
    $stability = Get-TpoolProperty $Json 'stability'
    if ($null -eq $stability) { return @("The 'stability' section is missing: the page cannot say whether the machine changed phase.") }
    $readings = @(Get-TpoolProperty $stability 'readings')
    if ($readings.Count -lt 2) { return @("stability has $($readings.Count) hand-off readings; expected one before and one after the suites at least.") }
    $failures = @()
    # bench rounds each reading to 0.1 ns and max_over_min to 0.001 but
    # computes them from the unrounded readings: a figure is wrong only when
    # it is off by more than that rounding can make it.
    $values = @()
    foreach ($reading in $readings) {
        $value = ConvertTo-TpoolNumber (Get-TpoolProperty $reading 'handoff_ns')
        if ($null -ne $value -and $value -gt 0) { $values += $value }
    }
    $spread = 0.0
    $slack = 0.0
    if ($values.Count -gt 0) {
        $low = ($values | Measure-Object -Minimum).Minimum
        $high = ($values | Measure-Object -Maximum).Maximum
        $spread = $high / $low
        $slack = $spread * (0.05 / $low + 0.05 / $high)
    }
    $declared = ConvertTo-TpoolNumber (Get-TpoolProperty $stability 'max_over_min')
    if ($null -eq $declared -or [math]::Abs($declared - $spread) -gt $slack + 1e-3) {
        $failures += "stability.max_over_min is '$declared'; the readings give $spread."
    }
    if ([math]::Abs($spread - 2.0) -gt $slack -and
        ((Get-TpoolProperty $stability 'moved_over_2x') -eq $true) -ne ($spread -gt 2.0)) {
        $failures += "stability.moved_over_2x is '$(Get-TpoolProperty $stability 'moved_over_2x')' but the readings spread $([math]::Round($spread, 3))x."
    }
    # Consecutive pairs more than 2x apart: 'clear' ones must be listed,
    # 'borderline' ones (within rounding of 2x) may be.
    $clear = 0
    $borderline = 0
    for ($i = 1; $i -lt $readings.Count; $i++) {
        $a = ConvertTo-TpoolNumber (Get-TpoolProperty $readings[$i - 1] 'handoff_ns')
        $b = ConvertTo-TpoolNumber (Get-TpoolProperty $readings[$i] 'handoff_ns')
        if ($null -eq $a -or $null -eq $b -or $a -le 0 -or $b -le 0) { continue }
        $factor = [math]::Max($b / $a, $a / $b)
        $margin = $factor * (0.05 / $a + 0.05 / $b)
        if ($factor - 2.0 -gt $margin) { $clear++ } elseif ([math]::Abs($factor - 2.0) -le $margin) { $borderline++ }
    }
    $changes = @(Get-TpoolProperty $stability 'changes')
    if ($changes.Count -lt $clear -or $changes.Count -gt $clear + $borderline) {
        $failures += "stability.changes lists $($changes.Count) changes; the readings show $clear consecutive pairs more than 2x apart."
    }
    return $failures
}

function Test-TpoolMachineLine {
    # The page's one-line machine description and whether it is a VM (schema 4).
    param($Json)
    $environment = Get-TpoolProperty $Json 'environment'
    $failures = @()
    if (-not (Get-TpoolProperty $environment 'summary')) { $failures += 'environment.summary (the machine in one line) is missing.' }
    $vm = Get-TpoolProperty $environment 'virtual_machine'
    if (@('yes', 'no', 'unknown') -notcontains $vm) { $failures += "environment.virtual_machine is '$vm'; expected yes, no or unknown." }
    return $failures
}
