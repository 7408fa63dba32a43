#!/usr/bin/env bash
# uvcstat compare --json / --csv: goldens for groups of runs (stats_raw
# fixtures) and for the two published blocks (tests/host/fixtures/reference),
# RFC 4180 / JSON well-formedness, and the usage errors.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
uvcstat=$HOST_OUT/bin/uvcstat
fix=$top/tests/host/fixtures/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

need_build uvcstat
python=0
command -v python3 >/dev/null && python=1
plan $((19 + 2 * python))	# 2 checks by python3, when there

run() {
	timeout 10 "$uvcstat" "$@" </dev/null >"$tmp/stdout" 2>"$tmp/stderr" && st=0 || st=$?
	out=$(cat "$tmp/stdout")
	err=$(cat "$tmp/stderr")
}
groups=(--label COHERENT "$fix"/coherent-1.raw "$fix"/coherent-2.raw "$fix"/coherent-3.raw
	--label NON_CONTIGUOUS "$fix"/noncontiguous-1.raw "$fix"/noncontiguous-2.raw "$fix"/noncontiguous-3.raw)

for fmt in csv json; do
	run compare --"$fmt" "${groups[@]}"
	is "$st" 0 "compare --$fmt of groups: exit 0"
	is "$out" "$(cat "$fix/compare-groups.$fmt")" "compare --$fmt of groups (golden)"
done
run compare --csv "${groups[@]}"
is "$(printf '%s\n' "$out" | head -n 1)" "metric,label,unit,column,runs,value,speedup,ci_lo,ci_hi" "CSV header"
like "$out" '
decode_avg,decode avg \(us\),ns,NON_CONTIGUOUS,3,[0-9]+,27\.7[0-9]*,26\.7[0-9]*,27\.8[0-9]*
' "CSV: median, speedup and CI bounds of a group"
if [ "$python" = 1 ]; then
	python3 -c 'import csv,sys; r=list(csv.reader(sys.stdin)); assert all(len(x)==9 for x in r), r' <"$tmp/stdout" && st=0 || st=$?
	ok "$st" "CSV: every record has 9 fields"
	run compare --json "${groups[@]}"
	python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["baseline"]=="COHERENT" and len(d["rows"])>0' <"$tmp/stdout" && st=0 || st=$?
	ok "$st" "JSON parses, baseline named"
fi
run compare --csv --label 'A, "x"' "$fix/coherent-1.raw" --label B "$fix/noncontiguous-1.raw"
like "$out" '
urb_avg,URB avg \(us\),ns,"A, ""x""",1,[0-9]+,1,,
' "CSV: RFC 4180 quoting of a label; no CI with single runs"

# errors: one line on stderr, nothing on stdout
run compare --json --csv "$fix/coherent-1.raw" "$fix/noncontiguous-1.raw"
is "$st" 2 "--json and --csv together: exit 2"
like "$err" 'exclusive' "and says so"
is "$out" "" "nothing on stdout"
run compare --csv "$fix/coherent-1.raw"
is "$st" 2 "--csv with one report: exit 2"
run compare --json "$fix/coherent-1.raw" "$tmp/missing"
is "$st" 3 "--json with an unreadable file: exit 3"
is "$out" "" "nothing on stdout"
run compare --help
like "$out" '--json / --csv' "compare --help documents --json and --csv"
grep -q 'ci_lo' "$top/tools/uvcstat/uvcstat.1" && st=0 || st=$?
ok "$st" "uvcstat.1 documents the compare --csv/--json keys"

# the published blocks
ref=$top/tests/host/fixtures/reference
for fmt in csv json; do
	run compare --"$fmt" "$ref/report-aarch64-noncontiguous.txt" "$ref/report-x86-noncontiguous.txt"
	is "$st" 0 "compare --$fmt of the published blocks: exit 0"
	is "$out" "$(cat "$fix/compare-reference.$fmt")" "compare --$fmt of the published blocks (golden)"
done
done_testing
