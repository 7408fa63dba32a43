#!/usr/bin/env bash
# In the guest, in every URB allocation mode: the camera goes away while
# streaming (hostile scenario 6, docs/hostile-devices.md).
#   disconnect mid-stream: vcam disconnects halfway through frame 10
#     (--fault disconnect --fault-after 10, in the middle of a bulk
#     transfer); the capture's first 10 frames verify, then it stops with a
#     V4L2 error (vcam-verify exits 2); vcam exits 0 by itself; the device
#     and its nodes go away.
#   a stall with the copy work held: vcam halts its endpoint halfway
#     through frame 10 while a busy CPU holds uvcvideo's copy work off
#     (below): the race the series' handback fix closes.
#   re-plug while the node is open: a shell holds the capture node open
#     (fd 3) while a capture streams; the camera is unplugged (vcam stops)
#     and plugged again (a new vcam) with the old node still open. The
#     capture stops with a V4L2 error; the new camera gets a node of its
#     own and streams frames that all verify; opening the old node again
#     fails; closing the last fd of the old device frees it (the kernel
#     would report a use after free or a leak here under KASAN/kmemleak).
# In make check (the normal kernel) the disconnect runs in two of the
# modes, the stall and the re-plug in the other two (hostile_modes); on
# the debug kernel (make check-debug) each runs in every mode. Then a clean camera streams in every mode with every frame verified and
# the statistics matching the capture, and uvcvideo unloads.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/hostile-lib.sh
VCAM_TMP=$(mktemp -d)
# hostile_setup 2, disconnect 6 a mode, stall with the copy work held 5 a
# mode, re-plug 11 a mode, hostile_clean_modes 2 + 7 a mode, hostile_healthy 5
plan $((2 + 6 * $(hostile_modes 0 | wc -l) + (5 + 11) * $(hostile_modes 1 | wc -l) +
	2 + 7 * ${#URB_ALLOC_MODES[@]} + 5))

hostile_setup
mapfile -t modes < <(hostile_modes 0)
for mode in "${modes[@]}"; do
	hostile_mode "$mode"
	vcam_ok "$mode: vcam --fault disconnect --fault-after 10: /dev/video0" \
		hostile_vcam --fault disconnect --fault-after 10
	hostile_capture 60
	is "$HOSTILE_ST" 2 "$mode: the capture stops with a V4L2 error"
	# Frames 0-9 are sent whole before the disconnect, halfway through
	# frame 10, and the capture (on guest time, like the camera) has
	# dequeued each before the next ends: all 10 verify, none lost. A
	# frame completed but not yet dequeued when the device goes would be
	# lost (DQBUF then fails with ENODEV), and fails this.
	is "$HOSTILE_OK $HOSTILE_DROPPED $HOSTILE_CORRUPT" "10 0 0" \
		"$mode: the 10 frames before the disconnect verify, none lost"
	diag "$mode: $(grep -v '^#' <<<"$HOSTILE_OUT" | head -n 3 | tr '\n' ' ')"
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$mode: vcam exits 0 by itself"
	like "$(cat "$VCAM_TMP/vcam.err")" "stopping \(disconnect fault\)" "$mode: and says why"
	vcam_ok "$mode: the device and its nodes are gone" vcam_wait_gone
done

# A stall in the middle of a frame with uvcvideo's copy work held off:
# unbound workqueues on CPU 1 only, this shell (and so vcam and the
# capture) on CPU 0, and vcam keeping CPU 1 busy at SCHED_FIFO for 0.5 s
# from the start of frame 10 (--busy-cpu). Frame 10's first URBs are
# decoded into a buffer whose copy work then waits; vcam halts its endpoint
# (ep-stall), the URB in flight fails with -EPIPE and the cancel returns
# the buffers, that one included, which the capture queues again at once.
# The series' fix (6.1 0012) keeps that buffer until the work has dropped
# its reference; without it the work completes the buffer while it is
# queued again: the capture gets a corrupt frame, the kernel a warning or
# an Oops. The capture then gets nothing (-t 3) and stops; the next one,
# after the STREAMOFF that cleared the halt, streams clean frames. Not the
# disconnect: unbinding the gadget waits for unbound work, which the busy
# CPU holds too, so the URBs failed only once the copy work had run.
hold_copy_work_begin() {
	HOLD_WQ_MASK=$(cat /sys/devices/virtual/workqueue/cpumask)
	HOLD_AFFINITY=$(taskset -p $$ | awk '{ print $NF }')
	echo 2 >/sys/devices/virtual/workqueue/cpumask
	taskset -p 1 $$ >/dev/null
}
hold_copy_work_end() {
	taskset -p "$HOLD_AFFINITY" $$ >/dev/null
	echo "$HOLD_WQ_MASK" >/sys/devices/virtual/workqueue/cpumask
}
mapfile -t modes < <(hostile_modes 1)
for mode in "${modes[@]}"; do
	hostile_mode "$mode"
	hold_copy_work_begin
	vcam_ok "$mode: vcam --fault ep-stall --fault-after 10 --fault-limit 1 --busy-cpu 1,500" \
		hostile_vcam --fault ep-stall --fault-after 10 --fault-limit 1 --busy-cpu 1,500
	hostile_capture 60
	is "$HOSTILE_ST" 2 "$mode, stall with the copy work held: the capture stops (no frame after it)"
	is "$HOSTILE_OK $HOSTILE_DROPPED $HOSTILE_CORRUPT" "10 0 0" \
		"$mode, stall with the copy work held: the 10 frames before it verify, nothing else arrives as a frame"
	diag "$mode, stall with the copy work held: $(grep -v '^#' <<<"$HOSTILE_OUT" | head -n 3 | tr '\n' ' ')"
	hostile_capture 20
	is "$HOSTILE_ST $HOSTILE_OK $HOSTILE_CORRUPT" "0 20 0" "$mode: after the stall, the next capture's frames all verify"
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$mode, stall: vcam exits 0"
	hold_copy_work_end
done

for mode in "${modes[@]}"; do
	hostile_mode "$mode"
	vcam_ok "$mode: vcam: /dev/video0" hostile_vcam
	exec 3<>/dev/video0
	vcam-verify -d /dev/video0 -f yuyv -s "$HOSTILE_SIZE" -r "$HOSTILE_FPS" -c 600 -t 3 \
		-n "$HOSTILE_BUFFERS" -v --allow-host-reorder >"$VCAM_TMP/capture.out" 2>&1 &
	capture=$!
	vcam_ok "$mode: the capture streams before the unplug" vcam_wait_streaming 2 "$capture"
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$mode: unplugged mid-stream (vcam stopped)"
	st=0
	wait "$capture" || st=$?
	is "$st" 2 "$mode: the capture stops with a V4L2 error"
	like "$(cat "$VCAM_TMP/capture.out")" "^frames [0-9]+ ok [0-9]+ dropped 0 corrupt 0" \
		"$mode: what it captured before verifies, none lost"
	diag "$mode: $(grep -m1 '^frames' "$VCAM_TMP/capture.out")"
	vcam_ok "$mode: plugged again with the old node open" hostile_vcam_any
	HOSTILE_DEV=$(hostile_capture_node) || HOSTILE_DEV=/dev/none
	ok "$([ -e "$HOSTILE_DEV" ] && echo 0 || echo 1)" "$mode: the new camera has its node ($HOSTILE_DEV)"
	hostile_capture 20
	is "$HOSTILE_ST $HOSTILE_OK $HOSTILE_CORRUPT" "0 20 0" "$mode: the new camera's frames all verify"
	refute "$mode: the old node cannot be opened again" v4l2-ctl -d "/proc/$$/fd/3" -D
	exec 3>&-
	HOSTILE_DEV=/dev/video0
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$mode: the second vcam exits 0"
	vcam_ok "$mode: every node is gone" hostile_usb_gone
done

hostile_clean_modes "$(robust_count 30 10)"
hostile_healthy
done_testing
