# Builds a synthetic bench capture (benchmarks.json + native-runs.csv) that
# follows docs/benchmark-schema.md, for the publisher tests only. The numbers
# are generated, deterministic and never published anywhere: the tests
# publish them into throw-away folders.

function New-FixtureScenarioList {
    param([switch]$Quick)
    $list = @()
    foreach ($iterations in @(0, 2048)) {
        foreach ($workers in @(1, 4, 8)) {
            foreach ($mix in @('uniform', 'high90', 'low90')) {
                $list += @{ id = "throughput/w$workers/i$iterations/$mix"; kind = 'throughput'; workers = $workers
                            producers = 1; iterations = $iterations; mix = $mix; tasks = 12000 }
            }
        }
    }
    foreach ($mix in @('uniform', 'high90', 'low90')) {
        $list += @{ id = "producers16/w8/i2048/$mix"; kind = 'many_producers'; workers = 8; producers = 16
                    iterations = 2048; mix = $mix; tasks = 48000 }
    }
    foreach ($iterations in @(0, 2048)) {
        $list += @{ id = "threads/serial/i$iterations"; kind = 'serial_threads'; workers = 0; producers = 0
                    iterations = $iterations; mix = 'none'; tasks = 256 }
    }
    foreach ($workers in @(1, 4, 8)) {
        $list += @{ id = "lifecycle/w$workers"; kind = 'lifecycle'; workers = $workers; producers = 0
                    iterations = 0; mix = 'none'; tasks = 0 }
    }
    if ($Quick) {
        foreach ($s in $list) { if ($s.tasks -gt 0 -and $s.kind -ne 'serial_threads') { $s.tasks = [int]($s.tasks / 100) } }
    }
    return $list
}

function Get-FixturePriorityCounts {
    param([string]$Mix, [int]$Tasks)
    switch ($Mix) {
        'uniform' { $third = [int]($Tasks / 3); return @($third, $third, ($Tasks - 2 * $third)) }
        'high90' { $small = [int]($Tasks * 0.05); return @(($Tasks - 2 * $small), $small, $small) }
        'low90' { $small = [int]($Tasks * 0.05); return @($small, $small, ($Tasks - 2 * $small)) }
        default { return @(0, 0, 0) }
    }
}

function New-FixtureRow {
    param($Scenario, [string]$Suite, [string]$Pool, [int]$Repetition, [double]$Ms)
    $counts = Get-FixturePriorityCounts -Mix $Scenario.mix -Tasks $Scenario.tasks
    $frequency = 10000000
    $ticks = [long][math]::Round($Ms * $frequency / 1000.0)
    $ms = $ticks * 1000.0 / $frequency
    $rate = 0.0
    if ($Scenario.kind -ne 'lifecycle' -and $Scenario.tasks -gt 0) { $rate = [math]::Round($Scenario.tasks / ($ms / 1000.0), 3) }
    $row = [ordered]@{}
    $row.suite = $Suite; $row.scenario = $Scenario.id; $row.kind = $Scenario.kind; $row.pool = $Pool
    $row.workers = $Scenario.workers; $row.producers = $Scenario.producers; $row.iterations = $Scenario.iterations
    $row.mix = $Scenario.mix; $row.repetition = $Repetition; $row.tasks = $Scenario.tasks
    $row.high = $counts[0]; $row.medium = $counts[1]; $row.low = $counts[2]
    $row.ticks = $ticks; $row.frequency = $frequency; $row.ms = $ms; $row.tasks_per_s = $rate
    $row.accepted = $Scenario.tasks; $row.executed = $Scenario.tasks; $row.completed = $Scenario.tasks
    $row.succeeded = $Scenario.tasks; $row.cancelled = 0; $row.validated = 1
    return $row
}

function Get-FixtureMedian {
    param([double[]]$Values)
    # As bench's (bench/harness/stats.h): the mean of the middle pair for an even count.
    $sorted = @($Values | Sort-Object)
    $n = $sorted.Count
    if ($n % 2 -eq 1) { return $sorted[($n - 1) / 2] }
    return ($sorted[$n / 2 - 1] + $sorted[$n / 2]) / 2.0
}

function New-FixtureComparison {
    <#
    .SYNOPSIS
    A small comparison suite (schema 4) whose statistics, ratios, intervals
    and verdicts are consistent with its own CSV rows, which it appends to
    $Rows: a throughput cell tpool wins, one it loses, one within noise, one
    flagged as noisy, a HIGH-behind-LOW cell (lower is better) and a
    fork-join cell (several runs per repetition).
    #>
    param([System.Collections.Generic.List[object]]$Rows, [int]$Repetitions)
    $cells = @(
        @{ id = 'cmp/w2/i0'; kind = 'throughput'; workers = 2; iterations = 0; metric = 'tasks_per_s'; higher = $true
           pools = [ordered]@{ tpool = 10.0; naive = 12.5; moodycamel = 11.0 }; noisy = $null; runs = 1 }
        @{ id = 'cmp/w2/i2048'; kind = 'throughput'; workers = 2; iterations = 2048; metric = 'tasks_per_s'; higher = $true
           pools = [ordered]@{ tpool = 40.0; naive = 40.2 }; noisy = $null; runs = 1 }
        @{ id = 'cmp/w4/i0'; kind = 'throughput'; workers = 4; iterations = 0; metric = 'tasks_per_s'; higher = $true
           pools = [ordered]@{ tpool = 16.0; naive = 8.0 }; noisy = $null; runs = 1 }
        @{ id = 'cmp/w8/i0'; kind = 'throughput'; workers = 8; iterations = 0; metric = 'tasks_per_s'; higher = $true
           pools = [ordered]@{ tpool = 10.0; naive = 10.0 }; noisy = 'naive'; runs = 1 }
        @{ id = 'cmp/high-behind-low/w2'; kind = 'high_behind_low'; workers = 2; iterations = 2048; metric = 'high_wait_us'; higher = $false
           pools = [ordered]@{ tpool = 0.02; naive = 0.5 }; noisy = $null; runs = 1 }
        @{ id = 'cmp/fork-join/w2/fib16'; kind = 'fork_join'; workers = 2; iterations = 0; metric = 'ms_per_run'; higher = $false
           pools = [ordered]@{ tpool = 3.0; tbb = 2.0 }; noisy = $null; runs = 4 }
    )
    $maxRepetitions = $Repetitions + 4
    $result = @()
    foreach ($spec in $cells) {
        $anyNoisy = ($null -ne $spec.noisy)
        $reps = $Repetitions
        if ($anyNoisy) { $reps = $maxRepetitions }
        $tasks = 6000
        if ($spec.kind -eq 'high_behind_low') { $tasks = 2001 }
        if ($spec.kind -eq 'fork_join') { $tasks = 1596 * $spec.runs }
        $scenario = @{ id = $spec.id; kind = $spec.kind; workers = $spec.workers; producers = 1
                       iterations = $spec.iterations; mix = 'uniform'; tasks = $tasks }
        $pools = @()
        foreach ($name in $spec.pools.Keys) {
            $samples = @()
            for ($rep = 1; $rep -le $reps; $rep++) {
                # Base ms per repetition, +-0.5% around it; the noisy pool +-40%.
                $spread = 0.005
                if ($name -eq $spec.noisy) { $spread = 0.4 }
                $ms = $spec.pools[$name] * (1.0 + $spread * (($rep % 3) - 1))
                $row = New-FixtureRow -Scenario $scenario -Suite 'comparison' -Pool $name -Repetition $rep -Ms $ms
                switch ($spec.metric) {
                    'tasks_per_s' { $samples += [double]$row.tasks_per_s }
                    'high_wait_us' { $row.tasks_per_s = 0.0; $samples += [double]$row.ms * 1000.0 }
                    'ms_per_run' { $samples += [math]::Round([double]$row.ms / $spec.runs, 6) }
                }
                $Rows.Add($row)
            }
            $sorted = @($samples | Sort-Object)
            $mean = ($samples | Measure-Object -Average).Average
            $squares = 0.0
            foreach ($v in $samples) { $squares += ($v - $mean) * ($v - $mean) }
            $rsd = [math]::Sqrt($squares / ($samples.Count - 1)) / $mean * 100.0
            $pools += [ordered]@{
                pool = $name; tasks = $tasks; capped = $false; calibration = [ordered]@{ units = 600; ms = 1.0 }
                samples = $samples; median = (Get-FixtureMedian $samples); min = $sorted[0]; max = $sorted[$sorted.Count - 1]
                rsd_pct = [math]::Round($rsd, 3); flagged = ($rsd -gt 5.0)
            }
        }
        # Ratios oriented so that above 1 means tpool is better; a +-3% interval.
    # (The values above are ms per repetition: tpool wins cmp/w2/i0 and the
    # HIGH-behind-LOW cell, loses cmp/w4/i0 and the fork-join cell.)
        $tpool = $pools[0]
        $vs = @()
        $bestEntry = $null
        $bestMedian = $null
        foreach ($other in @($pools | Select-Object -Skip 1)) {
            $ratio = $tpool.median / $other.median
            if (-not $spec.higher) { $ratio = $other.median / $tpool.median }
            $low = [math]::Round($ratio * 0.97, 6)
            $high = [math]::Round($ratio * 1.03, 6)
            $verdict = 'within noise'
            if ($tpool.flagged -or $other.flagged) { $verdict = 'flagged' }
            elseif ($low -gt 1) { $verdict = 'faster' }
            elseif ($high -lt 1) { $verdict = 'slower' }
            $entry = [ordered]@{ pool = $other.pool; ratio = [math]::Round($ratio, 6); ci_low = $low; ci_high = $high; verdict = $verdict }
            $vs += $entry
            $better = ($null -eq $bestMedian) -or ($spec.higher -and $other.median -gt $bestMedian) -or (-not $spec.higher -and $other.median -lt $bestMedian)
            if ($better) { $bestMedian = $other.median; $bestEntry = $entry }
        }
        $unit = 'tasks/s'
        if ($spec.metric -eq 'high_wait_us') { $unit = 'us' }
        if ($spec.metric -eq 'ms_per_run') { $unit = 'ms' }
        $result += [ordered]@{
            id = $spec.id; kind = $spec.kind; title = $spec.id; workers = $spec.workers; workers_label = 'cores'
            producers = 1; iterations = $spec.iterations; mix = 'uniform'; metric = $spec.metric; unit = $unit
            higher_is_better = $spec.higher; repetitions = $reps; started_s = 1.0; finished_s = 2.0
            pools = $pools; best_other = $bestEntry; vs = $vs
            flagged = (@($pools | Where-Object { $_.flagged }).Count -gt 0); notes = @()
        }
    }
    return [ordered]@{
        method = [ordered]@{ target_ms = 150; min_tasks = 12000; max_tasks = 4000000; task_granule = 600; warmups = 1
                             repetitions = $Repetitions; max_repetitions = $maxRepetitions; rsd_limit_pct = 5.0
                             bootstrap = [ordered]@{ resamples = 10000; seed = '0x5eed0b57'; confidence = 0.95; interval = 'percentile' }
                             order = 'rotated'; quick = $false }
        pools = @('tpool', 'naive', 'moodycamel', 'tbb')
        cells = $result
    }
}

function New-FixtureCapture {
    <#
    .SYNOPSIS
    Writes benchmarks.json and native-runs.csv into OutDir. -Mutate receives
    the capture (Json: ordered dictionary, Rows: list of ordered dictionaries)
    before it is written, so a test can break exactly one thing.
    #>
    param(
        [Parameter(Mandatory = $true)][string]$OutDir,
        [string]$Platform = 'x64',
        [string]$CapturedUtc = '2026-12-02T12:00:00Z',
        [switch]$Quick,
        [scriptblock]$Mutate
    )
    $repetitions = 7
    if ($Quick) { $repetitions = 2 }
    $scenarios = New-FixtureScenarioList -Quick:$Quick
    $rows = New-Object System.Collections.Generic.List[object]
    $summaries = @()
    $index = 0
    foreach ($scenario in $scenarios) {
        $index++
        $times = @()
        for ($rep = 1; $rep -le $repetitions; $rep++) {
            $ms = 1.0 + $index * 0.5 + $rep * 0.01
            $rows.Add((New-FixtureRow -Scenario $scenario -Suite 'reference' -Pool 'tpool' -Repetition $rep -Ms $ms))
            $times += $rows[$rows.Count - 1].ms
        }
        $median = Get-FixtureMedian $times
        $rate = 0.0
        if ($scenario.kind -ne 'lifecycle' -and $scenario.tasks -gt 0) { $rate = $scenario.tasks / ($median / 1000.0) }
        $poolScenario = ($scenario.kind -eq 'throughput' -or $scenario.kind -eq 'many_producers')
        $ratios = [ordered]@{}
        $bestPeer = $null
        $bestRatio = $null
        if ($poolScenario) {
            # Two peers per cell: baseline at half tpool's rate, naive faster than
            # tpool on the high90 cells and slower elsewhere (so the fixture has
            # cells where tpool is not the fastest).
            $naiveRatio = 1.25
            if ($scenario.mix -eq 'high90') { $naiveRatio = 0.8 }
            $ratios = [ordered]@{ baseline = 2.0; naive = $naiveRatio }
            $bestPeer = 'naive'
            $bestRatio = $naiveRatio
        }
        $summaries += [ordered]@{
            id = $scenario.id; suite = 'reference'; kind = $scenario.kind; pool = 'tpool'
            workers = $scenario.workers; producers = $scenario.producers; iterations = $scenario.iterations
            mix = $scenario.mix; tasks = $scenario.tasks; repetitions = $repetitions
            ms = [ordered]@{ min = ($times | Measure-Object -Minimum).Minimum; median = $median; max = ($times | Measure-Object -Maximum).Maximum }
            tasks_per_s = [ordered]@{ min = $rate; median = $rate; max = $rate }
            rsd_pct = 0.5; rsd_warning = $false; ratios = $ratios
            best_peer = $bestPeer; ratio_to_best_peer = $bestRatio; efficiency = $null
        }
        if ($poolScenario) {
            foreach ($peer in $ratios.Keys) {
                $peerRate = $rate / $ratios[$peer]
                $summaries += [ordered]@{
                    id = $scenario.id; suite = 'extended'; kind = $scenario.kind; pool = $peer
                    workers = $scenario.workers; producers = $scenario.producers; iterations = $scenario.iterations
                    mix = $scenario.mix; tasks = $scenario.tasks; repetitions = 3
                    ms = [ordered]@{ min = $median * $ratios[$peer]; median = $median * $ratios[$peer]; max = $median * $ratios[$peer] }
                    tasks_per_s = [ordered]@{ min = $peerRate; median = $peerRate; max = $peerRate }
                    rsd_pct = 0.5; rsd_warning = $false; ratios = [ordered]@{}
                    best_peer = $null; ratio_to_best_peer = $null; efficiency = $null
                }
            }
        }
    }
    # Rows of a peer, the baseline pool (suite=extended), so the CSV holds both suites, as bench's does.
    $peer = $scenarios[0]
    for ($rep = 1; $rep -le 3; $rep++) {
        $rows.Add((New-FixtureRow -Scenario $peer -Suite 'extended' -Pool 'baseline' -Repetition $rep -Ms (3.0 + $rep * 0.01)))
    }

    $comparison = New-FixtureComparison -Rows $rows -Repetitions $repetitions
    $json = [ordered]@{
        schema = 'tpool-bench'; schema_version = 4; artifact_version = 1; success_marker = 'TPOOL_BENCH_OK'
        captured_utc = $CapturedUtc; platform = $Platform
        environment = [ordered]@{ cpu_model = 'Fixture CPU'; logical_cores = 2; physical_cores = 2; os = 'Fixture OS'
                                  wine_version = $null; compiler = 'Fixture C++'; build_type = 'Release'; cxx_standard = 201703
                                  clock = 'QueryPerformanceCounter'; clock_frequency = 10000000; power_plan = $null
                                  process_priority = 'normal'; affinity = $null; main_thread_priority = 'normal'; stable_mode = $false
                                  virtual_machine = 'yes'; virtual_machine_evidence = 'fixture'; under_wine = $false
                                  summary = '2 logical processors, virtual machine (fixture), Fixture OS' }
        sources = @([ordered]@{ path = 'src/tpool/pool.cpp'; sha256 = ('0' * 64) })
        methodology = [ordered]@{ warmups = 2; repetitions = $repetitions; seed = '0x5eed1234'; rsd_warning_pct = 10.0
                                  peers = @('tpool', 'baseline', 'naive')
                                  honours_priorities = [ordered]@{ tpool = $true; baseline = $true; naive = $true } }
        expected_rows = [ordered]@{ reference = $scenarios.Count * $repetitions }
        scenarios = $summaries
        latency = @(
            foreach ($pool in @('tpool', 'baseline')) {
                foreach ($load in @(50, 90)) {
                    foreach ($priority in @('high', 'medium', 'low')) {
                        [ordered]@{ pool = $pool; load_pct = $load; offered_tasks_per_s = 1000.0 * $load; priority = $priority
                                    samples = 4000; p50_us = 10.0; p90_us = 20.0; p99_us = 40.0; p999_us = 80.0; max_us = 100.0 }
                    }
                }
            })
        latency_method = [ordered]@{ workers = 2; iterations = 0; mix = 'uniform'; tasks = 12000; arrivals = 'poisson'
                                     basis_pool = 'baseline'; basis_tasks_per_s = 100000.0; loads_pct = @(50, 90) }
        starvation = [ordered]@{ bound_ms = 100; longest_low_wait_ms = 5; pass = $true }
        extra = [ordered]@{}
        comparison = $comparison
        stability = [ordered]@{
            readings = @([ordered]@{ at = 'before reference and extended suites'; elapsed_s = 0.0; handoff_ns = 100.0 },
                         [ordered]@{ at = 'after the last suite'; elapsed_s = 60.0; handoff_ns = 150.0 })
            max_over_min = 1.5; moved_over_2x = $false; changes = @() }
        observations = $rows
    }
    $capture = [pscustomobject]@{ Json = $json; Rows = $rows }
    if ($Mutate) { & $Mutate $capture }
    $capture.Json.observations = $capture.Rows

    if (-not (Test-Path -LiteralPath $OutDir)) { [void](New-Item -ItemType Directory -Path $OutDir) }
    $culture = [System.Globalization.CultureInfo]::InvariantCulture
    $lines = New-Object System.Collections.Generic.List[string]
    if ($capture.Rows.Count -gt 0) { $lines.Add((@($capture.Rows[0].Keys) -join ',')) }
    foreach ($row in $capture.Rows) {
        $lines.Add((@($row.Values | ForEach-Object { [string]::Format($culture, '{0}', $_) }) -join ','))
    }
    $encoding = New-Object System.Text.UTF8Encoding($false)
    [System.IO.File]::WriteAllText((Join-Path $OutDir 'native-runs.csv'), (($lines -join "`n") + "`n"), $encoding)
    [System.IO.File]::WriteAllText((Join-Path $OutDir 'benchmarks.json'), ($capture.Json | ConvertTo-Json -Depth 10), $encoding)
}
