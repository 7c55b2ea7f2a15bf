# Static lint of every PowerShell file in the repository (PSScriptAnalyzer is
# not available to this project, so the rules that matter here are checked
# with PowerShell's own parser): each file parses, calls commands by their
# full names (an alias can be missing or mean something else on another
# host: 'sort' and 'ls' are not aliases on Linux), names its functions with
# approved verbs, and the entry points run under Set-StrictMode -Version
# Latest. StrictMode.Tests.ps1 runs the publisher's functions that way.

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
