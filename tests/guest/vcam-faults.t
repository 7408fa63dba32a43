#!/usr/bin/env bash
# In the guest: vcam's fault options do what they say, and the capture side
# notices: corrupt bytes are caught by the framestamp checksum, frames the
# driver must drop (ERR bit, truncated) show up as dropped, descriptor and
# control faults keep /dev/video0 from appearing, and a disconnect fault
# ends vcam with its summary.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/robust.sh
plan 32

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules

# fault_capture FAULT EVERY [ARG...]: start vcam with the fault, capture 30
# frames by vcam-verify with ARGs added (robust_buffers: every loss must be
# the fault's, none for want of a buffer)
fault_capture() {
	vcam_ok "vcam --fault $1 --fault-every $2: /dev/video0" \
		vcam_start --format yuyv --size 640x480 --fps 60 --fault "$1" --fault-every "$2" --fault-after 3
	out=$(vcam-verify -f yuyv -s 640x480 -r 60 -c 30 -n "$(robust_buffers)" -t 5 "${@:3}" 2>&1) &&
		st=0 || st=$?
	vcam_stop TERM
}

fault_capture random-bytes 10
is "$st" 1 "random-bytes: vcam-verify fails"
like "$out" "^frames 30 ok 2[67] dropped 0 corrupt [34] out-of-order 0" \
	"random-bytes: every 10th frame corrupt, none dropped"
diag "$out"

fault_capture err-bit 2
is "$st" 1 "err-bit: vcam-verify fails"
like "$out" "^frames 30 ok 30 dropped (2[5-9]|3[0-9]) corrupt 0" "err-bit: uvcvideo drops every other frame"
diag "$out"

# With --allow-host-reorder a capture whose frames have gaps at its end
# waits for buffers uvcvideo may complete late: here the gaps are the
# fault's drops and never fill, so the wait must end after one more round
# of the buffers, without counting what it dequeues.
fault_capture err-bit 2 --allow-host-reorder -v
is "$st" 1 "err-bit, --allow-host-reorder: the drops still fail"
like "$out" "^frames 30 ok 30 dropped (2[5-9]|3[0-9]) corrupt 0" \
	"err-bit, --allow-host-reorder: 30 frames counted, as asked"
like "$out" "frame\(s\) missing: waiting for buffers completed out of order" \
	"err-bit, --allow-host-reorder: it waits for late buffers"
unlike "$out" "no frame after" "err-bit, --allow-host-reorder: the wait ends before the timeout"

fault_capture truncate 3
like "$out" "^frames 30 ok 30 dropped (1[2-9]|2[0-9]) corrupt 0" "truncate: uvcvideo drops short frames"
diag "$out"

# every 3rd: with every other frame lost the host would never see FID toggle
fault_capture hdr-len-0 3
like "$out" "^frames 30 ok 30 dropped [1-9][0-9]* corrupt 0" "hdr-len-0: frames are lost, none corrupt"
diag "$out"

# Each fault's probe failure, as uvcvideo logs it.
declare -A probe_fails=([desc-bad-link]='No streaming interface found'
	[stall-probe]='uvcvideo .*: Failed to initialize the device')
for f in desc-bad-link stall-probe; do
	since=$(dmesg_count "${probe_fails[$f]}")
	vcam --fault "$f" >"$VCAM_TMP/vcam.out" 2>&1 &
	VCAM_PID=$!
	vcam_wait_for /sys/bus/usb/devices/1-1 50 || true
	vcam_ok "$f: uvcvideo's probe fails (${probe_fails[$f]#uvcvideo .*: })" \
		vcam_wait_dmesg "$since" "${probe_fails[$f]}"
	[ ! -e /dev/video0 ] && st=0 || st=1
	ok "$st" "$f: uvcvideo creates no /dev/video0"
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$f: vcam still exits 0"
done
like "$(dmesg)" "No streaming interface found" "dmesg: no streaming interface (bad bTerminalLink)"

# uvcvideo checks the endpoint only when streaming starts
vcam_ok "desc-maxp0: /dev/video0" vcam_start --format yuyv --size 640x480 --fault desc-maxp0
out=$(vcam-verify -f yuyv -s 640x480 -c 5 -t 3 2>&1) && st=0 || st=$?
is "$st" 2 "desc-maxp0: streaming fails"
diag "$out"
like "$(dmesg)" "invalid wMaxPacketSize 0" "dmesg: usbcore saw wMaxPacketSize 0"
vcam_stop TERM

vcam_ok "disconnect: /dev/video0" vcam_start --format yuyv --size 640x480 --fps 30 --fault disconnect --fault-after 20
out=$(vcam-verify -f yuyv -s 640x480 -c 100 -t 3 2>&1) && st=0 || st=$?
is "$st" 2 "disconnect: the capture ends with a V4L2 error"
vcam_stop TERM
is "$VCAM_STATUS" 0 "disconnect: vcam exits by itself, status 0"
like "$(cat "$VCAM_TMP/vcam.err")" "stopping \(disconnect fault\)" "and says why"
like "$VCAM_SUMMARY" "^vcam: frames 20 " "after 20 whole frames"
vcam_ok "the device is gone" vcam_wait_gone
done_testing
