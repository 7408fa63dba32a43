#!/usr/bin/env bash
# Scenario 9, in the guest: the stream's and the module's life cycles in
# every allocation mode.
#  - 50 stream start/stop cycles (8 on the normal kernel), the modes in
#    turn: each stream verifies and its statistics name its mode;
#  - the mode changed while a stream runs applies to the next stream only;
#  - 20 uvcvideo unload/reload cycles (3 on the normal kernel) with the
#    camera attached, each reload with the next mode as its module
#    parameter: the camera binds again, the parameter holds, and a stream
#    verifies afterwards.
# Expected: every stream verifies, no kernel report (qemu/splat-scan), a
# kmemleak scan clean afterwards, the kernel healthy.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/robust.sh
. tools/common/urb_alloc_modes.sh
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
nmodes=${#URB_ALLOC_MODES[@]}
cycles=$(robust_count 50 8)
reloads=$(robust_count 20 3)
# 2; the cycles 2, a mode set while streaming 7, the reloads 4;
# kmemleak_end 1, kernel_healthy 3
plan $((2 + 2 + 7 + 4 + 1 + 3))

capture() { robust_capture "$1"; }
raw_get() { sed -n "s/^$1=//p" "$(vcam_stats_dir)/stats_raw"; }

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
kmemleak_begin
vcam_ok "vcam streams YUYV 640x480@30" vcam_start --format yuyv --size 640x480 --fps 30

failed=0 wrong_mode=0
for ((i = 0; i < cycles; i++)); do
	mode=${URB_ALLOC_MODES[i % nmodes]}
	echo "$mode" >"$param"
	capture 5
	[ "$st" -eq 0 ] || { failed=$((failed + 1)); diag "cycle $i ($mode): $out"; }
	got=$(raw_get mode)
	[ "$got" = "$mode" ] || { wrong_mode=$((wrong_mode + 1)); diag "cycle $i: stats_raw says $got, set $mode"; }
done
is "$failed" 0 "$cycles start/stop cycles, the modes in turn: every stream verifies"
is "$wrong_mode" 0 "$cycles start/stop cycles: each stream's statistics name the mode it was started in"

# A mode set while streaming is for the next stream.
first=${URB_ALLOC_MODES[0]} second=${URB_ALLOC_MODES[1]}
echo "$first" >"$param"
(capture 150; printf '%s\n' "$out" >"$VCAM_TMP/long.out"; exit "$st") &
capture_pid=$!
for ((i = 0; i < 200; i++)); do
	[ "$(raw_get streaming)" = 1 ] && [ "$(raw_get frames)" -gt 2 ] && break
	sleep 0.1
done
is "$(raw_get streaming)" 1 "a stream in $first runs"
echo "$second" >"$param"
is "$(cat "$param")" "$second" "the parameter changes to $second while streaming"
sleep 1
is "$(raw_get mode)" "$first" "the running stream keeps $first"
wait "$capture_pid" && st=0 || st=$?
ok "$st" "the stream in $first verifies to its end"
[ "$st" -eq 0 ] || diag "$(cat "$VCAM_TMP/long.out")"
is "$(raw_get mode)" "$first" "its statistics still name $first after STREAMOFF"
capture 10
ok "$st" "the next stream verifies"
is "$(raw_get mode)" "$second" "the next stream runs in $second"

# Unload and reload uvcvideo with the camera attached.
failed=0
for ((i = 0; i < reloads; i++)); do
	mode=${URB_ALLOC_MODES[i % nmodes]}
	if ! modprobe -r uvcvideo; then
		failed=$((failed + 1)); diag "reload $i: modprobe -r uvcvideo failed"; continue
	fi
	vcam_wait_gone || { failed=$((failed + 1)); diag "reload $i: /dev/video0 stayed"; }
	modprobe uvcvideo "urb_alloc=$mode" || { failed=$((failed + 1)); diag "reload $i: modprobe failed"; continue; }
	vcam_wait_for /dev/video0 300 || { failed=$((failed + 1)); diag "reload $i: no /dev/video0"; continue; }
	vcam_wait_for /dev/video1 20 || true
	[ "$(cat "$param")" = "$mode" ] || { failed=$((failed + 1)); diag "reload $i: parameter $(cat "$param"), wanted $mode"; }
done
is "$failed" 0 "$reloads uvcvideo unload/reload cycles with the camera attached, each mode as module parameter"
capture 30
ok "$st" "after the reloads, a stream verifies"
[ "$st" -eq 0 ] || diag "$out"
is "$(raw_get mode)" "$(cat "$param")" "and runs in the reloaded module's mode"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
kmemleak_end "life cycles"
kernel_healthy "life cycles"
done_testing
