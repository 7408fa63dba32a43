#!/bin/bash
# In the guest, with the patch series: every URB allocation mode streams
# frames that verify, modes switch between streams without reloading
# uvcvideo, and the debugfs statistics agree with the capture and with
# their raw companion.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tools/common/urb_alloc_modes.sh
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
frames=60
buffers=8
frame_bytes=$((640 * 480 * 2))
# the lines every report has (regexes, after ^)
labels=('frames:  ' 'packets: ' 'empty:   [0-9]+ \([0-9]+ %\)' 'errors:  ' 'invalid: '
	'pts: ' 'scr: ' 'sof: ' 'bytes [0-9]+ : duration [0-9]+' 'FPS: [0-9]+\.[0-9]{2}'
	'URB: ' 'header: ' 'latency: ' 'decode: ' 'raw decode speed: '
	'raw URB handling speed: ' 'throughput: ' 'URB decode CPU usage [0-9]+\.[0-9]{6} %'
	'sync for cpu: ' 'sync for device: ')
unsynced=0
for mode in "${URB_ALLOC_MODES[@]}"; do
	urb_alloc_mode_syncs "$mode" || unsynced=$((unsynced + 1))
done
# 6; a mode 14 and one a report line (one more for a mode never synced); 1
plan $((6 + (14 + ${#labels[@]}) * ${#URB_ALLOC_MODES[@]} + unsynced + 1))

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
check "uvcvideo has the urb_alloc parameter" test -w "$param"
is "$(cat "$param")" noncontiguous "the default mode is noncontiguous"
refute "an unknown mode is refused" bash -c "echo bogus >$param"
vcam_ok "vcam streams YUYV 640x480@30" vcam_start --format yuyv --size 640x480 --fps 30
dir=$(vcam_stats_dir)
check "debugfs statistics directory of the stream" test -r "$dir/stats_raw"

for mode in "${URB_ALLOC_MODES[@]}"; do
	echo "$mode" >"$param"
	out=$(vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -c "$frames" -n "$buffers" \
		--allow-host-reorder 2>&1) && st=0 || st=$?
	# Every frame the camera sent arrives, whole: a lost frame is what a
	# DMA or sync bug of the mode would look like, and on the tests' clock
	# (icount, tests/run) the capture keeps pace with the camera, so no
	# loss has another cause. vcam-verify counts the losses by cause.
	ok "$st" "$mode: vcam-verify passes ($(grep '^frames' <<<"$out"))"
	like "$out" "^frames $frames ok $frames dropped 0 corrupt 0 out-of-order [0-9]+" \
		"$mode: $frames frames captured, every one intact, none lost"
	like "$out" "^dropped: no-buffer 0 other 0$" "$mode: no frame lost, for any cause"
	# uvcvideo itself completes a buffer out of order now and then (its
	# copy work runs on an unbound workqueue): only the camera's order counts.
	like "$out" "out-of-order: camera 0 host-driver [0-9]+" "$mode: in the camera's order"
	[ "$st" -eq 0 ] || diag "$out"
	raw=$(cat "$dir/stats_raw")
	text=$(cat "$dir/stats")
	get() { sed -n "s/^$1=//p" <<<"$raw"; }
	is "$(get mode)" "$mode" "$mode: stats_raw states the mode"
	like "$text" "URB allocation: $mode\$" "$mode: stats states the mode"
	is "$(get streaming)" 0 "$mode: the stream is stopped"
	n=$(get frames)
	b=$(get bytes)
	copied=$((b / frame_bytes))
	# Frames copied beyond those captured went into buffers still queued
	# when the capture stopped: at most one per buffer.
	ok "$([ "$copied" -ge "$frames" ] && [ "$copied" -le $((frames + buffers)) ] && echo 0 || echo 1)" \
		"$mode: $copied whole frames copied ($b bytes) for $frames captured (plus at most $buffers in queued buffers at STREAMOFF)"
	# Upstream counts a frame when the next one starts (FID toggle), and a
	# frame may be cut short by STREAMOFF: the count is within one of the
	# frames copied (none was dropped).
	ok "$([ "$n" -ge $((copied - 1)) ] && [ "$n" -le $((copied + 1)) ] && echo 0 || echo 1)" \
		"$mode: the driver counted $n frames for $copied copied"
	is "$(get errors) $(get invalid)" "0 0" "$mode: stats_raw counts no error and no invalid payload"
	ok "$([ "$(get urb_count)" -gt 0 ] && [ "$(get decode_count)" -gt 0 ] && echo 0 || echo 1)" \
		"$mode: URB and decode intervals were timed"
	if ! urb_alloc_mode_syncs "$mode"; then
		is "$(get sync_cpu_count)" "$(get urb_count)" "$mode: a (no-op) sync per URB is timed"
	fi
	# uvcstat recomputes the text (std included) from the raw figures.
	printf '%s\n' "$raw" >"$VCAM_TMP/stats_raw"
	recomputed=$(uvcstat report "$VCAM_TMP/stats_raw" 2>&1) && st=0 || st=$?
	ok "$st" "$mode: uvcstat reads stats_raw"
	is "$recomputed" "$text" "$mode: stats is exactly what uvcstat derives from stats_raw"
	for label in "${labels[@]}"; do
		like "$text" "^$label" "$mode: the report has a line /^$label/"
	done
	is "$(grep -Ec '^(frames|packets|empty|errors|invalid|pts|scr|sof|bytes|FPS|URB|header|latency|decode|raw decode speed|raw URB handling speed|throughput|URB decode CPU usage|sync for cpu|sync for device|URB allocation)' <<<"$text")" 21 \
		"$mode: the report has the 18 lines of the reference format and the 3 new ones"
done
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing
