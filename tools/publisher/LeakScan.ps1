# Nothing published may name this machine, its user or an absolute path.

function Get-TpoolForbiddenTokens {
    <#
    .SYNOPSIS
    The patterns that must not appear in a published file: home and temp
    folders, Windows profile paths and drive-absolute paths, this checkout's
    absolute path, the current user name and the host name.
    .OUTPUTS
    Objects with Pattern (a .NET regex, case-insensitive) and Description.
    #>
    param([string]$RepoRoot)
    $tokens = New-Object System.Collections.Generic.List[object]
    function Add-Token([string]$Pattern, [string]$Description) {
        $tokens.Add([pscustomobject]@{ Pattern = $Pattern; Description = $Description })
    }
    foreach ($literal in @('/home/', '/root/', '/tmp/', '/Users/', 'C:\Users\', 'C:\\Users\\', 'C:/Users/')) {
        Add-Token ([regex]::Escape($literal)) "the absolute path prefix '$literal'"
    }
    # Any drive-absolute Windows path (Wine maps the Linux root to Z:\).
    Add-Token '(?<![A-Za-z0-9])[A-Za-z]:(\\\\|\\|/)(?!/)' 'a drive-absolute Windows path'
    if ($RepoRoot -and $RepoRoot.Length -gt 1) {
        $root = $RepoRoot.TrimEnd('/', '\')
        Add-Token ([regex]::Escape($root)) 'the absolute path of this checkout'
        Add-Token ([regex]::Escape($root.Replace('\', '\\'))) 'the absolute path of this checkout (JSON-escaped)'
    }
    # Names match as whole words: 'vm' must not flag 'vmovdqa', nor 'root' flag 'source-root'.
    $names = @()
    foreach ($name in @($env:USER, $env:USERNAME, [Environment]::UserName)) {
        if ($name) { $names += [pscustomobject]@{ Value = $name; Kind = 'user name' } }
    }
    foreach ($name in @($env:COMPUTERNAME, $env:HOSTNAME, [Environment]::MachineName)) {
        if ($name) { $names += [pscustomobject]@{ Value = $name; Kind = 'host name' } }
    }
    $seen = @{}
    foreach ($name in $names) {
        $key = $name.Value.ToLowerInvariant()
        if ($seen.ContainsKey($key) -or $name.Value.Length -lt 2) { continue }
        $seen[$key] = $true
        Add-Token ('(?<![A-Za-z0-9_.\-])' + [regex]::Escape($name.Value) + '(?![A-Za-z0-9_\-])') `
            "the current $($name.Kind) '$($name.Value)'"
    }
    return $tokens.ToArray()
}

function Find-TpoolLeak {
    <#
    .SYNOPSIS
    Scans files for forbidden tokens. Returns one failure string per token
    found per file (empty when clean). A missing file is not a leak.
    #>
    param(
        [Parameter(Mandatory = $true)][string[]]$Path,
        [string]$RepoRoot
    )
    $tokens = Get-TpoolForbiddenTokens -RepoRoot $RepoRoot
    $failures = @()
    foreach ($file in $Path) {
        if (-not (Test-Path -LiteralPath $file)) { continue }
        $text = [System.IO.File]::ReadAllText((Resolve-Path -LiteralPath $file).ProviderPath)
        foreach ($token in $tokens) {
            $match = [regex]::Match($text, $token.Pattern, [System.Text.RegularExpressions.RegexOptions]::IgnoreCase)
            if ($match.Success) {
                $start = [math]::Max(0, $match.Index - 30)
                $length = [math]::Min($text.Length - $start, $match.Length + 60)
                $excerpt = $text.Substring($start, $length) -replace '\s+', ' '
                $failures += "$(Split-Path -Leaf $file) contains $($token.Description): ...$excerpt..."
            }
        }
    }
    return $failures
}
