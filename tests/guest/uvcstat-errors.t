#!/usr/bin/env bash
# In the guest: every error of `uvcstat run` that can be provoked, each one
# line on stderr, nothing on stdout, its documented exit status: no such
# device, not a V4L2 capture device, device busy, format and frame rate
# refused (with what the device offers), debugfs unmounted, statistics
# missing, the camera gone mid-capture, corrupt frames; and `trace` in the
# arm64 build (without libtracecmd).
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc

vcam_modules && st=0 || st=$?
[ "$st" -eq 0 ] || { echo "1..1"; echo "not ok 1 - modprobe dummy_hcd raw_gadget uvcvideo"; exit 1; }
[ -e "$param" ] || skip_all "no $param: kernel without the uvcdma series"
plan $((4 * 15 + 6))	# 15 failures of 4 tests each

# fails CODE REGEX NAME ARGS...: uvcstat exits CODE with one line matching REGEX.
fails() {
	local code=$1 regex=$2 name=$3 st
	shift 3
	# No timeout here: on the tests' clock (icount, sleep=off) guest time
	# jumps to the next timer while a vCPU waits for the host, and the
	# first run of uvcstat, read over 9p, once spent 60 s of guest time
	# (exit 124). A hang is the watchdog's (tests/exec's --timeout).
	uvcstat "$@" >"$VCAM_TMP/out" 2>"$VCAM_TMP/err" && st=0 || st=$?
	is "$st" "$code" "$name: exit $code"
	like "$(cat "$VCAM_TMP/err")" "^uvcstat: .*$regex" "$name: says why"
	is "$(wc -l <"$VCAM_TMP/err")" 1 "$name: one line on stderr"
	is "$(wc -c <"$VCAM_TMP/out")" 0 "$name: nothing on stdout"
}

fails 7 "/dev/video0: no such device" "no camera yet" run
fails 7 "/dev/video9: no such device" "a node that does not exist" run -d /dev/video9
fails 8 "/dev/null: not a V4L2 device" "/dev/null" run -d /dev/null
vcam_ok "vcam streams YUYV and MJPEG, 640x480, 30 and 60 fps" vcam_start --size 640x480 --fps 30,60
fails 8 "/dev/video1: not a V4L2 video capture device \\(uvcvideo 'vcam virtual UVC camera': a metadata node\\)" \
	"uvcvideo's metadata node" run -d /dev/video1
fails 11 "YUYV 333x222 refused; the device offers YUYV 640x480@60,30; MJPG 640x480@60,30" \
	"a size the camera does not offer" run -s 333x222
fails 11 "YUYV 640x480 at 25 fps refused; the device offers YUYV 640x480@60,30; MJPG 640x480@60,30" \
	"a frame rate the camera does not offer" run -r 25
fails 11 "NV12 640x480 refused; the device offers YUYV 640x480@60,30; MJPG 640x480@60,30" \
	"a format the camera does not offer" run -f NV12

v4l2-ctl -d /dev/video0 --stream-mmap --stream-count=100000 --stream-to=/dev/null >/dev/null 2>&1 &
busy=$!
# Until it streams ("sleep 2" ended before v4l2-ctl started: seen on the
# icount clock, vcam_wait_streaming says why).
vcam_wait_streaming 1 "$busy" || true
fails 10 "/dev/video0: device busy" "another program streaming" run -c 10
kill "$busy" 2>/dev/null || true
wait "$busy" 2>/dev/null || true

umount /sys/kernel/debug
fails 12 "debugfs is not mounted on /sys/kernel/debug: mount -t debugfs none /sys/kernel/debug" \
	"debugfs unmounted" run -c 10
mount -t debugfs none /sys/kernel/debug
check "debugfs mounted again: run works" uvcstat run -c 10
# An unprivileged user (nobody's ids, no supplementary group) through
# coreutils' chroot --userspec: the lab kernel has no user namespaces.
chmod 666 /dev/video0
chroot --userspec=65534:65534 --groups=65534 / uvcstat run -c 10 \
	>"$VCAM_TMP/out" 2>"$VCAM_TMP/err" && st=0 || st=$?
is "$st" 12 "unprivileged: exit 12"
like "$(cat "$VCAM_TMP/err")" "^uvcstat: /sys/kernel/debug/usb/uvcvideo: no permission to read the uvcvideo statistics \\(run as root\\)$" \
	"unprivileged: says why"

fake=$VCAM_TMP/debugfs
dir=$(vcam_stats_dir)
mkdir -p "$fake/usb/uvcvideo"
fails 13 "$fake/usb/uvcvideo/${dir##*/}: no statistics directory for video0" \
	"no statistics directory (--debugfs elsewhere)" run -c 10 --debugfs "$fake"
mkdir -p "$fake/usb/uvcvideo/${dir##*/}"
cp "$dir/stats" "$fake/usb/uvcvideo/${dir##*/}/stats"
fails 13 "stats_raw: missing: this kernel lacks the uvcdma patch series \\(its patch 'media: uvcvideo: Add URB timing statistics to debugfs'" \
	"a directory with upstream's stats only" run -c 10 --debugfs "$fake"
rm -r "$fake/usb"
fails 12 "debugfs is not mounted on $fake" "--debugfs on a directory that is not debugfs" \
	run -c 10 --debugfs "$fake"

# The camera goes once the capture streams.
(vcam_wait_streaming 2 && kill -TERM "$VCAM_PID") &
killer=$!
fails 14 "/dev/video0: " "the camera disconnects mid-capture" run -c 100000 --timeout 5
wait "$killer" || true
vcam_stop TERM
vcam_wait_gone || true

vcam_ok "vcam with a random-bytes fault on every frame after 5" \
	vcam_start --size 640x480 --fault random-bytes --fault-after 5 --seed 7
fails 15 "/dev/video0: frames failed verification: [0-9]+ corrupt" "corrupt frames" run -c 20
out=$(uvcstat run -c 20 --no-verify 2>&1) && st=0 || st=$?
ok "$st" "--no-verify: the same stream reports"
vcam_stop TERM

fails 6 "trace: this uvcstat is built without libtracecmd" "trace in the arm64 build" trace x.dat
done_testing
