#!/usr/bin/env bash
# plots/modes.sh: a PNG (file magic, nonzero size) from a fixture
# `uvcstat compare --csv`, with and without CI bounds; usage errors.
# Skipped without gnuplot.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
fix=$top/tests/host/fixtures/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v gnuplot >/dev/null || skip_all "gnuplot not installed (apt-get install gnuplot-nox)"

is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }

"$top/plots/modes.sh" --title "QEMU TCG arm64 guest" "$fix/compare-groups.csv" "$tmp/groups.png" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "modes.sh on groups of runs (CI bounds): exit 0"
is_png "$tmp/groups.png" && st=0 || st=$?
ok "$st" "a valid PNG of nonzero size"
is "$(cat "$tmp/err")" "" "nothing on stderr"

"$top/plots/modes.sh" "$fix/compare-reference.csv" "$tmp/ref.png" && st=0 || st=$?
is "$st" 0 "modes.sh on single reports (no CI, no sync lines, no title): exit 0"
is_png "$tmp/ref.png" && st=0 || st=$?
ok "$st" "a valid PNG of nonzero size"

"$top/plots/modes.sh" "$fix/compare-groups.csv" 2>/dev/null && st=0 || st=$?
is "$st" 2 "missing OUT.png: exit 2"
"$top/plots/modes.sh" "$tmp/missing.csv" "$tmp/x.png" 2>/dev/null && st=0 || st=$?
is "$st" 3 "unreadable CSV: exit 3"
printf 'a,b\n1,2\n' >"$tmp/bad.csv"
"$top/plots/modes.sh" "$tmp/bad.csv" "$tmp/x.png" 2>/dev/null && st=0 || st=$?
is "$st" 4 "not compare --csv output: exit 4"
done_testing
