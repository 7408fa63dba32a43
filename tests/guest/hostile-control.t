#!/usr/bin/env bash
# In the guest, in every URB allocation mode: a camera that STALLs the
# streaming interface's probe and commit requests (hostile scenario 5, docs/hostile-devices.md).
#   stall-probe from the start: uvcvideo's probe fails, no /dev/video0 (the
#     device stays enumerated; nothing to stream, so one run covers every
#     mode)
#   then, for each mode, one vcam that stalls once each SET_CUR(PROBE),
#   GET_CUR(PROBE), SET_CUR(COMMIT) and GET_CUR(COMMIT), after the first
#   stream (--fault-after 1 --fault-limit 1): a first stream verifies; the
#   next three captures each fail at their first stalled request (S_FMT's
#   probe, or STREAMON's commit) with a V4L2 error (vcam-verify exits 2);
#   the capture after them streams and verifies again (recovers).
#   uvcvideo 6.1 never sends GET_CUR(VS_COMMIT): vcam stalls it 0 times.
# All four modes in make check too (one vcam a mode).
# Then a clean camera streams in every mode with every frame verified and
# the statistics matching the capture, and uvcvideo unloads.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/hostile-lib.sh
VCAM_TMP=$(mktemp -d)
n=10
# hostile_setup 2, stall-probe 4, 12 a mode, hostile_clean_modes 2 + 7 a
# mode, hostile_healthy 5
plan $((2 + 5 + 12 * ${#URB_ALLOC_MODES[@]} + 2 + 7 * ${#URB_ALLOC_MODES[@]} + 5))

hostile_setup

failed_init='uvcvideo .*: Failed to initialize the device'
since=$(dmesg_count "$failed_init")
vcam --format yuyv --size "$HOSTILE_SIZE" --fault stall-probe >"$VCAM_TMP/vcam.out" 2>&1 &
VCAM_PID=$!
vcam_ok "stall-probe: the device enumerates" vcam_wait_for /sys/bus/usb/devices/1-1 100
vcam_ok "stall-probe: uvcvideo's probe fails (Failed to initialize the device)" \
	vcam_wait_dmesg "$since" "$failed_init"
ok "$([ ! -e /dev/video0 ] && echo 0 || echo 1)" "stall-probe: uvcvideo creates no /dev/video0"
vcam_stop TERM
is "$VCAM_STATUS" 0 "stall-probe: vcam exits 0"
vcam_ok "stall-probe: the device is gone" hostile_usb_gone

stalls="stall-probe-set,stall-probe-get,stall-commit,stall-commit-get"
for mode in "${URB_ALLOC_MODES[@]}"; do
	hostile_mode "$mode"
	vcam_ok "$mode: vcam --fault $stalls: /dev/video0" \
		hostile_vcam -v --fault "$stalls" --fault-after 1 --fault-limit 1
	hostile_capture "$n"
	is "$HOSTILE_ST $HOSTILE_OK" "0 $n" "$mode: the first stream verifies"
	for i in 1 2 3; do
		hostile_capture "$n"
		is "$HOSTILE_ST" 2 "$mode: capture $((i + 1)) fails at a stalled request (V4L2 error)"
		diag "$mode: $(grep -v '^#' <<<"$HOSTILE_OUT" | head -n 2 | tr '\n' ' ')"
	done
	hostile_capture "$n"
	is "$HOSTILE_ST $HOSTILE_OK" "0 $n" "$mode: the stream after the stalls verifies (recovers)"
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$mode: vcam exits 0"
	for f in stall-probe-set stall-probe-get stall-commit; do
		is "$(grep -c "fault $f: STALL" "$VCAM_TMP/vcam.err")" 1 "$mode: $f stalled one request"
	done
	is "$(grep -c "fault stall-commit-get: STALL" "$VCAM_TMP/vcam.err" || true)" 0 \
		"$mode: uvcvideo never asked GET_CUR(VS_COMMIT)"
	vcam_ok "$mode: the device is gone" vcam_wait_gone
done

hostile_clean_modes "$(robust_count 30 10)"
hostile_healthy
done_testing
