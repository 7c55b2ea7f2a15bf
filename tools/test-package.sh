#!/usr/bin/env bash
# Tests the release archives as a Windows developer gets them (issue 22), on
# the archives themselves, never on a build tree:
#   1. the one version: tpool.h, prioq.h, CMake and CHANGELOG.md agree, and the
#      check rejects a CHANGELOG that releases a newer version;
#   2. tools/package.sh writes the archives; built a second time in another
#      build folder, every archive is the same bytes;
#   3. unzipped into an empty folder: the listed contents, SHA256SUMS, the
#      DLLs' imports (system DLLs only), their export tables equal to the
#      unzipped headers (tests/abi/check_exports.cmake), each binary's
#      VERSIONINFO, stripped binaries paired with their debug files, and no
#      absolute build path in any file of the archives;
#   4. C clients built by clang-cl for the MSVC ABI against lib/<arch>/*.lib
#      only, run under Wine beside bin/<arch>/'s DLLs;
#   5. a CMake consumer (MinGW toolchain) that finds the package through
#      CMAKE_PREFIX_PATH, builds and runs under Wine;
#   6. bin/x64/bench.exe --quick under Wine, passing its own validation.
# x86 programs are built; they run only where 32-bit Wine starts
# (/usr/lib/wine/wine --version), else SKIP with the reason. Output goes to
# build/package-test/. The last line is "N passed, M failed".
#
#   TPOOL_PACKAGE_BUILD_ROOT  where tools/package.sh builds the presets (default
#                             build: the folders tools/test.sh has built and
#                             tested, which the presets make the release build)
#   TPOOL_PACKAGE_SKIP_REPRO=1  no second build (reported as SKIP)
#
# The step functions run through check(), which shellcheck cannot follow:
# shellcheck disable=SC2317
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo" || exit 1
work="$repo/build/package-test"
build_root="${TPOOL_PACKAGE_BUILD_ROOT:-build}"
passed=0
failed=0
skipped=0
summary=()

pass() { passed=$((passed + 1)); summary+=("PASS  $1"); echo "PASS  $1"; }
fail() {
  failed=$((failed + 1)); summary+=("FAIL  $1")
  echo "FAIL  $1"
  [ -n "${2:-}" ] && printf '%s\n' "$2" | tail -n 25 | sed 's/^/      /'
}
skip() { skipped=$((skipped + 1)); summary+=("SKIP  $1: $2"); echo "SKIP  $1: $2"; }
# check <name> <command...>: PASS when the command exits 0, else FAIL with its output.
check() {
  local name="$1" out
  shift
  if out="$("$@" 2>&1)"; then pass "$name"; else fail "$name" "$out"; fi
}
finish() {
  echo
  printf '%s\n' "${summary[@]}"
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  exit $?
}

x86_runs=no
x86_reason="32-bit Wine cannot start here (/usr/lib/wine/wine --version failed: this kernel cannot run 32-bit programs)"
if /usr/lib/wine/wine --version >/dev/null 2>&1; then x86_runs=yes; fi
wine_run="$repo/tools/wine-run.sh"

rm -rf "$work"
mkdir -p "$work"

# ---- 1. one version -----------------------------------------------------------
if info="$(cmake -DSOURCE_DIR="$repo" -P tools/cmake/tpool_release_info.cmake 2>&1)"; then
  pass "version: tpool.h, prioq.h, CMake and CHANGELOG.md agree"
else
  fail "version: tpool.h, prioq.h, CMake and CHANGELOG.md agree" "$info"
  finish
fi
value() { printf '%s\n' "$info" | sed -n "s/^$1=//p"; }
version="$(value version)"
prioq_version="$(value prioq_version)"
label="$(value label)"
suffix="${label#"$version"}"
# The check must fail on a CHANGELOG that releases a version newer than the headers'.
mkdir -p "$work/newer/include/tpool" "$work/newer/include/prioq"
cp include/tpool/tpool.h "$work/newer/include/tpool/"
cp include/prioq/prioq.h "$work/newer/include/prioq/"
awk -v v="${version%%.*}" 'NR == 1 { print; print ""; print "## [" v + 1 ".0.0] - 2000-01-01"; next } { print }' \
  CHANGELOG.md >"$work/newer/CHANGELOG.md"
if cmake -DSOURCE_DIR="$work/newer" -P tools/cmake/tpool_release_info.cmake >/dev/null 2>&1; then
  fail "version: a CHANGELOG releasing a newer version than the headers is rejected"
else
  pass "version: a CHANGELOG releasing a newer version than the headers is rejected"
fi
# CMake's project version is read from tpool.h: the configured cache must say so.
cache="$build_root/mingw-x64-release/CMakeCache.txt"
[ "${build_root#/}" = "$build_root" ] && cache="$repo/$cache"

# ---- 2. the archives, twice ---------------------------------------------------
name="tpool-$label-windows"
dist="$work/dist"
echo "test-package: tools/package.sh --build-root $build_root"
if out="$(tools/package.sh --build-root "$build_root" --out "$dist" 2>&1)"; then
  pass "package.sh writes $name.zip, $name-debug.zip, tpool-$label-src.zip and SHA256SUMS"
else
  fail "package.sh writes the archives" "$out"
  finish
fi
if [ -f "$cache" ] && grep -q "^CMAKE_PROJECT_VERSION:STATIC=$version\$" "$cache"; then
  pass "version: CMake's project version is the headers' $version"
else
  fail "version: CMake's project version is the headers' $version" \
    "$(grep '^CMAKE_PROJECT_VERSION' "$cache" 2>&1)"
fi
if [ "${TPOOL_PACKAGE_SKIP_REPRO:-}" = 1 ]; then
  skip "reproducible: a second build gives the same bytes" "TPOOL_PACKAGE_SKIP_REPRO=1"
else
  echo "test-package: the second build, in build/package-test/repro"
  if out="$(tools/package.sh --build-root "$work/repro" --out "$work/dist-repro" 2>&1)"; then
    differ=""
    for file in "$name.zip" "$name-debug.zip" "tpool-$label-src.zip" SHA256SUMS; do
      cmp -s "$dist/$file" "$work/dist-repro/$file" || differ="$differ $file"
    done
    if [ -z "$differ" ]; then
      pass "reproducible: a second build in another folder gives the same bytes"
    else
      details=""
      for file in $differ; do
        case "$file" in
          *.zip) details="$details
$file: $(python3 tests/package/compare_zips.py "$dist/$file" "$work/dist-repro/$file" 2>&1)" ;;
        esac
      done
      fail "reproducible: a second build in another folder gives the same bytes" "differ:$differ$details"
    fi
  else
    fail "reproducible: the second build" "$out"
  fi
fi

# ---- 3. the unzipped archive ----------------------------------------------------
unzipped="$work/unzipped"
mkdir -p "$unzipped"
check "the archives unzip under $name/ only, no absolute or parent path" \
  python3 tests/package/unzip.py "$unzipped" "$name" "$dist/$name.zip" "$dist/$name-debug.zip"
root="$unzipped/$name"
expected=(LICENSE CHANGELOG.md README.txt SHA256SUMS docs/index.html
  include/tpool/tpool.h include/tpool/tpool.hpp include/prioq/prioq.h
  bin/x64/bench.exe lib/cmake/tpool/tpool-config.cmake lib/cmake/tpool/tpool-config-version.cmake
  lib/cmake/prioq/prioq-config.cmake lib/cmake/prioq/prioq-config-version.cmake)
for arch in x64 x86; do
  for library in tpool prioq; do
    expected+=("bin/$arch/$library.dll" "bin/$arch/$library.dll.debug" "lib/$arch/$library.lib"
      "lib/$arch/lib$library.dll.a" "lib/cmake/$library/$arch/$library-targets.cmake")
  done
done
expected+=(bin/x64/bench.exe.debug)
missing=""
for file in "${expected[@]}"; do [ -f "$root/$file" ] || missing="$missing $file"; done
# The page's own files (what docs/index.html loads) and every tracked asset.
while IFS= read -r asset; do [ -f "$root/$asset" ] || missing="$missing $asset"; done < <(git ls-files assets)
# Every file the page loads or links, resolved from docs/ as a browser does.
while IFS= read -r page_file; do
  [ -f "$root/docs/$page_file" ] || missing="$missing docs/$page_file"
done < <(grep -oE '(src|href)="[^"#:]+"' "$root/docs/index.html" | sed -E 's/^(src|href)="(.*)"$/\2/')
if [ -z "$missing" ]; then pass "contents: the issue's list, the page's assets"; else
  fail "contents: the issue's list, the page's assets" "missing:$missing"; fi
# include/ is the tree's include/, file for file.
check "contents: include/ is the tree's include/" diff -r "$repo/include" "$root/include"
# SHA256SUMS lists every file of the main archive (but itself); the debug
# files, unzipped over it, come from the debug archive only.
# shellcheck disable=SC2016  # the inner script's own arguments
check "SHA256SUMS covers and matches every file of the main archive" bash -c '
  cd "$1" && sha256sum --quiet -c SHA256SUMS &&
  diff <(find . -type f ! -name SHA256SUMS ! -name "*.debug" | sed "s|^\./||" | LC_ALL=C sort) \
       <(sed "s/^[0-9a-f]*  //" SHA256SUMS | LC_ALL=C sort) &&
  python3 -c "import sys, zipfile; sys.exit(any(n.endswith(\".debug\") for n in zipfile.ZipFile(sys.argv[1]).namelist()))" "$2"
  ' _ "$root" "$dist/$name.zip"

objdump_for() { if [ "$1" = x64 ]; then echo x86_64-w64-mingw32-objdump; else echo i686-w64-mingw32-objdump; fi; }
for arch in x64 x86; do
  objdump="$(objdump_for "$arch")"
  for library in tpool prioq; do
    dll="$root/bin/$arch/$library.dll"
    imports="$("$objdump" -p "$dll" 2>&1 | sed -n 's/^[[:space:]]*DLL Name: //p' | sort -u)"
    # tpool.dll imports prioq.dll beside it; nothing else but the system's.
    allowed='KERNEL32\.dll|msvcrt\.dll|api-ms-win-core-synch-l1-2-0\.dll'
    [ "$library" = tpool ] && allowed="$allowed|prioq\.dll"
    others="$(printf '%s\n' "$imports" | grep -viE "^($allowed)\$")"
    if [ -n "$imports" ] && [ -z "$others" ]; then
      pass "imports: $arch/$library.dll needs no runtime DLL to ship (${imports//$'\n'/ })"
    else
      fail "imports: $arch/$library.dll needs no runtime DLL to ship" "imports: $imports"
    fi
    upper="$(echo "$library" | tr '[:lower:]' '[:upper:]')"
    check "exports: $arch/$library.dll exports exactly the unzipped $library.h's functions" \
      cmake -DFORMAT=pe -DTOOL="$objdump" -DLIBRARY="$dll" -DHEADER="$root/include/$library/$library.h" \
        -DPREFIX="$upper" -DLIST_FILE="$repo/tests/abi/exported_functions.h" \
        -DLIST_MACRO="${upper}_EXPORTED_FUNCTIONS" -P tests/abi/check_exports.cmake
  done
done

copyright="$(grep -m1 '^Copyright ' LICENSE)"
holder="$(printf '%s\n' "$copyright" | sed -E 's/^Copyright \([cC]\) [0-9, -]+ //')"
binaries=(x64/tpool.dll x64/prioq.dll x64/bench.exe x86/tpool.dll x86/prioq.dll)
for binary in "${binaries[@]}"; do
  file_name="${binary#*/}"
  file_version="$version$suffix"
  [ "$file_name" = prioq.dll ] && file_version="$prioq_version$suffix"
  check "VERSIONINFO: $binary reads back FileVersion $file_version, ProductVersion $label" \
    python3 tests/package/read_version.py "$root/bin/$binary" \
      --expect "FileVersion=$file_version" --expect "ProductVersion=$label" \
      --expect "FILEVERSION=${file_version%"$suffix"}.0" --expect "PRODUCTVERSION=$version.0" \
      --expect "ProductName=tpool" --expect "OriginalFilename=$file_name" \
      --expect "CompanyName=$holder" --expect "LegalCopyright=$copyright"
  check "debug: $binary is stripped and its debug link names $file_name.debug" \
    python3 tests/package/check_debug_link.py "$root/bin/$binary" "$root/bin/$binary.debug"
done

# No absolute path of this machine's checkout or build folders in any file.
paths=("$repo" "$(cd "$build_root" 2>/dev/null && pwd -P)" "$work")
leaks=""
for path in "${paths[@]}"; do
  [ -n "$path" ] || continue
  found="$(grep -rlaF -- "$path" "$unzipped" 2>/dev/null)"
  [ -n "$found" ] && leaks="$leaks
$path in: $found"
done
src_leak="$(python3 -c 'import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print("\n".join(n for n in z.namelist() if any(p.encode() in z.read(n) for p in sys.argv[2:] if p)))' \
  "$dist/tpool-$label-src.zip" "${paths[@]}" 2>&1)"
[ -n "$src_leak" ] && leaks="$leaks
source archive: $src_leak"
if [ -z "$leaks" ]; then pass "no absolute build path in any file of the three archives"; else
  fail "no absolute build path in any file of the three archives" "$leaks"; fi

# ---- 4. MSVC-ABI clients against lib/<arch>/*.lib ------------------------------------
# As tests/abi/msvc builds them: clang-cl /W4 /WX, no C runtime startup, the
# few msvcrt/kernel32 functions through import libraries made from its .def
# files (there is no Windows SDK here); headers and tpool.lib from the archive.
clang_cl="$(command -v clang-cl || command -v clang-cl-16 || command -v clang-cl-15 || command -v clang-cl-14)"
lld_link="$(command -v lld-link || command -v lld-link-16 || command -v lld-link-15 || command -v lld-link-14)"
dlltool="$(command -v llvm-dlltool || command -v llvm-dlltool-16 || command -v llvm-dlltool-15 || command -v llvm-dlltool-14)"
abi="$repo/tests/abi"
msvc_client() {  # <arch> <library>
  local arch="$1" library="$2" out="$work/msvc-$1" triple machine
  if [ "$arch" = x64 ]; then triple=x86_64-pc-windows-msvc; machine=i386:x86-64; else
    triple=i686-pc-windows-msvc; machine=i386; fi
  mkdir -p "$out"
  if [ ! -f "$out/kernel32.lib" ]; then
    if [ "$arch" = x64 ]; then sed -E 's/@[0-9]+//' "$abi/msvc/kernel32.def" >"$out/kernel32.def"; else
      cp "$abi/msvc/kernel32.def" "$out/kernel32.def"; fi
    "$dlltool" -m "$machine" -d "$abi/msvc/msvcrt.def" -l "$out/msvcrt.lib" &&
      "$dlltool" -m "$machine" -k -d "$out/kernel32.def" -l "$out/kernel32.lib" || return 1
  fi
  for source in "$abi/${library}_c_client.c" "$abi/msvc/msvc_entry.c"; do
    "$clang_cl" --target="$triple" /nologo /W4 /WX /std:c17 /GS- /Zl /DTPOOL_ABI_NO_SYSTEM_HEADERS \
      "/I$root/include" "/I$abi" "/Fo$out/$(basename "$source" .c).$library.obj" /c -- "$source" || return 1
  done
  "$lld_link" /nologo /subsystem:console /entry:mainCRTStartup /nodefaultlib \
    "/out:$out/${library}_client.exe" "$out/${library}_c_client.$library.obj" "$out/msvc_entry.$library.obj" \
    "$root/lib/$arch/$library.lib" "$out/msvcrt.lib" "$out/kernel32.lib" || return 1
  cp "$root/bin/$arch/tpool.dll" "$root/bin/$arch/prioq.dll" "$out/"
}
if [ -z "$clang_cl" ] || [ -z "$lld_link" ] || [ -z "$dlltool" ]; then
  fail "msvc: clang-cl, lld-link and llvm-dlltool" "missing: run tools/deps.sh"
else
  for arch in x64 x86; do
    for library in tpool prioq; do
      check "msvc: clang-cl client links $arch/$library.lib from the archive" msvc_client "$arch" "$library"
      exe="$work/msvc-$arch/${library}_client.exe"
      if [ ! -f "$exe" ]; then continue; fi
      if [ "$arch" = x64 ] || [ "$x86_runs" = yes ]; then
        check "msvc: the $arch $library client runs under Wine beside the archive's DLLs" "$wine_run" "$exe"
      else
        skip "msvc: the $arch $library client runs under Wine" "$x86_reason"
      fi
    done
  done
fi

# ---- 5. a CMake consumer through the package -----------------------------------------
consumer() {  # <arch>
  local arch="$1" toolchain out="$work/consumer-$1"
  if [ "$arch" = x64 ]; then toolchain=mingw-x86_64.cmake; else toolchain=mingw-i686.cmake; fi
  cmake -S tests/package/consumer -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$repo/tools/cmake/$toolchain" \
    -DCMAKE_PREFIX_PATH="$root" -DCMAKE_FIND_ROOT_PATH="$root" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF &&
    grep -q "^tpool_DIR:PATH=$root/lib/cmake/tpool\$" "$out/CMakeCache.txt" &&
    cmake --build "$out"
}
for arch in x64 x86; do
  check "cmake: a MinGW $arch consumer finds tpool in the archive and builds" consumer "$arch"
  exe="$work/consumer-$arch/package_consumer.exe"
  [ -f "$exe" ] || continue
  if [ "$arch" = x64 ] || [ "$x86_runs" = yes ]; then
    check "cmake: the $arch consumer runs under Wine beside the DLLs the package named" "$wine_run" "$exe"
  else
    skip "cmake: the $arch consumer runs under Wine" "$x86_reason"
  fi
done

# ---- 6. bench.exe --quick from the archive ------------------------------------------------
# Every pool the release build compares, with tests/bench's own contract check.
check "bench: bin/x64/bench.exe --quick runs under Wine and passes its validation" \
  cmake -DBENCH="$root/bin/x64/bench.exe" -DEMULATOR="$wine_run" -DOUT="$work/bench-quick" \
    -DSOURCE_ROOT="$root" -DEXTRA_ARGS= "-DEXPECT_POOLS=tpool;baseline;naive;asio;moodycamel;win32_tp" \
    -DEXPECT=success -P bench/harness/check_bench_run.cmake

finish
