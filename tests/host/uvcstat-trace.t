#!/usr/bin/env bash
# uvcstat trace on the golden trace.dat recorded in the guest
# (tests/host/fixtures/uvcstat/trace, tools/uvcstat/tests/record-trace.sh:
# vcam YUYV 160x120, 10 frames in coherent mode then 20 in noncontiguous
# mode, under trace-cmd record -e uvcvideo -e dma): goldens in every
# format, the cross-check against the stats_raw of the second stream, and
# every error path (one line on stderr, nothing on stdout, the exit code).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
uvcstat=$HOST_OUT/bin/uvcstat
fix=$top/tests/host/fixtures/uvcstat/trace
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

need_build uvcstat

"$uvcstat" trace "$tmp/none.dat" >/dev/null 2>&1 && st=0 || st=$?
if [ "$st" -eq 6 ]; then
	skip_all "uvcstat built without libtracecmd (apt-get install libtracecmd-dev libtraceevent-dev libtracefs-dev)"
fi
python=0
command -v python3 >/dev/null && python=1
# reports 11 (one more by python3, when there), samples 4 + 4 failures,
# cross-check 15 + 1 failure, errors 1 + 15 failures; 4 tests a failure
plan $((11 + python + 4 + 15 + 1 + 4 * (4 + 1 + 15)))

# run ARGS...: uvcstat in the fixture directory (file names as in the
# goldens), 10 s watchdog; sets st, out, err.
run() {
	(cd "$fix" && timeout 10 "$uvcstat" "$@") >"$tmp/stdout" 2>"$tmp/stderr" && st=0 || st=$?
	out=$(cat "$tmp/stdout")
	err=$(cat "$tmp/stderr")
}

fails() { # fails CODE REGEX NAME ARGS...
	local code=$1 regex=$2 name=$3
	shift 3
	run "$@"
	is "$st" "$code" "$name: exit $code"
	like "$err" "^uvcstat: .*$regex" "$name: says why"
	is "$(wc -l <"$tmp/stderr")" 1 "$name: one line on stderr"
	is "$(wc -c <"$tmp/stdout")" 0 "$name: nothing on stdout"
}

# ---- reports ----
run trace trace.dat
is "$st" 0 "trace: exit 0"
is "$out" "$(cat "$fix/trace.txt")" "two sessions, text (golden)"
is "$(grep -c '^==> trace.dat: session [12] of 2: stream 1-1:1.1, [a-z]*, whole stream <==$' <<<"$out")" 2 \
	"two whole sessions of stream 1-1:1.1"
like "$out" "URB allocation: coherent" "the first session is the coherent stream"
is "$(sed -n 's/^URB: [0-9]*\/\([0-9]*\) .*/\1/p' <<<"$out" | tr '\n' ' ')" "30 60 " \
	"URB counts: 30 and 60 URBs (3 per 160x120 frame)"
is "$(sed -n 's/^bytes \([0-9]*\) .*/\1/p' <<<"$out" | tr '\n' ' ')" "384000 768000 " \
	"bytes: 10 and 20 whole frames of 38400 bytes"
run trace --json trace.dat
is "$out" "$(cat "$fix/trace.json")" "--json (golden)"
if [ "$python" = 1 ]; then
	python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d) == 2 and d[1]["trace"]["whole"]' \
		<"$tmp/stdout" && st=0 || st=$?
	ok "$st" "--json: an array of two objects with the trace's facts"
fi
run trace --csv trace.dat
is "$out" "$(cat "$fix/trace.csv")" "--csv (golden)"
is "$(awk -F, '{ print NF }' <<<"$out" | sort -u)" 59 "--csv: the 59 columns of report --csv"
run trace --session 2 trace.dat
is "$out" "$(sed -n '/session 2 of 2/,$p' "$fix/trace.txt")" "--session 2: the second session only"
run trace --stream 1-1:1.1 --session 1 trace.dat
like "$out" "URB allocation: coherent" "--stream NAME --session 1"

# ---- per-URB samples ----
run trace --samples trace.dat
is "$st" 0 "--samples: exit 0"
is "$out" "$(cat "$fix/samples.csv")" "--samples: one CSV row per URB cycle (golden)"
# The rows add up to the reports: per session, URB and decode counts and
# totals (us, truncated as the report prints them).
is "$(awk -F, 'NR > 1 {
		if ($7 != "") { n[$1]++; u[$1] += $7 }
		if ($10 != "") { nd[$1]++; d[$1] += $10 }
	}
	END { for (s = 1; s <= 2; s++) printf "URB: %d/%d decode: %d/%d\n", u[s] / 1000, n[s], d[s] / 1000, nd[s] }' \
	<<<"$out")" "$(sed -n 's/^\(URB\|decode\): \([0-9]*\/[0-9]*\) .*/\1: \2/p' "$fix/trace.txt" | paste -d' ' - -)" \
	"--samples: per session, the rows' URB and decode counts and totals are the report's"
run trace --samples --session 2 trace.dat
is "$(cut -d, -f1,3 <<<"$out" | sort -u | tr '\n' ' ')" "2,noncontiguous session,mode " \
	"--samples --session 2: that session's rows only"
fails 2 "--samples writes its own CSV" "--samples --json" trace --samples --json trace.dat
fails 2 "--samples writes its own CSV" "--samples --cross-check" trace --samples --cross-check stats_raw trace.dat
fails 13 "no uvcvideo trace events" "--samples on a trace without uvcvideo events" trace --samples no-uvcvideo.dat
fails 13 "recorded none" "--samples on a trace with no stream" trace --samples idle.dat

# ---- cross-check against debugfs ----
run trace --cross-check stats_raw trace.dat
is "$st" 0 "cross-check against the stream's stats_raw: exit 0"
is "$out" "$(cat "$fix/xcheck.txt")" "cross-check table (golden)"
like "$out" "^result: ok: 13 figures judged, 0 outside tolerance$" "13 figures judged, all within tolerance"
for t in URB header latency decode 'sync for cpu' 'sync for device'; do
	like "$out" "^$t count +[0-9]+ +[0-9]+ +0 +ok$" "$t: the same count in the trace and in debugfs"
done
like "$out" "^bytes +768000 +768000 +0 +ok$" "bytes: the same"
like "$out" "^frames +19 +19 " "frames estimated from decode_header: as uvcvideo counts them"
sed 's/^urb_count=60$/urb_count=61/' "$fix/stats_raw" >"$tmp/stats_raw.urb"
run trace --cross-check "$tmp/stats_raw.urb" trace.dat
is "$st" 16 "a count that differs: exit 16"
like "$out" "^URB count +60 +61 .*FAIL$" "the table shows the failing line"
like "$err" "^uvcstat: trace: cross-check against .*: figures outside tolerance" "and stderr says so in one line"
run trace --cross-check stats_raw --tolerance 0 --abs-tolerance 0 trace.dat
is "$st" 16 "zero tolerance: the trace events' own cost shows (exit 16)"
fails 5 "is of a noncontiguous stream, the trace session of a coherent one" \
	"cross-check of another mode's session" trace --cross-check stats_raw --session 1 trace.dat

# ---- errors ----
fails 2 "missing FILE.dat" "no file" trace
fails 2 "one trace file" "two files" trace trace.dat trace.dat
fails 2 "unknown option '--bogus'" "unknown option" trace --bogus trace.dat
fails 2 "--session 3: trace.dat has 2 sessions" "--session beyond the sessions" trace --session 3 trace.dat
fails 2 "no stream 'nope'" "unknown stream" trace --stream nope trace.dat
fails 2 "--cross-check prints text only" "--cross-check with --json" trace --json --cross-check stats_raw trace.dat
fails 2 "--tolerance needs a number" "bad tolerance" trace --tolerance x trace.dat
fails 3 "nothing.dat: cannot read: No such file" "missing file" trace nothing.dat
fails 3 "cannot read" "missing stats_raw" trace --cross-check nothing.raw trace.dat
fails 4 "not a trace-cmd trace.dat" "not a trace.dat" trace stats_raw
head -c 4000 "$fix/trace.dat" >"$tmp/cut.dat"
fails 4 "not a trace-cmd trace.dat" "a truncated trace.dat" trace "$tmp/cut.dat"
# corrupt.dat: trace.dat with a few bytes changed, on which libtracecmd 3.1.6
# crashes (it runs in a child process: uvcstat itself reports one line)
fails 4 "corrupt.dat: a corrupt trace.dat: libtracecmd (died|failed) reading it" \
	"a trace.dat that crashes libtracecmd" trace corrupt.dat
fails 13 "no uvcvideo trace events: record with 'trace-cmd record -e uvcvideo -e dma' on a kernel with the uvcdma patch series" \
	"a trace without the uvcvideo events" trace no-uvcvideo.dat
fails 13 "recorded none" "uvcvideo events enabled, none recorded" trace idle.dat
head -n 9 "$fix/run-noncontiguous.txt" >"$tmp/cut-run.txt"
fails 4 "cut-run.txt:10: truncated report: end of input, expected the 'pts:' line" \
	"cross-check against a report cut short" trace --cross-check "$tmp/cut-run.txt" trace.dat
run trace --cross-check run-noncontiguous.txt trace.dat
is "$st" 0 "cross-check against the output of uvcstat run (text: raw figures rebuilt from it)"
done_testing
