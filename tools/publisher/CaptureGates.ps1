# The gates a capture must pass before anything is published. Each gate
# returns the list of its failures as strings: empty means it passed. They
# follow docs/benchmark-schema.md (artifact version 1, schema version 4; the comparison suite's gates are in
# ComparisonGates.ps1). The
# CSV column lists ($script:TpoolCsvColumns, $script:TpoolTextColumns) come
# from CsvColumns.ps1, generated from bench's own list.

$script:TpoolArtifactVersion = 1
$script:TpoolSchemaName = 'tpool-bench'
# bench/harness/json_report.h: kBenchmarksSchemaVersion.
$script:TpoolSchemaVersion = 4
$script:TpoolSuccessMarker = 'TPOOL_BENCH_OK'
$script:TpoolFullReferenceRows = 182

function ConvertTo-TpoolNumber {
    # Invariant-culture parse; $null when the text is not a finite number.
    param($Value)
    if ($null -eq $Value) { return $null }
    $number = 0.0
    $styles = [System.Globalization.NumberStyles]::Float
    $culture = [System.Globalization.CultureInfo]::InvariantCulture
    if (-not [double]::TryParse([string]::Format($culture, '{0}', $Value), $styles, $culture, [ref]$number)) {
        return $null
    }
    if ([double]::IsNaN($number) -or [double]::IsInfinity($number)) { return $null }
    return $number
}

function Test-TpoolNearlyEqual {
    param([double]$A, [double]$B, [double]$Relative = 1e-6, [double]$Absolute = 1e-9)
    $scale = [math]::Max([math]::Abs($A), [math]::Abs($B))
    return ([math]::Abs($A - $B) -le [math]::Max($Absolute, $Relative * $scale))
}

function Read-TpoolCapture {
    <#
    .SYNOPSIS
    Reads benchmarks.json and native-runs.csv from a results folder.
    .OUTPUTS
    An object with Json (parsed, or null), JsonText, CsvHeader, Rows and
    Failures (why a file could not be read).
    #>
    param([Parameter(Mandatory = $true)][string]$ResultsDir)
    $failures = New-Object System.Collections.Generic.List[string]
    # .NET resolves relative paths against the process folder, not PowerShell's location.
    if (Test-Path -LiteralPath $ResultsDir) { $ResultsDir = (Resolve-Path -LiteralPath $ResultsDir).ProviderPath }
    $jsonPath = Join-Path $ResultsDir 'benchmarks.json'
    $csvPath = Join-Path $ResultsDir 'native-runs.csv'
    $json = $null
    $jsonText = $null
    $header = @()
    $rows = @()
    if (-not (Test-Path -LiteralPath $jsonPath)) {
        $failures.Add('benchmarks.json is missing.')
    } else {
        $jsonText = [System.IO.File]::ReadAllText($jsonPath)
        try {
            $json = $jsonText | ConvertFrom-Json -ErrorAction Stop
        } catch {
            $failures.Add("benchmarks.json is not valid JSON (NaN and Infinity are not allowed): $($_.Exception.Message)")
        }
    }
    if (-not (Test-Path -LiteralPath $csvPath)) {
        $failures.Add('native-runs.csv is missing.')
    } else {
        $firstLine = Get-Content -LiteralPath $csvPath -TotalCount 1
        if ($firstLine) { $header = @($firstLine.Trim().Split(',')) }
        $rows = @(Import-Csv -LiteralPath $csvPath)
    }
    [pscustomobject]@{
        Json      = $json
        JsonText  = $jsonText
        CsvHeader = $header
        Rows      = $rows
        Failures  = $failures.ToArray()
    }
}

function Test-TpoolExitCode {
    param($Run)
    if ($Run.TimedOut) { return @('bench was killed by the watchdog (timeout); its output is incomplete.') }
    if ($Run.ExitCode -ne 0) { return @("bench exited with code $($Run.ExitCode), not 0.") }
    return @()
}

function Test-TpoolSuccessMarker {
    <#
    .SYNOPSIS
    The last non-empty stdout line must be
    'TPOOL_BENCH_OK artifact_version=1 rows=<n>'. Returns failures and, on
    success, nothing; the row count is read by Get-TpoolMarkerRows.
    #>
    param([string[]]$StdoutLines)
    $last = Get-TpoolLastLine -Lines $StdoutLines
    if ($null -eq $last) { return @('bench printed nothing on stdout: no success marker.') }
    $pattern = '^' + $script:TpoolSuccessMarker + ' artifact_version=(\d+) rows=(\d+)$'
    $match = [regex]::Match($last, $pattern)
    if (-not $match.Success) {
        return @("The last stdout line is not the success marker: '$last'.")
    }
    if ([int]$match.Groups[1].Value -ne $script:TpoolArtifactVersion) {
        return @("The success marker reports artifact_version=$($match.Groups[1].Value); expected $script:TpoolArtifactVersion.")
    }
    return @()
}

function Get-TpoolLastLine {
    param([string[]]$Lines)
    for ($i = $Lines.Count - 1; $i -ge 0; $i--) {
        $line = ([string]$Lines[$i]).Trim()
        if ($line) { return $line }
    }
    return $null
}

function Get-TpoolMarkerRows {
    param([string[]]$StdoutLines)
    $last = Get-TpoolLastLine -Lines $StdoutLines
    $match = [regex]::Match([string]$last, 'rows=(\d+)$')
    if ($match.Success) { return [int]$match.Groups[1].Value }
    return $null
}

function Get-TpoolProperty {
    # Strict-mode-safe property read: $null when absent.
    param($Object, [string]$Name)
    if ($null -eq $Object) { return $null }
    $property = $Object.PSObject.Properties[$Name]
    if ($property) { return $property.Value }
    return $null
}

function Test-TpoolCaptureMetadata {
    <#
    .SYNOPSIS
    Schema name and versions, the success marker name, the platform that was
    asked for, and the presence of the sections the page reads.
    #>
    param($Json, [string]$Platform)
    $failures = @()
    if ($null -eq $Json) { return @('No benchmarks.json to check.') }
    if ((Get-TpoolProperty $Json 'schema') -ne $script:TpoolSchemaName) {
        $failures += "schema is '$(Get-TpoolProperty $Json 'schema')'; expected '$script:TpoolSchemaName'."
    }
    if ((Get-TpoolProperty $Json 'schema_version') -ne $script:TpoolSchemaVersion) {
        $failures += "schema_version is '$(Get-TpoolProperty $Json 'schema_version')'; expected $script:TpoolSchemaVersion."
    }
    if ((Get-TpoolProperty $Json 'artifact_version') -ne $script:TpoolArtifactVersion) {
        $failures += "artifact_version is '$(Get-TpoolProperty $Json 'artifact_version')'; expected $script:TpoolArtifactVersion."
    }
    if ((Get-TpoolProperty $Json 'success_marker') -ne $script:TpoolSuccessMarker) {
        $failures += "success_marker is '$(Get-TpoolProperty $Json 'success_marker')'; expected '$script:TpoolSuccessMarker'."
    }
    if ($Platform -and (Get-TpoolProperty $Json 'platform') -ne $Platform) {
        $failures += "platform is '$(Get-TpoolProperty $Json 'platform')'; this run asked for '$Platform'."
    }
    if (-not (Get-TpoolProperty $Json 'captured_utc')) { $failures += 'captured_utc is missing.' }
    foreach ($section in @('environment', 'methodology', 'expected_rows', 'scenarios', 'observations', 'comparison', 'stability')) {
        if ($null -eq (Get-TpoolProperty $Json $section)) { $failures += "The '$section' section is missing." }
    }
    return $failures
}

function Test-TpoolCsvRows {
    <#
    .SYNOPSIS
    Header order, reference row count, and per-row validation:
    validated=1, accepted = executed = completed = succeeded = tasks,
    cancelled = 0, finite timings consistent with ticks / frequency.
    .PARAMETER ExpectedReferenceRows
    182 for the full suite; for -Quick the count bench declared.
    .PARAMETER MarkerRows
    rows=<n> from the success marker; must equal the reference rows found.
    #>
    param(
        [string[]]$Header,
        [object[]]$Rows,
        [int]$ExpectedReferenceRows,
        $MarkerRows
    )
    $failures = @()
    if (($Header -join ',') -ne ($script:TpoolCsvColumns -join ',')) {
        $failures += "native-runs.csv header is '$($Header -join ',')'; expected '$($script:TpoolCsvColumns -join ',')'."
        return $failures
    }
    $reference = @($Rows | Where-Object { $_.suite -eq 'reference' })
    if ($reference.Count -ne $ExpectedReferenceRows) {
        $failures += "native-runs.csv has $($reference.Count) reference rows; expected $ExpectedReferenceRows."
    }
    if ($null -ne $MarkerRows -and $MarkerRows -ne $reference.Count) {
        $failures += "The success marker reports rows=$MarkerRows but the CSV holds $($reference.Count) reference rows."
    }
    $line = 1
    foreach ($row in $Rows) {
        $line++
        $where = "native-runs.csv line $line ($($row.scenario), $($row.pool), repetition $($row.repetition))"
        if (@('reference', 'extended', 'comparison') -notcontains $row.suite) {
            $failures += "${where}: unknown suite '$($row.suite)'."
        }
        if ($row.validated -ne '1') { $failures += "${where}: validated is '$($row.validated)', not 1." }
        $tasks = ConvertTo-TpoolNumber $row.tasks
        foreach ($column in @('accepted', 'executed', 'completed', 'succeeded')) {
            $value = ConvertTo-TpoolNumber $row.$column
            if ($null -eq $value -or $null -eq $tasks -or $value -ne $tasks) {
                $failures += "${where}: $column is '$($row.$column)' but tasks is '$($row.tasks)'."
            }
        }
        if ((ConvertTo-TpoolNumber $row.cancelled) -ne 0) {
            $failures += "${where}: cancelled is '$($row.cancelled)', not 0."
        }
        $ticks = ConvertTo-TpoolNumber $row.ticks
        $frequency = ConvertTo-TpoolNumber $row.frequency
        $ms = ConvertTo-TpoolNumber $row.ms
        if ($null -eq $ticks -or $null -eq $frequency -or $null -eq $ms -or $frequency -le 0 -or $ticks -lt 0) {
            $failures += "${where}: ticks/frequency/ms are not finite positive numbers."
        } elseif (-not (Test-TpoolNearlyEqual -A $ms -B ($ticks * 1000.0 / $frequency) -Relative 1e-3 -Absolute 2e-3)) {
            $failures += "${where}: ms=$($row.ms) does not equal ticks*1000/frequency."
        }
        if ($null -eq (ConvertTo-TpoolNumber $row.tasks_per_s)) {
            $failures += "${where}: tasks_per_s '$($row.tasks_per_s)' is not a finite number."
        }
        if ($failures.Count -gt 20) { $failures += '(more row failures not listed)'; break }
    }
    return $failures
}

function Test-TpoolObservations {
    <#
    .SYNOPSIS
    benchmarks.json 'observations' must equal native-runs.csv row for row,
    field for field (numbers compared as numbers).
    #>
    param($Json, [object[]]$Rows)
    $observations = @(Get-TpoolProperty $Json 'observations')
    if ($observations.Count -ne $Rows.Count) {
        return @("benchmarks.json has $($observations.Count) observations; native-runs.csv has $($Rows.Count) rows.")
    }
    $failures = @()
    for ($i = 0; $i -lt $Rows.Count; $i++) {
        foreach ($column in $script:TpoolCsvColumns) {
            $csvValue = $Rows[$i].$column
            $jsonValue = Get-TpoolProperty $observations[$i] $column
            if ($script:TpoolTextColumns -contains $column) {
                $same = ([string]$jsonValue -ceq [string]$csvValue)
            } else {
                $a = ConvertTo-TpoolNumber $csvValue
                $b = ConvertTo-TpoolNumber $jsonValue
                $same = ($null -ne $a -and $null -ne $b -and (Test-TpoolNearlyEqual -A $a -B $b -Relative 1e-6 -Absolute 1e-6))
            }
            if (-not $same) {
                $failures += "Observation $($i + 1) field '$column': JSON '$jsonValue' differs from CSV '$csvValue'."
                if ($failures.Count -gt 20) { return $failures + '(more differences not listed)' }
            }
        }
    }
    return $failures
}

function Test-TpoolPeerComparison {
    <#
    .SYNOPSIS
    tpool's cells compare it with every other pool measured on them: for each
    tpool throughput or many-producer scenario, 'ratios' holds one entry per
    other pool with the same id (tpool median tasks/s over that pool's), and
    'best_peer' / 'ratio_to_best_peer' name the fastest of them and tpool's
    ratio to it (null when no other pool ran the cell). The page's first
    table shows exactly these fields, so they must agree with the medians.
    #>
    param($Json)
    $failures = @()
    $scenarios = @(Get-TpoolProperty $Json 'scenarios')
    foreach ($cell in $scenarios) {
        if ((Get-TpoolProperty $cell 'pool') -ne 'tpool') { continue }
        $kind = Get-TpoolProperty $cell 'kind'
        if ($kind -ne 'throughput' -and $kind -ne 'many_producers') { continue }
        $id = Get-TpoolProperty $cell 'id'
        $own = ConvertTo-TpoolNumber (Get-TpoolProperty (Get-TpoolProperty $cell 'tasks_per_s') 'median')
        $ratios = Get-TpoolProperty $cell 'ratios'
        $best = $null
        $bestRate = 0.0
        $others = @($scenarios | Where-Object { (Get-TpoolProperty $_ 'id') -eq $id -and (Get-TpoolProperty $_ 'pool') -ne 'tpool' })
        foreach ($other in $others) {
            $pool = Get-TpoolProperty $other 'pool'
            $rate = ConvertTo-TpoolNumber (Get-TpoolProperty (Get-TpoolProperty $other 'tasks_per_s') 'median')
            if ($null -eq $rate -or $rate -le 0) { continue }
            $ratio = ConvertTo-TpoolNumber (Get-TpoolProperty $ratios $pool)
            if ($null -eq $ratio) {
                $failures += "${id}: ratios has no entry for '$pool', which was measured on this scenario."
            } elseif ($null -ne $own -and -not (Test-TpoolNearlyEqual -A $ratio -B ($own / $rate) -Relative 1e-6)) {
                $failures += "${id}: ratios.$pool is $ratio but the medians give $($own / $rate)."
            }
            if ($rate -gt $bestRate) { $bestRate = $rate; $best = $pool }
        }
        if ($null -ne $ratios) {
            foreach ($name in @($ratios.PSObject.Properties | ForEach-Object { $_.Name })) {
                if (-not @($others | Where-Object { (Get-TpoolProperty $_ 'pool') -eq $name })) {
                    $failures += "${id}: ratios.$name names a pool with no result on this scenario."
                }
            }
        }
        $declared = Get-TpoolProperty $cell 'best_peer'
        $declaredRatio = ConvertTo-TpoolNumber (Get-TpoolProperty $cell 'ratio_to_best_peer')
        if ($null -eq $best) {
            if ($null -ne $declared) { $failures += "${id}: best_peer is '$declared' but no other pool was measured on it." }
        } else {
            $bestRatio = $own / $bestRate
            if ($declared -ne $best) {
                $failures += "${id}: best_peer is '$declared'; the fastest other pool on it is '$best'."
            }
            if ($null -eq $declaredRatio -or -not (Test-TpoolNearlyEqual -A $declaredRatio -B $bestRatio -Relative 1e-6)) {
                $failures += "${id}: ratio_to_best_peer is '$declaredRatio'; the medians give $bestRatio."
            }
        }
        if ($failures.Count -gt 20) { $failures += '(more comparison failures not listed)'; break }
    }
    return $failures
}

function Test-TpoolCapture {
    <#
    .SYNOPSIS
    Runs every gate on one bench run and its results folder.
    .OUTPUTS
    An object with Passed, Failures (all gates, in order), Capture and
    ExpectedRows.
    #>
    [CmdletBinding()]
    param(
        [Parameter(Mandatory = $true)]$Run,
        [Parameter(Mandatory = $true)][string]$ResultsDir,
        [string]$Platform,
        [switch]$Quick,
        # Its absolute path must not appear in the capture either.
        [string]$RepoRoot
    )
    $failures = @()
    $failures += Test-TpoolExitCode -Run $Run
    $failures += Test-TpoolSuccessMarker -StdoutLines $Run.StdoutLines
    $capture = Read-TpoolCapture -ResultsDir $ResultsDir
    $failures += $capture.Failures
    $expected = $script:TpoolFullReferenceRows
    if ($capture.Json) {
        $failures += Test-TpoolCaptureMetadata -Json $capture.Json -Platform $Platform
        $failures += Test-TpoolPeerComparison -Json $capture.Json
        $failures += Test-TpoolMachineLine -Json $capture.Json
        $failures += Test-TpoolStability -Json $capture.Json
        $declared = Get-TpoolProperty (Get-TpoolProperty $capture.Json 'expected_rows') 'reference'
        if ($Quick) {
            # A smoke run declares its own (smaller) count; it must still be met exactly.
            if ($null -eq $declared -or [int]$declared -le 0) {
                $failures += 'expected_rows.reference is missing: a -Quick run needs bench to declare its row count.'
            } else {
                $expected = [int]$declared
            }
        } elseif ($null -ne $declared -and [int]$declared -ne $script:TpoolFullReferenceRows) {
            $failures += "expected_rows.reference is $declared; the full reference suite has $script:TpoolFullReferenceRows rows (use -Quick for smoke runs)."
        }
    }
    $headerValid = (($capture.CsvHeader -join ',') -eq ($script:TpoolCsvColumns -join ','))
    if ($capture.CsvHeader.Count -gt 0) {
        $failures += Test-TpoolCsvRows -Header $capture.CsvHeader -Rows $capture.Rows `
            -ExpectedReferenceRows $expected -MarkerRows (Get-TpoolMarkerRows -StdoutLines $Run.StdoutLines)
        if ($capture.Json -and $headerValid) {
            $failures += Test-TpoolObservations -Json $capture.Json -Rows $capture.Rows
            # Reads the rows by column name: only meaningful once the header is bench's.
            if ($null -ne (Get-TpoolProperty $capture.Json 'comparison')) {
                $failures += Test-TpoolComparison -Json $capture.Json -Rows $capture.Rows
            }
        }
    }
    $failures += Find-TpoolLeak -Path @((Join-Path $ResultsDir 'benchmarks.json'), (Join-Path $ResultsDir 'native-runs.csv')) -RepoRoot $RepoRoot
    $failures = @($failures | Where-Object { $_ })
    [pscustomobject]@{
        Passed       = ($failures.Count -eq 0)
        Failures     = $failures
        Capture      = $capture
        ExpectedRows = $expected
    }
}
