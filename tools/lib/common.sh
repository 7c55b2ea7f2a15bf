# shellcheck shell=bash
# What the scripts in tools/ share: the repository root, the PATH that finds
# pwsh (a .NET global tool), and one tally of results. Sourced, never run:
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
#
# After sourcing, $repo is the repository root and the working directory.
# A script reports each check with record/skip and ends with summary, whose
# last line "N passed, M failed" (", K skipped" when something was skipped)
# is what tools/test.sh reads from every script it runs: keep that wording.

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo" || exit 1
export PATH="$PATH:$HOME/.dotnet/tools"
# Parallel build and test jobs, for the scripts that build.
# shellcheck disable=SC2034
jobs="${TPOOL_TEST_JOBS:-2}"

tally_passed=0
tally_failed=0
tally_skipped=0
tally_lines=()
# Put before the summary line when set (tools/test.sh: "tools/test.sh:").
summary_label=""

# note <title>: a heading between the parts of a long run.
note() { printf '\n==== %s ====\n' "$*"; }

# record <check> <exit code> [detail]: counts the check as passed (exit code
# 0) or failed, and prints its line at once ("PASS  check  detail").
record() {
  local line
  if [ "$2" -eq 0 ]; then
    tally_passed=$((tally_passed + 1)); line="PASS  $1  ${3:-}"
  else
    tally_failed=$((tally_failed + 1)); line="FAIL  $1  ${3:-}"
  fi
  tally_lines+=("$line")
  printf '%s\n' "$line"
}

# skip <check> <reason>: a check that could not run here, with the reason.
skip() {
  local line="SKIP  $1  $2"
  tally_skipped=$((tally_skipped + 1))
  tally_lines+=("$line")
  printf '%s\n' "$line"
}

# results: every line record and skip printed, again, in order (for the end
# of a long run whose lines scrolled away).
results() {
  [ ${#tally_lines[@]} -eq 0 ] || printf '%s\n' "${tally_lines[@]}"
}

# summary: prints "N passed, M failed" (with ", K skipped" when anything
# was skipped), after summary_label when set; returns 1 when anything
# failed, so a script can end with it.
summary() {
  local line="$tally_passed passed, $tally_failed failed"
  [ "$tally_skipped" -eq 0 ] || line+=", $tally_skipped skipped"
  printf '%s\n' "${summary_label:+$summary_label }$line"
  [ "$tally_failed" -eq 0 ]
}

# counts <passed> <failed>: the closing line for a script whose checks were
# counted by another runner (Pester, node's test runner); returns 1 when
# anything failed or nothing ran.
counts() {
  tally_passed=$1
  tally_failed=$2
  summary && [ "$1" -gt 0 ]
}

# abort <message>: a failure that ends the script before its checks could
# run (a missing tool, a failed build); prints the message on stderr and a
# summary counting it, then exits 1.
abort() {
  echo "$(basename "$0"): $*" >&2
  tally_failed=$((tally_failed + 1))
  summary
  exit 1
}

# require_command <command> <what to do>: abort unless the command is found.
require_command() {
  command -v "$1" >/dev/null 2>&1 || abort "$1 not found: $2"
}
