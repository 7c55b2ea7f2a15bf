#!/usr/bin/env bash
# Installs everything tpool's build, tests, benchmark and page need on a fresh
# Debian machine. Idempotent: installs only what is missing, and runs
# 'apt-get update' at most once per invocation.
#
#   tools/deps.sh            all dependencies
#   TPOOL_DEPS_QUIET=1       less output
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log() { printf '[deps] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

apt_packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev
  clang-tools-14 clang-format clang-tidy lld llvm shellcheck
  googletest libgtest-dev libbenchmark-dev
  nlohmann-json3-dev libfmt-dev libcli11-dev libtbb-dev
  libboost-dev libconcurrentqueue-dev  # header-only peers in bench/peers (asio, moodycamel)
  g++-mingw-w64-x86-64-posix g++-mingw-w64-i686-posix
  binutils-mingw-w64-x86-64 binutils-mingw-w64-i686
  wine64 valgrind chromium python3
)
# Node.js and npm: the machine image may already carry a Node.js that bundles
# npm (Debian's separate npm package then conflicts with it), so install
# Debian's only where there is none.
command -v node >/dev/null 2>&1 || apt_packages+=(nodejs)
command -v npm >/dev/null 2>&1 || apt_packages+=(npm)

missing=()
for package in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
# 32-bit Wine needs the i386 architecture; it is only useful where the kernel
# can run 32-bit programs, but installing it is harmless elsewhere.
if ! dpkg --print-foreign-architectures | grep -qx i386; then
  as_root dpkg --add-architecture i386
  missing+=("wine32:i386")
elif ! dpkg-query -W -f='${Status}' wine32:i386 2>/dev/null | grep -q 'install ok installed'; then
  missing+=("wine32:i386")
fi
if [ ${#missing[@]} -gt 0 ]; then
  log "apt: installing ${missing[*]}"
  # A mirror caught mid-sync fails 'apt-get update' for one index ("File has
  # unexpected size"); that is transient, so retry a few times, then go on
  # with what was fetched: the install below fails loudly if a package is
  # really missing.
  for attempt in 1 2 3; do
    if as_root apt-get update -q; then break; fi
    if [ "$attempt" -eq 3 ]; then
      log "apt-get update failed 3 times; installing from the indexes it did fetch"
    else
      log "apt-get update failed (attempt $attempt of 3); retrying in 15 s"
      sleep 15
    fi
  done
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# PowerShell 7 as a .NET global tool (for the publisher and its Pester tests).
export PATH="$PATH:$HOME/.dotnet/tools"
if ! command -v pwsh >/dev/null 2>&1; then
  log "installing PowerShell 7 (.NET tool)"
  dotnet tool install --global PowerShell --version 7.6.9 >&2
fi

# Pester 5.7.1 from NuGet, restored through a throwaway project into a
# project-local folder (git-ignored).
pester_root="$repo/tools/.pester"
if [ ! -f "$pester_root/pester/5.7.1/tools/Pester.psd1" ]; then
  log "restoring Pester 5.7.1"
  scratch="$(mktemp -d)"
  cat >"$scratch/restore.csproj" <<'XML'
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageDownload Include="Pester" Version="[5.7.1]" /></ItemGroup>
</Project>
XML
  dotnet restore "$scratch/restore.csproj" --packages "$pester_root" >&2
  rm -rf "$scratch"
fi

# Front-end packages pinned by package-lock.json (chart library, playwright-core).
if [ -f "$repo/package.json" ] && [ ! -d "$repo/node_modules" ]; then
  log "npm ci"
  (cd "$repo" && npm ci --no-audit --no-fund >&2)
fi
log "dependencies ready"
