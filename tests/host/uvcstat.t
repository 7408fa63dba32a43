#!/usr/bin/env bash
# uvcstat command line: report in every format (goldens), compare with
# groups of runs, --help and the man page, and every error path: one line
# on stderr, nothing on stdout, the documented exit code, no hang.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
uvcstat=$HOST_OUT/bin/uvcstat
fix=$top/tests/host/fixtures/uvcstat
src=$top/tools/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

need_build uvcstat
# the checks that need python3, groff or a writable /dev/full, when there
python=0 groff=0 full=0
command -v python3 >/dev/null && python=1
command -v groff >/dev/null && groff=1
[ -w /dev/full ] && full=1
# report 14 (2 more by python3), compare 10, help 6 + 2 for each of the 17
# exit codes (1 more by groff), errors 4 for each of 43 failures (2 more
# with /dev/full)
plan $((14 + 2 * python + 10 + 6 + 2 * 17 + groff + 4 * 43 + 2 * full))

# run ARGS...: runs uvcstat (stdin from $stdin, default /dev/null) with a
# 10 s watchdog; sets st, out (stdout) and err (stderr).
stdin=/dev/null
run() {
	timeout 10 "$uvcstat" "$@" <"$stdin" >"$tmp/stdout" 2>"$tmp/stderr" && st=0 || st=$?
	out=$(cat "$tmp/stdout")
	err=$(cat "$tmp/stderr")
}

# fails CODE REGEX NAME ARGS...: exit CODE, one stderr line matching REGEX, no stdout.
fails() {
	local code=$1 regex=$2 name=$3
	shift 3
	run "$@"
	is "$st" "$code" "$name: exit $code"
	like "$err" "^uvcstat: .*$regex" "$name: says why"
	is "$(wc -l <"$tmp/stderr")" 1 "$name: one line on stderr"
	is "$(wc -c <"$tmp/stdout")" 0 "$name: nothing on stdout"
}

# ---- report: formats and goldens ----
run report "$fix/coherent-1.raw"
is "$st" 0 "report of stats_raw: exit 0"
is "$out" "$(cat "$fix/coherent-1.txt")" "stats_raw -> text with the patched kernel's extra lines (golden)"
is "$(printf '%s\n' "$out" | tail -n 3 | cut -d: -f1 | tr '\n' ,)" "sync for cpu,sync for device,URB allocation," \
	"extra lines after the 18 of the changelog's block"
cp "$fix/coherent-1.txt" "$tmp/stats"
run report "$tmp/stats"
is "$out" "$(cat "$fix/coherent-1.txt")" "debugfs 'stats' text with extra lines round-trips"
run report --raw "$tmp/stats"
is "$st" 0 "report --raw of a stats text: exit 0"
printf '%s\n' "$out" >"$tmp/rebuilt.raw"
run report "$tmp/rebuilt.raw"
is "$out" "$(cat "$fix/coherent-1.txt")" "text -> rebuilt raw -> the same text"
# std above a 65.535 us average (expected values from Python's math.isqrt)
run report "$fix/coherent-1.raw"
like "$out" '^URB: 202563/600 uS/qty: 337\.606 avg 76\.483 std' "URB std above 65.535 us avg is correct (76.483)"
like "$out" 'decode: 176303/600 uS/qty: 293\.839 avg 76\.020 std' "decode std above 65.535 us avg is correct (76.020)"
run report --legacy-std "$fix/coherent-1.raw"
like "$out" '^URB: 202563/600 uS/qty: 337\.606 avg 342\.810 std' "--legacy-std emulates the 32-bit overflow (342.810)"
run report --json "$fix/coherent-1.raw"
is "$out" "$(cat "$fix/coherent-1.json")" "--json (golden)"
if [ "$python" = 1 ]; then
	printf '%s\n' "$out" | python3 -m json.tool >/dev/null && st=0 || st=$?
	ok "$st" "--json output is valid JSON"
	run report --json "$fix/coherent-1.raw" "$fix/noncontiguous-1.raw"
	printf '%s\n' "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d) == 2' && st=0 || st=$?
	ok "$st" "--json of two files is an array of two objects"
fi
run report --csv "$fix/coherent-1.raw" "$fix/noncontiguous-1.raw"
is "$out" "$(cat "$fix/runs.csv")" "--csv: one header, one row per file (golden)"
is "$(printf '%s\n' "$out" | awk -F, '{ print NF }' | sort -u)" 59 "--csv: every row has the header's 59 columns"
stdin=$fix/noncontiguous-2.raw run report
is "$st" 0 "report reads stdin"
like "$out" 'URB allocation: noncontiguous' "report of stdin"
stdin=/dev/null

# ---- compare ----
run compare --label COHERENT "$fix"/coherent-?.raw --label NON_CONTIGUOUS "$fix"/noncontiguous-?.raw
is "$st" 0 "compare of two groups of three runs: exit 0"
is "$out" "$(cat "$fix/compare-groups.txt")" "compare of groups (golden)"
like "$out" 'summary: NON_CONTIGUOUS vs COHERENT: decode avg 27\.76x faster \(95% CI 26\.70-27\.80\)' \
	"summary with median ratio and bootstrap CI"
like "$out" 'percentile bootstrap \(10000 resamples, seed 20210322\)' "the CI method is stated"
# The same figures computed apart from uvcstat (tools/uvcstat/tests/ratio_ci.py:
# Python's statistics module and its own bootstrap), not from its output.
for timer in decode urb; do
	read -r est lo hi < <("$top/tools/uvcstat/tests/ratio_ci.py" "$timer" "$fix"/coherent-?.raw -- "$fix"/noncontiguous-?.raw)
	label=$([ "$timer" = decode ] && echo "decode avg" || echo "URB avg")
	like "$out" "$label ${est//./\\.}x faster \\(95% CI ${lo//./\\.}-${hi//./\\.}\\)" \
		"$label: ratio and CI as an independent computation gives them ($est [$lo-$hi])"
done
run compare --label=A "$fix/coherent-1.raw" --label=B "$fix/noncontiguous-1.raw" "$fix/noncontiguous-2.raw" "$fix/coherent-2.raw"
is "$st" 5 "a group mixing allocation modes is refused: exit 5"
like "$err" "group 'B' mixes allocation modes" "and says which group"
run compare "$fix/coherent-1.raw" "$fix/noncontiguous-1.raw" "$fix/noncontiguous-2.raw"
is "$st" 0 "three single reports: exit 0"
like "$(printf '%s\n' "$out" | head -n 1)" 'speedup noncontiguous-1 +speedup noncontiguous-2$' \
	"one speedup column per non-baseline column"

# ---- help, version, man page ----
run --help
is "$st" 0 "--help: exit 0"
for code in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
	like "$out" "^ {1,2}$code " "--help documents exit status $code"
	grep -q "^\.IP $code\$" "$src/uvcstat.1" && st=0 || st=$?
	ok "$st" "uvcstat.1 documents exit status $code"
done
run report --help
like "$out" '^usage: uvcstat report' "report --help"
run compare --help
like "$out" '^usage: uvcstat compare' "compare --help"
run run --help
like "$out" '^usage: uvcstat run' "run --help"
run trace --help
like "$out" '^usage: uvcstat trace' "trace --help"
run --version
like "$out" '^uvcstat [0-9]' "--version"
if [ "$groff" = 1 ]; then
	warn=$(groff -man -Tutf8 -ww -z "$src/uvcstat.1" 2>&1) && st=0 || st=$?
	is "$st:$warn" "0:" "uvcstat.1 renders without groff warnings"
fi

# ---- errors ----
printf 'frames: 1\n' >"$tmp/f"
fails 2 "missing command" "no arguments"
fails 2 "unknown command 'frobnicate'" "unknown command" frobnicate
fails 2 "unknown option '--bogus'" "unknown option" report --bogus "$tmp/f"
fails 2 "--block needs a number" "--block 0" report --block 0 "$tmp/f"
fails 2 "--raw takes one input" "--raw with two inputs" report --raw "$tmp/f" "$tmp/f"
fails 3 "$tmp/missing: cannot read: No such file" "missing file" report "$tmp/missing"
fails 3 "cannot read" "a directory" report "$tmp"
head -n 11 "$fix/coherent-1.txt" >"$tmp/trunc"
fails 4 "trunc:12: truncated report: end of input, expected the 'header:' line" "truncated report" report "$tmp/trunc"
{ head -n 5 "$fix/coherent-1.txt"; echo; tail -n +6 "$fix/coherent-1.txt"; } >"$tmp/gap"
fails 4 "gap:6: truncated report: blank line, expected the 'pts:' line" "blank line inside a block" report "$tmp/gap"
sed '11s/337\.606 avg/337.6O6 avg/' "$fix/coherent-1.txt" >"$tmp/typo"
fails 4 "typo:11: malformed 'URB:' line: 'URB: 202563/600" "malformed number" report "$tmp/typo"
sed '13s/^latency/latencyy/' "$fix/coherent-1.txt" >"$tmp/swap"
fails 4 "swap:13: expected the 'latency:' line, got 'latencyy: 24403" "misspelt line" report "$tmp/swap"
sed '13s/ avg / avg  std /' "$fix/coherent-1.txt" >"$tmp/extra"
fails 4 "extra:13: malformed 'latency:' line" "extra word in a line" report "$tmp/extra"
sed '12d' "$fix/coherent-1.txt" >"$tmp/missing-line"
fails 4 "missing-line:12: expected the 'header:' line, got 'latency:" "missing line" report "$tmp/missing-line"
sed '9s/73728000/99999999999999999999999/' "$fix/coherent-1.txt" >"$tmp/big"
fails 4 "big:9: malformed 'bytes' line" "number above 2^64" report "$tmp/big"
printf 'frames: 1\npackets: 1\000\n' >"$tmp/nul"
fails 4 "nul:2: NUL byte" "NUL byte" report "$tmp/nul"
{ cat "$fix/coherent-1.txt"; tail -n 1 "$fix/coherent-1.txt"; } >"$tmp/twice"
fails 4 "twice:22: second 'URB allocation:' line \(the first is line 21\)" "repeated extra line" report "$tmp/twice"
: >"$tmp/empty"
fails 4 "empty input" "empty file" report "$tmp/empty"
head -c 3000 "$uvcstat" >"$tmp/binary"
fails 4 "no statistics report found" "binary file" report "$tmp/binary"
fails 4 "only 1 statistics block" "--block beyond the blocks" report --block 2 "$fix/coherent-1.txt"
sed '/^decode_sum_ns=/d' "$fix/coherent-1.raw" >"$tmp/nokey.raw"
fails 4 "missing key 'decode_sum_ns'" "raw: missing key" report "$tmp/nokey.raw"
sed '/^sync_cpu_max_ns=/d' "$fix/coherent-1.raw" >"$tmp/partial.raw"
fails 4 "missing key 'sync_cpu_max_ns'" "raw: incomplete optional group" report "$tmp/partial.raw"
sed 's/^frames=120$/frames=12x/' "$fix/coherent-1.raw" >"$tmp/badval.raw"
fails 4 "badval.raw:4: 'frames' needs an unsigned decimal integer" "raw: bad value" report "$tmp/badval.raw"
sed 's/^version=1$/version=2/' "$fix/coherent-1.raw" >"$tmp/v2.raw"
fails 4 "v2.raw:1: unsupported stats_raw version 2" "raw: unknown version" report "$tmp/v2.raw"
{ cat "$fix/coherent-1.raw"; echo frames=1; } >"$tmp/dup.raw"
fails 4 "second 'frames' key \(the first is line 4\)" "raw: duplicate key" report "$tmp/dup.raw"
{ cat "$fix/coherent-1.raw"; echo 'this is prose'; } >"$tmp/prose.raw"
fails 4 "prose.raw:[0-9]+: expected key=value, got 'this is prose'" "raw: a line that is not key=value" report "$tmp/prose.raw"
sed '15s/3\.351 Gbits/3.352 Gbits/' "$fix/coherent-1.txt" >"$tmp/inconsistent"
fails 4 "inconsistent:15: the 'raw decode speed:' line does not follow" "--raw of a self-contradicting block" \
	report --raw "$tmp/inconsistent"
fails 2 "needs at least two reports" "compare of one report" compare "$fix/coherent-1.raw"
fails 2 "--label B has no file" "compare: empty label group" compare --label A "$fix/coherent-1.raw" --label B
fails 2 "comes before the first --label" "compare: file before --label" compare "$fix/coherent-1.raw" --label A "$fix/coherent-2.raw"
sed 's/^urb_count=600$/urb_count=0/' "$fix/coherent-1.raw" >"$tmp/nourb.raw"
fails 5 "nourb.raw has no URB timings" "compare: a report without URB timings" compare "$fix/coherent-1.raw" "$tmp/nourb.raw"
fails 4 "typo:11: malformed" "compare: a malformed input" compare "$fix/coherent-1.raw" "$tmp/typo"
# run: the paths a host without a camera provokes (the rest: tests/guest/uvcstat-errors.t)
fails 7 "$tmp/video9: no such device" "run: no such device" run -d "$tmp/video9"
fails 8 "/dev/null: not a V4L2 device" "run: /dev/null is no V4L2 device" run -d /dev/null
fails 8 "not a V4L2 capture device \(not a character device\)" "run: a regular file" run -d "$tmp/f"
fails 2 "-f takes YUYV, MJPEG or another four-character V4L2 format \\(NV12, H264...\\), got 'YUV'" \
	"run: a format that is no four-character code" run -f YUV
fails 2 "-f takes YUYV, MJPEG or another four-character V4L2 format .*, got 'NV 2'" \
	"run: a code with a space" run -f 'NV 2'
fails 7 "$tmp/video9: no such device" "run: -f NV12 (a real camera's format) is taken" run -f NV12 -d "$tmp/video9"
fails 2 "-s takes WIDTHxHEIGHT" "run: bad size" run -s 640
fails 2 "-n needs 2 to 32 buffers" "run: one buffer" run -n 1
fails 2 "-c needs a value" "run: -c without a value" run -c
fails 2 "unknown argument 'extra'" "run: stray argument" run extra
# trace: argument errors (the rest: tests/host/uvcstat-trace.t)
fails 2 "trace: missing FILE.dat" "trace without a file" trace
fails 3 "cannot read: No such file" "trace: missing file" trace "$tmp/missing.dat"
if [ "$full" = 1 ]; then
	timeout 10 "$uvcstat" report "$fix/coherent-1.raw" >/dev/full 2>"$tmp/stderr" && st=0 || st=$?
	is "$st" 1 "output that cannot be written: exit 1"
	like "$(cat "$tmp/stderr")" '^uvcstat: cannot write the output' "and says so"
fi
done_testing
