# TpoolPublisher: the pieces of tools/Benchmark.ps1, one job per file, so the
# Pester tests in tests/publisher/ can exercise each gate on its own.
# Imported through its manifest, TpoolPublisher.psd1.
# Must stay valid on Windows PowerShell 5.1 and PowerShell 7.
Set-StrictMode -Version Latest

# CsvColumns.ps1 is generated (tools/gen_csv_columns.py); the gates use it.
foreach ($part in @('Platform.ps1', 'BenchProcess.ps1', 'CsvColumns.ps1', 'CaptureGates.ps1', 'ComparisonGates.ps1',
                    'LeakScan.ps1', 'TargetsTable.ps1', 'PageData.ps1', 'PublishCapture.ps1', 'Summary.ps1')) {
    . (Join-Path $PSScriptRoot $part)
}

# What the module exports is listed once, in TpoolPublisher.psd1 (its
# manifest): import the module by the manifest.
