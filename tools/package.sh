#!/usr/bin/env bash
# Builds the release archives of the checked-out commit, in one command:
#   dist/tpool-<label>-windows.zip        what a Windows developer downloads:
#                                         include/, bin/<arch>/, lib/<arch>/,
#                                         lib/cmake/ (the CMake package), docs/
#                                         and assets/ (the results page),
#                                         LICENSE, CHANGELOG.md, README.txt and
#                                         SHA256SUMS (of every other file)
#   dist/tpool-<label>-windows-debug.zip  bin/<arch>/<file>.debug for every
#                                         binary: unzipped over the first, each
#                                         lands beside its binary
#   dist/tpool-<label>-src.zip            the commit's source (git archive)
#   dist/SHA256SUMS                       the three archives' SHA-256
# <label> is the version of include/tpool/tpool.h once CHANGELOG.md has its
# "## [x.y.z] - date" heading (a release: the tree must then be clean and the
# heading dated with the commit's date), and <version>-dev before it
# (tools/cmake/tpool_release_info.cmake). Refuses when they disagree.
#
# Builds the presets mingw-x64-release and mingw-x86-release (the very
# configurations tools/test.sh tests; their flags are in the presets) into
# <build root>/<preset>, only the shipped targets; installs each with
# `cmake --install` into a staging folder (the layout is
# tools/cmake/tpool_install.cmake's) and zips it reproducibly
# (tools/package/write_zip.py): every date is the commit's, entries are
# sorted, permissions fixed, and the binaries hold no build path, so the
# archives of one commit are the same bytes from any checkout and any run.
#
#   --build-root DIR  where the presets are built (default build/package; give
#                     "build" to reuse the folders tools/test.sh has built:
#                     configuring them with the preset again forces its flags)
#   --out DIR         where the archives go (default dist)
#   TPOOL_PACKAGE_JOBS=N  parallel build jobs (default 2)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
build_root="build/package"
out="dist"
jobs="${TPOOL_PACKAGE_JOBS:-2}"
while [ $# -gt 0 ]; do
  case "$1" in
    --build-root) build_root="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "usage: tools/package.sh [--build-root DIR] [--out DIR]" >&2; exit 2 ;;
  esac
done

fail() { echo "package: $*" >&2; exit 1; }
say() { echo "package: $*"; }

# ---- what is being released ------------------------------------------------
info="$(cmake -DSOURCE_DIR="$repo" -P tools/cmake/tpool_release_info.cmake 2>&1)" ||
  fail "the version and CHANGELOG.md disagree: $info"
value() { printf '%s\n' "$info" | sed -n "s/^$1=//p"; }
version="$(value version)"
label="$(value label)"
released="$(value released)"
release_date="$(value date)"
commit="$(git rev-parse HEAD)"
commit_date="$(git log -1 --format=%cs HEAD)"
epoch="$(git log -1 --format=%ct HEAD)"
dirty="$(git status --porcelain)"
if [ "$released" = "ON" ]; then
  [ -z "$dirty" ] || fail "release $version: the working tree has changes; commit them first:
$dirty"
  [ "$release_date" = "$commit_date" ] ||
    fail "release $version: CHANGELOG.md dates it $release_date, the commit is of $commit_date"
  status="Release $version of $release_date."
else
  status="A development build, not a release: CHANGELOG.md has no [$version] heading yet."
  if [ -n "$dirty" ]; then
    say "warning: uncommitted changes are built into the binaries, but not into the source archive"
    status="$status
The binaries include changes not committed to it."
  fi
fi
export SOURCE_DATE_EPOCH="$epoch"
say "tpool $label, commit ${commit:0:12} ($commit_date)"

# ---- build and install each architecture -----------------------------------
mkdir -p "$build_root"
build_root="$(cd "$build_root" && pwd)"
stage="$build_root/stage"
name="tpool-$label-windows"
rm -rf "$stage"
mkdir -p "$stage/main/$name" "$stage/debug/$name"

for arch in x64 x86; do
  preset="mingw-$arch-release"
  dir="$build_root/$preset"
  log="$build_root/$preset.log"
  targets=(tpool prioq)
  [ "$arch" = x64 ] && targets+=(bench)
  say "building $preset (${targets[*]}) in $dir"
  { cmake --preset "$preset" -B "$dir" && cmake --build "$dir" -j "$jobs" --target "${targets[@]}"; } \
    >"$log" 2>&1 || { tail -n 30 "$log" >&2; fail "$preset did not build (see $log)"; }
  components=("" bench)
  [ "$arch" = x64 ] || components=("")
  for component in "${components[@]}"; do
    cmake --install "$dir" --prefix "$stage/main/$name" ${component:+--component "$component"} \
      >>"$log" 2>&1 || { tail -n 30 "$log" >&2; fail "installing $preset failed (see $log)"; }
  done
  debug_components=(debug bench-debug)
  [ "$arch" = x64 ] || debug_components=(debug)
  for component in "${debug_components[@]}"; do
    cmake --install "$dir" --prefix "$stage/debug/$name" --component "$component" >>"$log" 2>&1 ||
      { tail -n 30 "$log" >&2; fail "installing the $component files of $preset failed (see $log)"; }
  done
done

# ---- the rest of the archive -------------------------------------------------
main="$stage/main/$name"
cp LICENSE CHANGELOG.md "$main/"
sed -e "s|@LABEL@|$label|g" -e "s|@COMMIT@|$commit|g" -e "s|@DATE@|$commit_date|g" \
    -e "s|@MAJOR_MINOR@|${version%.*}|g" tools/package/README.txt.in |
  STATUS="$status" awk '$0 == "@STATUS@" { print ENVIRON["STATUS"]; next } { print }' >"$main/README.txt"
# The results page: docs/index.html and the files it names beside it, and
# every tracked file of assets/ (the captures and the chart library, which the
# page loads from ../assets/).
mkdir -p "$main/docs"
cp docs/index.html "$main/docs/"
while IFS= read -r page_file; do
  [ -f "docs/$page_file" ] || fail "docs/index.html names $page_file, which docs/ does not have"
  mkdir -p "$main/docs/$(dirname "$page_file")"
  cp "docs/$page_file" "$main/docs/$page_file"
done < <(grep -oE '(src|href)="[^"#:]+"' docs/index.html | sed -E 's/^(src|href)="(.*)"$/\2/' |
         grep -v '^\.\./' | sort -u)
while IFS= read -r asset; do
  mkdir -p "$main/$(dirname "$asset")"
  cp "$asset" "$main/$asset"
done < <(git ls-files assets)
sums="$(cd "$main" && find . -type f | LC_ALL=C sort | sed 's|^\./||' | xargs -d '\n' sha256sum)"
printf '%s\n' "$sums" >"$main/SHA256SUMS"

# ---- the archives -------------------------------------------------------------
mkdir -p "$out"
out="$(cd "$out" && pwd)"
python3 tools/package/write_zip.py "$main" "$out/$name.zip" --epoch "$epoch"
python3 tools/package/write_zip.py "$stage/debug/$name" "$out/$name-debug.zip" --epoch "$epoch"
git archive --format=zip --prefix="tpool-$label/" -o "$out/tpool-$label-src.zip" HEAD
(cd "$out" && sha256sum "$name.zip" "$name-debug.zip" "tpool-$label-src.zip" >SHA256SUMS)
say "wrote $out/$name.zip, $name-debug.zip, tpool-$label-src.zip and SHA256SUMS"
