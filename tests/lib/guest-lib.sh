# shellcheck shell=bash
# Helpers of the vcam guest tests and the benchmark (sourced, in the guest):
#   vcam_modules                 modprobe dummy_hcd raw_gadget uvcvideo
#   vcam_start ARGS...           start vcam in the background, wait for /dev/video0
#   vcam_stop [SIGNAL]           stop it (default TERM); sets VCAM_STATUS, VCAM_SUMMARY
#   vcam_wait_gone               wait until /dev/video0 has gone (device disconnected)
#   dmesg_count REGEX            how many kernel log lines match REGEX
#   vcam_wait_dmesg SINCE REGEX  wait until dmesg_count REGEX exceeds SINCE
#   vcam_ok NAME CMD...          TAP: ok when CMD succeeds (safe under set -e)
#   vcam_wait_streaming N [PID]  wait until the camera's stream has N frames
#                                (stats_raw), or PID has ended
# The camera's stdout/stderr go to $VCAM_TMP/vcam.out and vcam.err.

VCAM_TMP=${VCAM_TMP:-/tmp/vcam}
VCAM_PID=
# shellcheck disable=SC2034 # read by the tests that source this file
VCAM_STATUS=''
# shellcheck disable=SC2034
VCAM_SUMMARY=''
mkdir -p "$VCAM_TMP"

vcam_modules() {
	local m
	for m in dummy_hcd raw_gadget uvcvideo; do
		modprobe "$m" || return 1
	done
}

# uvcvideo_nodrop 0|1: uvcvideo's nodrop parameter, which 6.1 and 6.12
# read when they probe a camera (so set it before vcam_start); 7.3 reads it
# per frame, defaults to 1 and warns once that the parameter is deprecated
# when it is written (so it is written only to change it). With 1 a bad
# frame comes back flagged ERROR instead of vanishing, which vcam-verify
# needs to tell a frame lost for want of a queued buffer
# (--allow-no-buffer-drops).
uvcvideo_nodrop() {
	local param=/sys/module/uvcvideo/parameters/nodrop
	[ "$(cat "$param")" = "$1" ] || echo "$1" >"$param"
}

# vcam_faulty_frames: the frames the running vcam made faulty (its "vcam:
# frame SEQ faulty" lines), on one line.
vcam_faulty_frames() {
	sed -n 's/^vcam: frame \([0-9]*\) faulty$/\1/p' "$VCAM_TMP/vcam.err" | paste -sd' '
}

vcam_ok() {
	local name=$1 st
	shift
	"$@" && st=0 || st=$?
	ok "$st" "$name"
}

# vcam_wait_for PATH [TENTHS]: wait for PATH to exist (default 30 s).
vcam_wait_for() {
	local i
	for ((i = 0; i < ${2:-300}; i++)); do
		[ -e "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

dmesg_count() {
	dmesg | grep -cE -- "$1" || true
}

# vcam_wait_dmesg SINCE REGEX: wait until the kernel log has more than SINCE
# lines matching REGEX (30 s at most; SINCE: dmesg_count REGEX before the event).
# For a probe that must fail: a fixed sleep can end before the probe has
# run on the icount clock (guest time jumps while the guest waits on 9p).
vcam_wait_dmesg() {
	local i
	for ((i = 0; i < 300; i++)); do
		[ "$(dmesg_count "$2")" -gt "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

vcam_wait_gone() {
	local i
	for ((i = 0; i < 100; i++)); do
		[ -e /dev/video0 ] || return 0
		sleep 0.1
	done
	return 1
}

vcam_start() {
	vcam "$@" >"$VCAM_TMP/vcam.out" 2>"$VCAM_TMP/vcam.err" &
	VCAM_PID=$!
	if ! vcam_wait_for /dev/video0; then
		echo "# no /dev/video0; vcam stderr:"
		sed 's/^/#   /' "$VCAM_TMP/vcam.err"
		dmesg | tail -n 15 | sed 's/^/#   /'
		return 1
	fi
	# uvcvideo registers video0 then video1 (metadata): let it finish
	vcam_wait_for /dev/video1 20 || true
}

vcam_stop() {
	[ -n "$VCAM_PID" ] || return 0
	kill -"${1:-TERM}" "$VCAM_PID" 2>/dev/null || true
	# shellcheck disable=SC2034
	VCAM_STATUS=0
	# shellcheck disable=SC2034
	wait "$VCAM_PID" || VCAM_STATUS=$?
	VCAM_PID=
	# shellcheck disable=SC2034
	VCAM_SUMMARY=$(grep '^vcam: frames' "$VCAM_TMP/vcam.out" || true)
}

# vcam_stream_checks FORMAT WxH FPS FRAMES: TAP checks of one capture
# configuration against a running vcam: the stock v4l2-ctl streams FRAMES
# frames, then vcam-verify captures FRAMES more and checks every frame.
# 6 tests, whatever the outcome.
vcam_stream_checks() {
	local fmt=$1 size=$2 fps=$3 n=$4 pix out st
	pix=$([ "$fmt" = mjpeg ] && echo MJPG || echo YUYV)
	out=$(v4l2-ctl -d /dev/video0 \
		--set-fmt-video="width=${size%x*},height=${size#*x},pixelformat=$pix" \
		--set-parm="$fps" --stream-mmap --stream-count="$n" --stream-to=/dev/null 2>&1) &&
		st=0 || st=$?
	ok "$st" "v4l2-ctl --stream-mmap --stream-count=$n: $fmt $size@$fps"
	is "$(printf '%s' "$out" | tr -cd '<' | wc -c)" "$n" "v4l2-ctl dequeued $n buffers"
	[ "$st" -eq 0 ] || diag "$out"
	diag "v4l2-ctl: $(printf '%s' "$out" | grep -o '[0-9.]* fps' | tail -n 1)"
	# Every frame the camera sends must arrive: on the tests' clock
	# (tests/run: icount, idle time skipped) the capture runs on guest
	# time as the camera does, so the host's load cannot starve it.
	out=$(vcam-verify -d /dev/video0 -f "$fmt" -s "$size" -r "$fps" -c "$n" -v -n 8 \
		--allow-host-reorder 2>&1) && st=0 || st=$?
	ok "$st" "vcam-verify: $n frames of $fmt $size@$fps verified"
	vcam_verify_checks "$out" "$n"
}

# vcam_verify_checks OUTPUT N (3 tests): vcam-verify saw N frames, none dropped
# (for any cause: the counts by cause are printed on failure) or corrupt,
# all in the camera's order. Buffers that uvcvideo itself completed out of
# order (its copy work runs on an unbound workqueue) are reported, not
# failed: see tools/vcam/README.md.
vcam_verify_checks() {
	like "$1" "^frames $2 ok $2 dropped 0 corrupt 0 out-of-order [0-9]+$" \
		"$2 frames intact, none dropped, none corrupt"
	like "$1" "^dropped: no-buffer 0 other 0$" "no frame lost, for lack of a capture buffer or otherwise"
	like "$1" "out-of-order: camera 0 host-driver [0-9]+" "in the camera's order"
	if ! grep -q 'host-driver 0' <<<"$1"; then
		diag "NOTE: uvcvideo completed buffers out of order (v4l2 sequence went backwards)"
	fi
	diag "$1"
}

# vcam_wait_streaming N [PID]: until the stream of the (only) camera has
# counted N frames (its stats_raw), or PID (the capture) has ended. No
# guest-time limit: on the tests' clock (icount, idle time skipped) guest
# time races on while a program is read from the host (9p), so a fixed
# "sleep" may end before the capture even started; the host's watchdog
# bounds the wait. Fails when PID ended first.
vcam_wait_streaming() {
	local raw
	while :; do
		raw=$(cat "$(vcam_stats_dir)/stats_raw" 2>/dev/null || true)
		if grep -qx streaming=1 <<<"$raw" &&
			[ "$(sed -n 's/^frames=//p' <<<"$raw")" -ge "$1" ]; then
			return 0
		fi
		[ -z "${2:-}" ] || kill -0 "$2" 2>/dev/null || return 1
		sleep 0.1
	done
}

# vcam_stats_dir: the uvcvideo debugfs statistics directory of the (only)
# camera, /sys/kernel/debug/usb/uvcvideo/<bus>-<dev>-<intf>.
vcam_stats_dir() {
	find /sys/kernel/debug/usb/uvcvideo -mindepth 1 -maxdepth 1 -type d | head -n 1
}
