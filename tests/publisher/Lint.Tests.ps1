# Static lint of every PowerShell file in the repository (PSScriptAnalyzer is
# not available to this project, so the rules that matter here are checked
# with PowerShell's own parser): each file parses, calls commands by their
# full names (an alias can be missing or mean something else on another
# host: 'sort' and 'ls' are not aliases on Linux), names its functions with
# approved verbs, uses no syntax or parameter Windows PowerShell 5.1 lacks,
# and the entry points run under Set-StrictMode -Version Latest.
# StrictMode.Tests.ps1 runs the publisher's functions that way.

BeforeDiscovery {
    $repo = (Resolve-Path (Join-Path $PSScriptRoot '../..')).ProviderPath
    # Everything under tools/ and tests/, except restored third-party modules.
    $script:files = @(
        foreach ($folder in @('tools', 'tests')) {
            Get-ChildItem -LiteralPath (Join-Path $repo $folder) -Recurse -File -Include '*.ps1', '*.psm1' |
                Where-Object { $_.FullName -notmatch '[\\/]\.pester[\\/]' } |
                ForEach-Object {
                    @{ Name = $_.FullName.Substring($repo.Length + 1).Replace('\', '/'); Path = $_.FullName }
                }
        }
    )
    # The files that set the strict mode their code runs under: the module
    # (for every function in tools/publisher) and the scripts a user starts.
    $script:entryPoints = @(
        @{ Name = 'tools/publisher/TpoolPublisher.psm1'; Path = (Join-Path $repo 'tools/publisher/TpoolPublisher.psm1') },
        @{ Name = 'tools/Test.ps1'; Path = (Join-Path $repo 'tools/Test.ps1') },
        @{ Name = 'tools/Benchmark.ps1'; Path = (Join-Path $repo 'tools/Benchmark.ps1') }
    )
}

BeforeAll {
    function Get-LintAst {
        param([string]$Path)
        $tokens = $null
        $errors = $null
        $ast = [System.Management.Automation.Language.Parser]::ParseFile($Path, [ref]$tokens, [ref]$errors)
        return [pscustomobject]@{ Ast = $ast; Errors = @($errors) }
    }
    function Find-LintNode {
        param($Ast, [type]$Type)
        return @($Ast.FindAll({ param($node) $node -is $Type }.GetNewClosure(), $true))
    }
    $script:approvedVerbs = @(Get-Verb | ForEach-Object { $_.Verb })
}

Describe 'PowerShell lint' {
    It 'finds the PowerShell files it checks' -TestCases @(@{ FileCount = $files.Count }) {
        $FileCount | Should -BeGreaterThan 10
    }

    Context '<Name>' -ForEach $files {
        BeforeAll {
            $parsed = Get-LintAst -Path $Path
        }
        It 'parses without errors' {
            @($parsed.Errors | ForEach-Object { "line $($_.Extent.StartLineNumber): $($_.Message)" }) |
                Should -BeNullOrEmpty
        }
        It 'calls no command through an alias' {
            $aliased = foreach ($command in (Find-LintNode $parsed.Ast ([System.Management.Automation.Language.CommandAst]))) {
                $name = $command.GetCommandName()
                if ($name -and (Get-Alias -Name $name -ErrorAction SilentlyContinue)) {
                    "line $($command.Extent.StartLineNumber): '$name'"
                }
            }
            @($aliased) | Should -BeNullOrEmpty
        }
        It 'names every function Verb-Noun with an approved verb' {
            $badNames = foreach ($function in (Find-LintNode $parsed.Ast ([System.Management.Automation.Language.FunctionDefinitionAst]))) {
                $verb = ($function.Name -split '-', 2)[0]
                if ($function.Name -notmatch '^[A-Z][a-z]+-[A-Za-z0-9]+$' -or $approvedVerbs -notcontains $verb) {
                    "line $($function.Extent.StartLineNumber): '$($function.Name)'"
                }
            }
            @($badNames) | Should -BeNullOrEmpty
        }
        It 'uses nothing Windows PowerShell 5.1 lacks (??, ?., ternary, && and ||, -Parallel, Join-Path with 3 parts)' {
            $found = @()
            foreach ($node in (Find-LintNode $parsed.Ast ([System.Management.Automation.Language.Ast]))) {
                $where = "line $($node.Extent.StartLineNumber)"
                $type = $node.GetType().Name
                # Node types PowerShell 7 added: a ? b : c, and a && b / a || b.
                if ($type -eq 'TernaryExpressionAst' -or $type -eq 'PipelineChainAst') { $found += "${where}: $($node.Extent.Text)" }
                if ($node -is [System.Management.Automation.Language.BinaryExpressionAst] -and
                    [string]$node.Operator -eq 'QuestionQuestion') { $found += "${where}: ??" }
                if ($node -is [System.Management.Automation.Language.AssignmentStatementAst] -and
                    [string]$node.Operator -eq 'QuestionQuestionEquals') { $found += "${where}: ??=" }
                $nullConditional = $node.PSObject.Properties['NullConditional']
                if ($nullConditional -and $nullConditional.Value) { $found += "${where}: ?. or ?[]" }
                if ($node -is [System.Management.Automation.Language.CommandAst]) {
                    $name = $node.GetCommandName()
                    $parameters = @($node.CommandElements | Where-Object { $_ -is [System.Management.Automation.Language.CommandParameterAst] } |
                            ForEach-Object { $_.ParameterName })
                    if ($name -eq 'ForEach-Object' -and $parameters -contains 'Parallel') { $found += "${where}: ForEach-Object -Parallel" }
                    if ($name -eq 'ConvertFrom-Json' -and ($parameters -contains 'AsHashtable' -or $parameters -contains 'Depth')) {
                        $found += "${where}: ConvertFrom-Json -AsHashtable/-Depth"
                    }
                    if ($name -eq 'Join-Path' -and ($parameters -contains 'AdditionalChildPath' -or
                            @($node.CommandElements | Select-Object -Skip 1 | Where-Object { $_ -isnot [System.Management.Automation.Language.CommandParameterAst] }).Count -gt 2)) {
                        $found += "${where}: Join-Path with more than two parts"
                    }
                }
            }
            @($found) | Should -BeNullOrEmpty
        }
        It 'uses no Invoke-Expression and no global variables but automatic ones' {
            $found = @()
            foreach ($command in (Find-LintNode $parsed.Ast ([System.Management.Automation.Language.CommandAst]))) {
                if ($command.GetCommandName() -eq 'Invoke-Expression') {
                    $found += "line $($command.Extent.StartLineNumber): Invoke-Expression"
                }
            }
            foreach ($variable in (Find-LintNode $parsed.Ast ([System.Management.Automation.Language.VariableExpressionAst]))) {
                # PowerShell's own: $IsWindows (read where PowerShell 7 defines
                # it) and $LASTEXITCODE (reset before running a script in-process).
                $path = $variable.VariablePath
                if ($path.IsGlobal -and @('global:IsWindows', 'global:LASTEXITCODE') -notcontains $path.UserPath) {
                    $found += "line $($variable.Extent.StartLineNumber): `$$($path.UserPath)"
                }
            }
            $found | Should -BeNullOrEmpty
        }
    }

    Context 'entry point <Name>' -ForEach $entryPoints {
        It 'sets Set-StrictMode -Version Latest before any other statement that runs code' {
            $parsed = Get-LintAst -Path $Path
            $calls = @(Find-LintNode $parsed.Ast ([System.Management.Automation.Language.CommandAst]) |
                Where-Object { $_.GetCommandName() -eq 'Set-StrictMode' })
            $calls.Count | Should -Be 1
            $calls[0].Extent.Text | Should -Match '^Set-StrictMode -Version Latest$'
            # Only the param block and comments may come before it.
            $first = @($parsed.Ast.EndBlock.Statements)[0]
            $first.Extent.Text | Should -Be $calls[0].Extent.Text
        }
    }
}
