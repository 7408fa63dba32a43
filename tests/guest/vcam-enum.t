#!/usr/bin/env bash
# In the guest: vcam (the virtual bulk UVC camera) explains a missing
# raw_gadget, then with the modules loaded the stock uvcvideo binds to it,
# /dev/video0 lists exactly the advertised formats, sizes and intervals,
# /dev/video1 its metadata format, and SIGTERM disconnects the device and
# prints the summary.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
plan 24

out=$(vcam 2>&1) && st=0 || st=$?
is "$st" 1 "vcam without raw_gadget exits 1"
like "$out" "modprobe raw_gadget" "and names the missing module"
out=$(vcam --size 100x 2>&1) && st=0 || st=$?
is "$st" 2 "a bad --size exits 2"
like "$out" "accepted: WxH" "and says what is accepted"

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
# the probe's trace level (UVC_DBG_PROBE): uvcvideo prints the chain it found
echo 1 >/sys/module/uvcvideo/parameters/trace
vcam_ok "/dev/video0 appears" vcam_start
echo 0 >/sys/module/uvcvideo/parameters/trace
like "$(dmesg)" "Found UVC 1.10 device vcam virtual UVC camera \(1d6b:0102\)" "uvcvideo found the UVC 1.10 camera"
# uvcvideo names a streaming output terminal by its ID with
# UVC_TERM_OUTPUT (0x8000) in 6.1.192 and 7.3.4 (uvc_parse_standard_control():
# "id |= UVC_TERM_OUTPUT", a separate ID namespace for them); 6.12.118's has
# no such line and prints the plain ID.
case $(uname -r) in
6.12.*) like "$(dmesg)" "Found a valid video chain \(1 -> 2\)" \
	"the chain from the camera (1) to the streaming terminal (2; 6.12: no 0x8000 namespace)" ;;
*) like "$(dmesg)" "Found a valid video chain \(1 -> 32770\)" \
	"the chain from the camera (1) to the streaming terminal (2, 0x8000 | 2)" ;;
esac
like "$(v4l2-ctl -d /dev/video0 -D)" "Driver name +: uvcvideo" "the driver is uvcvideo"

expect=$(
	printf 'ioctl: VIDIOC_ENUM_FMT\n\tType: Video Capture\n\n'
	i=0
	for f in "'YUYV' (YUYV 4:2:2)" "'MJPG' (Motion-JPEG, compressed)"; do
		printf '\t[%d]: %s\n' "$i" "$f"
		for s in 640x480 1280x720 1920x1080; do
			printf '\t\tSize: Discrete %s\n' "$s"
			printf '\t\t\tInterval: Discrete 0.017s (60.000 fps)\n'
			printf '\t\t\tInterval: Discrete 0.033s (30.000 fps)\n'
		done
		i=$((i + 1))
	done
)
got=$(v4l2-ctl -d /dev/video0 --list-formats-ext)
is "$got" "$expect" "--list-formats-ext: YUYV and MJPG, 3 sizes each, 60 and 30 fps"
[ "$got" = "$expect" ] || diag "$got"

# The timestamp clock parameter: a name, with or without "clock_".
clock=/sys/module/uvcvideo/parameters/clock
printf clock_monotonic >"$clock" && st=0 || st=$?
is "$st:$(cat "$clock")" "0:CLOCK_MONOTONIC" "the clock parameter takes clock_monotonic"
printf realtime >"$clock" && st=0 || st=$?
is "$st:$(cat "$clock")" "0:CLOCK_REALTIME" "and realtime"
(printf boottime >"$clock") 2>/dev/null && st=0 || st=$?
is "$st:$(cat "$clock")" "1:CLOCK_REALTIME" "and refuses boottime, unchanged"
# echo's newline is part of the value: uvcvideo compares the whole of it
# (strcasecmp) and refuses "monotonic\n"
(echo monotonic >"$clock") 2>/dev/null && st=0 || st=$?
is "$st:$(cat "$clock")" "1:CLOCK_REALTIME" "and refuses 'echo monotonic', newline and all"

# The metadata node: its one format, UVC payload headers (uvc_metadata.c).
like "$(v4l2-ctl -d /dev/video1 --list-formats-meta 2>&1)" "\[0\]: 'UVCH'" \
	"/dev/video1 lists the UVC payload header metadata format"
like "$(v4l2-ctl -d /dev/video1 --get-fmt-meta 2>&1)" "Sample Format +: 'UVCH'" "and has it set"
out=$(v4l2-ctl -d /dev/video1 --try-fmt-meta=UVCH --set-fmt-meta=UVCH --get-fmt-meta 2>&1) && st=0 || st=$?
ok "$st" "it takes UVCH to try and to set ($(grep -m1 'Buffer Size' <<<"$out" | xargs))"

vcam_stop TERM
is "$VCAM_STATUS" 0 "SIGTERM: vcam exits 0"
like "$VCAM_SUMMARY" "^vcam: frames [0-9]+ bytes [0-9]+ time [0-9.]+ fps [0-9.]+ MB/s [0-9.]+ write-errors 0 restarts" "and prints the summary"
vcam_ok "the device disconnects (/dev/video0 goes away)" vcam_wait_gone

vcam_ok "a second vcam run binds again" vcam_start --format mjpeg --size 1280x720 --fps 60
got=$(v4l2-ctl -d /dev/video0 --list-formats-ext)
like "$got" "'MJPG'" "MJPG only"
unlike "$got" "YUYV|640x480|30.000" "no YUYV, no other size, no 30 fps"
vcam_stop INT
is "$VCAM_STATUS" 0 "SIGINT: vcam exits 0"
done_testing
