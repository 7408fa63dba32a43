#!/usr/bin/env bash
# In the guest: cameras with malformed descriptors (hostile scenario 7, docs/hostile-devices.md).
# Each fault's expected outcome:
#   desc-bad-length   YUYV format descriptor one byte short: uvcvideo 6.1
#                     checks what is left of the configuration, not
#                     bLength, and reads the next descriptor's first byte
#                     as bCopyProtect: /dev/video0 appears, YUYV streams
#                     and verifies in every mode
#   desc-frame-short  frame descriptors 4 bytes shorter than their 2
#                     intervals need: the same (the second interval is
#                     read from the next descriptor), YUYV streams at
#                     60 fps and verifies in every mode
#   desc-bad-link     bTerminalLink names no terminal: no streaming
#                     interface found, no /dev/video0
#   desc-total-short  wTotalLength cuts the endpoint off: /dev/video0
#                     appears, STREAMON fails (no endpoint) in every mode
#   desc-maxp0        bulk endpoint with wMaxPacketSize 0: /dev/video0
#                     appears, STREAMON fails in every mode
#   desc-no-frames    the MJPEG format has no frame: it is listed without
#                     sizes, S_FMT to it fails (EINVAL), YUYV streams and
#                     verifies in every mode
# In make check (the normal kernel) each streaming fault runs in two of the
# modes (hostile_modes), on the debug kernel (make check-debug) in every
# mode. Every camera unplugs cleanly. Then the seeded mutator: 10 seeds (60 on
# the debug kernel, make check-debug; `make fuzz-desc` runs any number) each
# plugged, probed, streamed when it can and unplugged
# (tests/fuzz/desc-seeds.sh). Then a clean camera streams in every mode
# with every frame verified and the statistics matching the capture, and
# uvcvideo unloads.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/hostile-lib.sh
VCAM_TMP=$(mktemp -d)
# hostile_setup 2; the faults: one for each mode of the 5 items that
# stream (hostile_modes 0 to 4), and 6 (3 for each of 2 faults), 5, 6 + 1,
# 7; desc-fuzz and desc-gen 1 each; hostile_clean_modes 2 + 7 a mode;
# hostile_healthy 5
m=0
for k in 0 1 2 3 4; do m=$((m + $(hostile_modes "$k" | wc -l))); done
plan $((2 + m + 6 + 5 + 6 + 1 + 7 + 2 + 2 + 7 * ${#URB_ALLOC_MODES[@]} + 5))

hostile_setup

# plug FAULT: vcam with the fault, until uvcvideo had its chance to probe
plug() {
	vcam --format yuyv,mjpeg --size "$HOSTILE_SIZE" --fps 30,60 --fault "$1" \
		>"$VCAM_TMP/vcam.out" 2>"$VCAM_TMP/vcam.err" &
	VCAM_PID=$!
	vcam_wait_for /sys/bus/usb/devices/1-1 100 || return 1
	vcam_wait_for /dev/video0 20 || true
	vcam_wait_for /dev/video1 10 || true
}

unplug() {
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$1: vcam exits 0"
	vcam_ok "$1: the device is gone" hostile_usb_gone
}

k=0
for f in desc-bad-length desc-frame-short; do
	vcam_ok "$f: /dev/video0" plug "$f"
	mapfile -t modes < <(hostile_modes "$k")
	k=$((k + 1))
	for mode in "${modes[@]}"; do
		hostile_mode "$mode"
		hostile_capture 10
		is "$HOSTILE_ST $HOSTILE_OK $HOSTILE_CORRUPT" "0 10 0" "$f, $mode: YUYV streams and verifies"
	done
	unplug "$f"
done

f=desc-bad-link
vcam_ok "$f: the device enumerates" plug "$f"
ok "$([ ! -e /dev/video0 ] && echo 0 || echo 1)" "$f: uvcvideo creates no /dev/video0"
unplug "$f"
like "$(dmesg)" "No streaming interface found" "dmesg: no streaming interface (bad bTerminalLink)"

for f in desc-total-short desc-maxp0; do
	vcam_ok "$f: /dev/video0" plug "$f"
	mapfile -t modes < <(hostile_modes "$k")
	k=$((k + 1))
	for mode in "${modes[@]}"; do
		hostile_mode "$mode"
		hostile_capture 5
		is "$HOSTILE_ST" 2 "$f, $mode: streaming fails with a V4L2 error"
		diag "$f, $mode: $(grep -v '^#' <<<"$HOSTILE_OUT" | head -n 2 | tr '\n' ' ')"
	done
	unplug "$f"
done
like "$(dmesg)" "invalid wMaxPacketSize 0" "dmesg: usbcore saw wMaxPacketSize 0"

f=desc-no-frames
vcam_ok "$f: /dev/video0" plug "$f"
mapfile -t modes < <(hostile_modes "$k")
k=$((k + 1))
formats=$(v4l2-ctl -d /dev/video0 --list-formats-ext 2>&1 || true)
like "$formats" "'YUYV'" "$f: YUYV is listed"
like "$(grep -A1 "'MJPG'" <<<"$formats")" "MJPG.*\)$" "$f: MJPEG is listed, with no size"
unlike "$(grep -A1 "'MJPG'" <<<"$formats")" "Size" "$f: (none after it)"
refute "$f: S_FMT to MJPEG fails" v4l2-ctl -d /dev/video0 --set-fmt-video=width=320,height=240,pixelformat=MJPG
for mode in "${modes[@]}"; do
	hostile_mode "$mode"
	hostile_capture 10
	is "$HOSTILE_ST $HOSTILE_OK $HOSTILE_CORRUPT" "0 10 0" "$f, $mode: YUYV streams and verifies"
done
unplug "$f"

seeds=$(robust_count 60 10)
for fault in desc-fuzz desc-gen; do
	out=$(bash tests/fuzz/desc-seeds.sh 1 "$seeds" "$fault" 2>&1) && st=0 || st=$?
	ok "$st" "$fault: $seeds seeds plugged, probed and unplugged"
	diag "$(grep -E "^# $fault|^not ok" <<<"$out")"
	[ "$st" -eq 0 ] || diag "$out"
done

modprobe uvcvideo
hostile_clean_modes "$(robust_count 30 10)"
hostile_healthy
done_testing
