# The page's view of a capture: what docs/page/ shows, taken from a
# benchmarks.json, and nothing else. benchmark-data.js carries one view per
# published platform; the full benchmarks.json and native-runs.csv sit beside
# it and the page links them for download, so the view leaves out what only
# they need to hold: every measured repetition (observations, one per CSV
# row) and the source manifest (sources). The gates check the full files,
# never the view.

# The sections of a capture the page reads, in the order the view keeps them.
# A section the capture lacks is left out; one not listed here is not shown.
$script:TpoolPageSections = @(
    'schema', 'schema_version', 'artifact_version', 'captured_utc', 'platform',
    'environment', 'methodology', 'expected_rows', 'scenarios', 'comparison', 'stability',
    'latency', 'latency_method', 'starvation', 'extra'
)

function ConvertFrom-TpoolJsonText {
    <#
    .SYNOPSIS
    Parses JSON text leaving every string a string. PowerShell 6 to 7.4 turn
    ISO timestamps into local DateTime values (7.5 can be told not to); the
    capture's one timestamp, captured_utc, is put back as written.
    #>
    param([Parameter(Mandatory = $true)][string]$JsonText)
    $convert = Get-Command ConvertFrom-Json
    if ($convert.Parameters.ContainsKey('DateKind')) {
        $json = ConvertFrom-Json -InputObject $JsonText -DateKind String
    } else {
        $json = ConvertFrom-Json -InputObject $JsonText
    }
    $captured = [regex]::Match($JsonText, '"captured_utc"\s*:\s*"([^"]*)"')
    if ($captured.Success -and $null -ne $json.PSObject.Properties['captured_utc']) {
        $json.captured_utc = $captured.Groups[1].Value
    }
    return $json
}

function ConvertTo-TpoolPageData {
    <#
    .SYNOPSIS
    The page's view of one capture, as compact JSON text: the sections the
    page reads ($script:TpoolPageSections) as they are in the capture, and
    'rows' (reference and total counts of the measured repetitions) and
    'sources' (how many files the manifest hashes, how many were missing)
    in place of the lists themselves.
    .PARAMETER JsonText
    The text of a benchmarks.json.
    #>
    param([Parameter(Mandatory = $true)][string]$JsonText)
    $json = ConvertFrom-TpoolJsonText -JsonText $JsonText
    $view = [ordered]@{}
    foreach ($name in $script:TpoolPageSections) {
        $property = $json.PSObject.Properties[$name]
        if ($property) { $view[$name] = $property.Value }
    }
    $observations = @(Get-TpoolProperty $json 'observations')
    $view['rows'] = [ordered]@{
        reference = @($observations | Where-Object { $null -ne $_ -and (Get-TpoolProperty $_ 'suite') -eq 'reference' }).Count
        total     = @($observations | Where-Object { $null -ne $_ }).Count
    }
    $view['sources'] = [ordered]@{
        files   = @(Get-TpoolProperty $json 'sources' | Where-Object { $null -ne $_ }).Count
        missing = Get-TpoolProperty $json 'sources_missing'
    }
    return (ConvertTo-Json -InputObject $view -Depth 32 -Compress)
}
