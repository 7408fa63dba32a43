#!/usr/bin/env bash
# In the guest: 300 MJPEG frames of 640x480 at 30 fps (real JPEGs with the
# framestamp in a COM segment) through uvcvideo, captured by v4l2-ctl and
# verified by vcam-verify; one captured frame is a complete JPEG.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
plan $((2 + 6 + 5))	# vcam_stream_checks: 6

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
vcam_ok "vcam --format mjpeg --size 640x480 --fps 30: /dev/video0" \
	vcam_start --format mjpeg --size 640x480 --fps 30
vcam_stream_checks mjpeg 640x480 30 300
out=$(vcam-verify -f mjpeg -s 640x480 -c 3 -o "$VCAM_TMP/frame.jpg" 2>&1) && st=0 || st=$?
ok "$st" "capture one JPEG"
[ "$st" -eq 0 ] || diag "$out"
head=$(od -An -tx1 -N6 "$VCAM_TMP/frame.jpg" | tr -d ' ')
is "$head" ffd8fffe0022 "it starts with SOI and the framestamp COM segment"
is "$(tail -c 2 "$VCAM_TMP/frame.jpg" | od -An -tx1 | tr -d ' ')" ffd9 "it ends with EOI"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0 on SIGTERM"
like "$VCAM_SUMMARY" "write-errors 0 " "no write errors"
diag "$VCAM_SUMMARY"
done_testing
