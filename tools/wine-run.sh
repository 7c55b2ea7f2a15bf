#!/usr/bin/env bash
# Runs a Windows program under Wine with the project's own prefix.
# Used as CMAKE_CROSSCOMPILING_EMULATOR, so ctest runs Windows tests here.
#   TPOOL_WINEPREFIX  prefix to use (default: <repo>/build/wineprefix)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export WINEPREFIX="${TPOOL_WINEPREFIX:-$repo/build/wineprefix}"
export WINEDEBUG="${WINEDEBUG:--all}"
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"
wine_bin=/usr/lib/wine/wine64
if [ ! -x "$wine_bin" ]; then wine_bin="$(command -v wine64 || command -v wine)"; fi
if [ ! -d "$WINEPREFIX" ]; then
  mkdir -p "$WINEPREFIX"
  "$wine_bin" wineboot -i >/dev/null 2>&1 || true
fi
# Keep one persistent wineserver so each test does not pay its start-up.
wineserver_bin=/usr/lib/wine/wineserver
[ -x "$wineserver_bin" ] || wineserver_bin="$(command -v wineserver)"
"$wineserver_bin" -p >/dev/null 2>&1 || true
exec "$wine_bin" "$@"
