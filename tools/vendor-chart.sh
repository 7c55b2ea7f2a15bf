#!/usr/bin/env bash
# Copies the pinned chart library (package-lock.json) from node_modules into
# assets/vendor/, so docs/index.html works from file:// with no network.
# Run after 'npm ci' whenever package.json changes the chart.js version; the
# copy is committed. The UMD bundle includes @kurkle/color, so both licences
# are vendored beside it.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$repo/node_modules/chart.js"
color="$repo/node_modules/@kurkle/color"
dest="$repo/assets/vendor/chartjs"

if [ ! -f "$src/dist/chart.umd.min.js" ]; then
  echo "vendor-chart: $src is missing: run 'npm ci' (tools/deps.sh does)" >&2
  exit 1
fi
version="$(node -p "require('$src/package.json').version")"
mkdir -p "$dest"
cp "$src/dist/chart.umd.min.js" "$dest/chart.umd.min.js"
cp "$src/LICENSE.md" "$dest/LICENSE.md"
cp "$color/LICENSE.md" "$dest/LICENSE-kurkle-color.md"
printf 'chart.js %s (dist/chart.umd.min.js), copied from npm by tools/vendor-chart.sh\n' \
  "$version" >"$dest/VERSION"
echo "vendor-chart: chart.js $version -> assets/vendor/chartjs/"
