# Manifest of the publisher module (tools/publisher). The functions listed in
# FunctionsToExport are its whole public surface: tools/Benchmark.ps1,
# tools/bench.sh and the Pester tests call only these. Everything else in the
# module's parts is internal. Must load on Windows PowerShell 5.1 and
# PowerShell 7.
@{
    RootModule           = 'TpoolPublisher.psm1'
    ModuleVersion        = '1.1.0'
    GUID                 = '4c4392ff-c050-4580-88aa-311b50e0d154'
    Author               = 'tpool contributors'
    Copyright            = 'tpool contributors; see LICENSE'
    Description          = 'Builds and runs tpool''s bench, checks every publication gate and publishes a capture for the offline results page.'
    PowerShellVersion    = '5.1'
    CompatiblePSEditions = @('Desktop', 'Core')
    FunctionsToExport    = @(
        # Build plan and bench process (Platform.ps1, BenchProcess.ps1)
        'Get-TpoolPlatformPlan', 'Invoke-TpoolBuild', 'Find-TpoolVisualStudio', 'Get-TpoolCMake',
        'Invoke-TpoolBench', 'Stop-TpoolProcessTree', 'ConvertTo-TpoolCommandLine',
        # Gates (CaptureGates.ps1, ComparisonGates.ps1, LeakScan.ps1)
        'Read-TpoolCapture', 'Test-TpoolExitCode', 'Test-TpoolSuccessMarker', 'Test-TpoolCaptureMetadata',
        'Test-TpoolCsvRows', 'Test-TpoolObservations', 'Test-TpoolPeerComparison', 'Test-TpoolCapture',
        'Test-TpoolComparison', 'Test-TpoolStability', 'Test-TpoolMachineLine',
        'Find-TpoolLeak', 'Get-TpoolForbiddenTokens',
        # Publishing (PageData.ps1, PublishCapture.ps1, Summary.ps1, TargetsTable.ps1)
        'ConvertTo-TpoolPageData', 'New-TpoolBenchmarkDataScript', 'Update-TpoolBenchmarkData', 'Publish-TpoolCapture', 'Get-TpoolCaptureDir', 'Get-TpoolSummary', 'Get-TpoolComparisonSummary',
        'ConvertTo-TpoolTargetsMarkdown', 'Get-TpoolTargetsDocument', 'Update-TpoolTargetsTable'
    )
    CmdletsToExport      = @()
    VariablesToExport    = @()
    AliasesToExport      = @()
    PrivateData          = @{ PSData = @{ Tags = @('tpool', 'benchmark') } }
}
