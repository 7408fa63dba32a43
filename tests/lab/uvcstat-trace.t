#!/usr/bin/env bash
# uvcstat trace against the kernel's own statistics: in the guest, one
# `uvcstat run` per URB allocation mode under trace-cmd record (-e uvcvideo
# -e dma), its stats_raw kept beside the trace.dat; on the host,
# `uvcstat trace --cross-check stats_raw trace.dat` with the default
# tolerance (counts and bytes exact, averages without the largest sample
# within 10 % or 25 us; see uvcstat(1)).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
. "$top/tools/common/urb_alloc_modes.sh"
uvcstat=$HOST_OUT/bin/uvcstat
need_build uvcstat
mkdir -p "$top/results"
dir=$(mktemp -d "$top/results/uvcstat-trace-test.XXXX")
trap 'rm -rf "$dir"' EXIT
name=${dir##*/}

"$top/qemu/run" --run-dir "$dir/run" -- bash tests/lab/guest/uvcstat-trace.sh "/results/$name" \
	>"$dir/out" 2>&1 && st=0 || st=$?
[ "$st" -ne 0 ] || [ ! -e "$dir/missing" ] ||
	skip_all "no $(cat "$dir/missing") in the guest: kernel without the uvcdma series"
plan $((1 + 7 * ${#URB_ALLOC_MODES[@]}))
is "$st" 0 "${#URB_ALLOC_MODES[@]} captures (one per mode) under trace-cmd record in the guest"
[ "$st" -eq 0 ] || diag "$(tail -n 30 "$dir/out")"

for mode in "${URB_ALLOC_MODES[@]}"; do
	m=$dir/$mode
	is "$(cat "$m/status" 2>/dev/null)" 0 "$mode: uvcstat run under trace-cmd exits 0"
	[ "$(cat "$m/status" 2>/dev/null)" = 0 ] || diag "$(cat "$m/run.err" 2>/dev/null)"
	check "$mode: trace.dat and stats_raw kept" test -s "$m/trace.dat" -a -s "$m/stats_raw"
	"$uvcstat" trace --cross-check "$m/stats_raw" "$m/trace.dat" >"$m/xcheck" 2>"$m/xcheck.err" && st=0 || st=$?
	is "$st" 0 "$mode: uvcstat trace --cross-check: every judged figure within tolerance"
	[ "$st" -eq 0 ] || diag "$(cat "$m/xcheck.err")" "$(sed -n '/^cross-check/,$p' "$m/xcheck")"
	x=$(cat "$m/xcheck")
	like "$x" "^==> .*: session 1 of 1: stream [^,]+, $mode, whole stream <==\$" \
		"$mode: one session, the whole stream, in mode $mode"
	like "$x" "^result: ok: 13 figures judged, 0 outside tolerance\$" "$mode: 13 figures judged"
	like "$x" "^bytes +([0-9]+) +\\1 +0 +ok\$" "$mode: bytes copied: the same in the trace and in debugfs"
	# the report printed by run in the guest and the trace's agree on the URB count
	urbs=$(sed -n 's/^URB: [0-9]*\/\([0-9]*\) .*/\1/p' "$m/run.txt" 2>/dev/null)
	like "$x" "^URB count +${urbs:-none} +${urbs:-none} +0 +ok\$" "$mode: $urbs URBs in run's report, the trace and stats_raw"
	diag "$mode: $(grep -E '^(URB|header|decode|sync for cpu|sync for device) avg w\/o max' "$m/xcheck" | tr -s ' ' | paste -sd ';' -)"
done
done_testing
