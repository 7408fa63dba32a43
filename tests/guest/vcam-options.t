#!/usr/bin/env bash
# In the guest: vcam's other options work end to end: PTS/SCR headers with
# several payloads per frame (--payload-size), a size outside the presets,
# --frames (vcam stops and disconnects by itself), vcam-verify's handling
# of uvcvideo's nodrop parameter and of buffers flagged ERROR, and
# SuperSpeed (dummy_hcd is_super_speed=1).
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
plan 42	# vcam_verify_checks: 3 tests, vcam_stream_checks: 6

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules

vcam_ok "vcam --pts --scr --payload-size 16384: /dev/video0" \
	vcam_start --format yuyv,mjpeg --size 640x480 --fps 60 --pts --scr --payload-size 16384
for fmt in yuyv mjpeg; do
	out=$(vcam-verify -f "$fmt" -s 640x480 -r 60 -c 60 -n 8 --allow-host-reorder 2>&1) &&
		st=0 || st=$?
	ok "$st" "$fmt in 16384-byte payloads with PTS and SCR: 60 frames verified"
	vcam_verify_checks "$out" 60
done
stats=$(cat /sys/kernel/debug/usb/uvcvideo/*/stats 2>/dev/null || true)
like "$stats" "pts: 0 early, [0-9]+ initial, [1-9][0-9]* ok" "uvcvideo saw the PTS"
# vcam's SCR.SOF is its frame clock in milliseconds modulo 2048, so the
# stream's SOF range lies in those 11 bits and the SOF frequency estimate
# is 1 kHz, less the frame in progress at STREAMOFF that the counters
# leave out: at most one 60 fps frame interval (17 ms) over the 60 frames
# captured (about 1 s), and 10 ms of slack for the clocks' integer ms.
sof=$(printf '%s\n' "$stats" | sed -n 's/^sof: \([0-9]*\) <= sof <= \([0-9]*\), freq \([0-9]*\)\.\([0-9]*\) kHz$/\1 \2 \3\4/p')
read -r min_sof max_sof freq_hz <<<"${sof:-x x x}"
ok "$([[ $min_sof =~ ^[0-9]+$ && $max_sof =~ ^[0-9]+$ ]] && [ "$min_sof" -le "$max_sof" ] &&
	[ "$max_sof" -le 2047 ] && echo 0 || echo 1)" "uvcvideo saw the SCR: SOF range within 11 bits (${sof:-no sof line})"
ok "$([[ $freq_hz =~ ^[0-9]+$ ]] && [ "$((10#$freq_hz))" -ge 973 ] && [ "$((10#$freq_hz))" -le 1010 ] &&
	echo 0 || echo 1)" "SOF frequency estimate 0.973-1.010 kHz (${sof:-no sof line})"
vcam_stop TERM
vcam_ok "device gone" vcam_wait_gone

# Free-running, the camera outruns the capture (the test provokes it):
# uvcvideo drops the frames that find no queued buffer, and its copy work
# may complete buffers out of order. Every loss must be of that cause;
# corruption, a loss of any other cause or the camera's order broken fail.
vcam_ok "uvcvideo nodrop=0 (7.3's default is 1)" uvcvideo_nodrop 0
out=$(vcam-verify --allow-no-buffer-drops 10 2>&1) && st=0 || st=$?
is "$st" 2 "with nodrop=0, vcam-verify --allow-no-buffer-drops refuses to run (exit 2)"
like "$out" "needs uvcvideo's nodrop=1" "and says why"
vcam_ok "uvcvideo nodrop=1" uvcvideo_nodrop 1
vcam_ok "vcam --size 320x240 --fps free --frames 50: /dev/video0" \
	vcam_start --format yuyv --size 320x240 --fps free --frames 50
out=$(vcam-verify -v -f yuyv -s 320x240 -r 0 -c 100 -t 3 -n 8 --allow-host-reorder \
	--allow-no-buffer-drops 100 2>&1) && st=0 || st=$?
is "$st" 2 "the capture ends when the camera goes away"
like "$out" "^frames [0-9]+ ok [0-9]+ dropped [0-9]+ corrupt 0 out-of-order [0-9]+" \
	"every frame captured is intact"
like "$out" "out-of-order: camera 0 " "in the camera's order"
like "$out" "^dropped: no-buffer [0-9]+ other 0$" "frames lost only for lack of a queued buffer"
captured=$(sed -n 's/^frames \([0-9]*\) ok [0-9]* dropped \([0-9]*\) .*/\1 \2/p' <<<"$out")
ok "$([ -n "$captured" ] && [ $((${captured% *} + ${captured#* })) -le 50 ] && echo 0 || echo 1)" \
	"captured plus dropped ($captured) is no more than the 50 frames sent"
diag "$out"
vcam_stop TERM
like "$VCAM_SUMMARY" "^vcam: frames 50 " "vcam sent 50 frames"
like "$(cat "$VCAM_TMP/vcam.err")" "stopping \(--frames reached\)" "and stopped by itself"
vcam_ok "device gone" vcam_wait_gone

# A camera whose every frame is bad, with nodrop=1: buffers keep coming
# back, every one flagged ERROR, and no frame; vcam-verify gives up after
# its timeout as if nothing came (a count of flagged buffers cannot be the
# limit: a frame whose FID toggles every payload fills one each).
vcam_ok "vcam --fault err-bit --fault-every 1: /dev/video0" \
	vcam_start --format yuyv --size 320x240 --fps 60 --fault err-bit --fault-every 1
out=$(vcam-verify -f yuyv -s 320x240 -r 60 -c 10 -t 1 2>&1) && st=0 || st=$?
is "$st" 2 "every frame bad: vcam-verify gives up (exit 2)"
like "$out" "no frame after 1 s \(0 of 10\), [1-9][0-9]* buffers flagged ERROR" \
	"and says no frame came in 1 s, only buffers flagged ERROR"
vcam_stop TERM
vcam_ok "device gone" vcam_wait_gone
vcam_ok "uvcvideo nodrop=0 again" uvcvideo_nodrop 0

vcam_ok "modprobe -r dummy_hcd; modprobe dummy_hcd is_super_speed=1" \
	bash -c 'modprobe -r dummy_hcd && modprobe dummy_hcd is_super_speed=1'
vcam_ok "vcam --speed super: /dev/video0" vcam_start --speed super --format yuyv --size 640x480 --fps 30
like "$(dmesg)" "new SuperSpeed USB device number [0-9]+ using dummy_hcd" "enumerated at SuperSpeed"
vcam_stream_checks yuyv 640x480 30 100
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing
