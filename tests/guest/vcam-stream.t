#!/usr/bin/env bash
# In the guest: 300 frames of YUYV 640x480 at 30 fps from vcam through the
# stock uvcvideo, captured by v4l2-ctl and by vcam-verify (every frame's
# sequence number and checksum checked: 0 dropped, 0 corrupt, in order).
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
plan $((2 + 6 + 2))	# vcam_stream_checks: 6

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
vcam_ok "vcam --format yuyv --size 640x480 --fps 30: /dev/video0" \
	vcam_start --format yuyv --size 640x480 --fps 30
vcam_stream_checks yuyv 640x480 30 300
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0 on SIGTERM"
like "$VCAM_SUMMARY" "write-errors 0 " "no write errors"
diag "$VCAM_SUMMARY"
done_testing
