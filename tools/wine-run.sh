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
wineserver_bin=/usr/lib/wine/wineserver
[ -x "$wineserver_bin" ] || wineserver_bin="$(command -v wineserver)"
mkdir -p "$WINEPREFIX"
# Keep one persistent wineserver so each test does not pay its start-up.
# Everything long-lived (the server, and the services wineboot starts under
# it) is started here with /dev/null as its standard streams: a daemon that
# inherited the caller's pipe would keep it open, and a caller reading that
# pipe to its end (ctest's test discovery) would wait until it times out.
# wineserver -p exits 0 only when it started a new server; then start the
# prefix's services under it (wineboot; -i the first time creates the prefix).
if "$wineserver_bin" -p </dev/null >/dev/null 2>&1; then
  if [ -f "$WINEPREFIX/.tpool-prefix-ready" ]; then
    "$wine_bin" wineboot </dev/null >/dev/null 2>&1 || true
  else
    "$wine_bin" wineboot -i </dev/null >/dev/null 2>&1 || true
    touch "$WINEPREFIX/.tpool-prefix-ready"
  fi
fi
# Not exec: a status other than 0 is named on stderr, so that a program that
# died before it wrote anything (ctest then shows no output at all) still
# says how it ended. Windows exception codes arrive as their low byte
# (0xc0000005, an access violation, as 5). ctest and the publisher's
# watchdog kill the whole process tree on a timeout, so Wine goes with us.
status=0
"$wine_bin" "$@" || status=$?
if [ "$status" -ne 0 ]; then
  printf 'wine-run: %s exited with status %d\n' "$(basename -- "${1:-?}")" "$status" >&2
fi
exit "$status"
