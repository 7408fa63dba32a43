#!/usr/bin/env bash
# In the guest, with the patch series: bench/capture-modes.sh, the capture
# script of docs/hardware.md, against the virtual camera: every mode once a
# round in the rotated order, each run's stats_raw in that mode, the compare
# table with every mode, the mode parameter restored afterwards.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tools/common/urb_alloc_modes.sh
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
out=$VCAM_TMP/board
n=${#URB_ALLOC_MODES[@]}

vcam_modules && st=0 || st=$?
[ "$st" -eq 0 ] || { echo "1..1"; echo "not ok 1 - modprobe dummy_hcd raw_gadget uvcvideo"; exit 1; }
[ -e "$param" ] || skip_all "no $param: kernel without the uvcdma series"
plan 11
vcam_ok "vcam streams MJPEG 640x480 at 30 fps" vcam_start --format mjpeg --size 640x480 --fps 30
echo usb-coherent >"$param"
bench/capture-modes.sh "$out" 2 -f MJPEG -s 640x480 -r 30 -c 10 >"$VCAM_TMP/stdout" 2>"$VCAM_TMP/stderr" &&
	st=0 || st=$?
ok "$st" "capture-modes.sh OUT 2 -f MJPEG -s 640x480 -r 30 -c 10 exits 0"
[ "$st" -eq 0 ] || diag "$(tail -n 5 "$VCAM_TMP/stderr")"
is "$(cat "$param")" usb-coherent "the mode set before is restored"
want=""
for ((r = 1; r <= 2; r++)); do
	for ((i = 0; i < n; i++)); do
		want+="$(printf '%03d' $(((r - 1) * n + i + 1))) $r ${URB_ALLOC_MODES[(i + r - 1) % n]}"$'\n'
	done
done
is "$(cat "$out/plan.txt")" "${want%$'\n'}" "plan.txt: every mode once a round, round 2 rotated by one"
bad=0
while read -r run round mode; do
	dir=$out/runs/$run-$mode
	grep -qx "mode=$mode" "$dir/stats_raw" 2>/dev/null || { bad=1; diag "$dir/stats_raw: not mode=$mode"; }
	grep -q '^# capture: MJPG 640x480, interval 1/30 s, [0-9]* buffers: 10 frames' "$dir/run.txt" ||
		{ bad=1; diag "$dir/run.txt: not the 10 frames asked"; }
	[ "$round" -ge 1 ] || bad=1
done <"$out/plan.txt"
is "$bad" 0 "each run: its report and a stats_raw of its mode"
like "$(head -n 1 "$out/compare.txt")" "^ +$(printf '%s \\(n=2\\).*' "${URB_ALLOC_MODES[@]}")" \
	"compare.txt: one column per mode, the first mode first"
is "$(cat "$VCAM_TMP/stdout")" "$(cat "$out/compare.txt")" "the compare table is on stdout too"
like "$(head -n 1 "$out/compare.csv")" '^metric,label,' "compare.csv: the CSV records"
out2=$(bench/capture-modes.sh "$out" 1 -c 10 2>&1) && st=0 || st=$?
is "$st" 1 "an OUT that holds runs: exit 1"
like "$out2" "runs exists: give a new OUT" "and says so"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing
