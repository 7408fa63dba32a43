#!/usr/bin/env bash
# In the guest: 150 frames of 1280x720 at 30 fps, YUYV then MJPEG, from
# vcam through uvcvideo: v4l2-ctl streams them and vcam-verify checks every
# frame (0 dropped, 0 corrupt, in order). 150 frames, not the 640x480
# tests' 300: 5 s of stream uses each of vcam-verify's 8 buffers about 19
# times, and a 1280x720 YUYV frame costs the guest three times the bytes.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
plan $((2 + 2 * 6 + 2))	# vcam_stream_checks: 6

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
vcam_ok "vcam --size 1280x720 --fps 30: /dev/video0" vcam_start --size 1280x720 --fps 30
vcam_stream_checks yuyv 1280x720 30 150
vcam_stream_checks mjpeg 1280x720 30 150
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0 on SIGTERM"
like "$VCAM_SUMMARY" "write-errors 0 " "no write errors"
diag "$VCAM_SUMMARY"
done_testing
