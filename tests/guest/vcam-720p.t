#!/usr/bin/env bash
# In the guest: 1280x720 at 30 fps from vcam through uvcvideo.
#  - A freshly started camera (every format and size advertised, its
#    images still being made) and a capture of 100 MJPEG frames right
#    after /dev/video0 appears, as a newcomer's first try: by yavta, the
#    stock tool whose rate counts from STREAMON, at least 29.5 fps; by
#    vcam-verify (camera restarted), the first frame within 0.2 s of
#    STREAMON and every frame verified. 29.5 fps over 100 frames leaves the
#    first frame 0.09 s after STREAMON (100 / 29.5 = 3.390 s, the other 99
#    take 3.300 s); a camera that waited for its formats' images in full
#    sent it about 1 s late (23 fps). Guest time on the tests' icount
#    clock, where the camera's pace is the guest's.
#  - Then 150 frames each of YUYV and MJPEG: v4l2-ctl streams them and
#    vcam-verify checks every frame (0 dropped, 0 corrupt, in order). 150
#    frames, not the 640x480 tests' 300: 5 s of stream uses each of
#    vcam-verify's 8 buffers about 19 times, and a 1280x720 YUYV frame
#    costs the guest three times the bytes.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
plan $((1 + 6 + 6 + 1 + 2 * 6 + 2))	# vcam_verify_checks: 3; vcam_stream_checks: 6

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules

# at_least VALUE MIN: VALUE is a decimal number >= MIN
at_least() { awk -v v="$1" -v m="$2" 'BEGIN { exit !(v != "" && v + 0 >= m + 0) }'; }
at_most() { awk -v v="$1" -v m="$2" 'BEGIN { exit !(v != "" && v + 0 <= m + 0) }'; }

vcam_ok "a fresh vcam (every format and size): /dev/video0" vcam_start
out=$(yavta -c100 -n8 -f MJPEG -s 1280x720 -t 1/30 /dev/video0 2>&1) && st=0 || st=$?
ok "$st" "yavta captures 100 MJPEG 1280x720 frames from the fresh camera"
[ "$st" -eq 0 ] || diag "$out"
rate=$(sed -n 's/^Captured 100 frames in [0-9.]* seconds (\([0-9.]*\) fps.*/\1/p' <<<"$out")
like "$out" "Captured 100 frames in [0-9.]+ seconds" "yavta says how long they took"
at_least "$rate" 29.5 && st=0 || st=1
ok "$st" "yavta reads at least 29.5 fps from STREAMON (${rate:-none} fps)"
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0 on SIGTERM"
like "$VCAM_SUMMARY" "^vcam: frames [0-9]+ .* late 0$" "vcam sent every frame on time ($VCAM_SUMMARY)"

vcam_ok "a fresh vcam again" vcam_start
out=$(vcam-verify -d /dev/video0 -f mjpeg -s 1280x720 -r 30 -c 100 -v -n 8 \
	--allow-host-reorder 2>&1) && st=0 || st=$?
ok "$st" "vcam-verify: 100 MJPEG 1280x720 frames from the fresh camera verified"
vcam_verify_checks "$out" 100
first=$(sed -n 's/^first-frame \([0-9.]*\) s after STREAMON$/\1/p' <<<"$out")
at_most "$first" 0.2 && st=0 || st=1
ok "$st" "the first frame came within 0.2 s of STREAMON (${first:-none} s)"
vcam_stop TERM

vcam_ok "vcam --size 1280x720 --fps 30: /dev/video0" vcam_start --size 1280x720 --fps 30
vcam_stream_checks yuyv 1280x720 30 150
vcam_stream_checks mjpeg 1280x720 30 150
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0 on SIGTERM"
like "$VCAM_SUMMARY" "write-errors 0 " "no write errors"
diag "$VCAM_SUMMARY"
done_testing
