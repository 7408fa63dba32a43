# shellcheck shell=bash
# Helpers of the hostile-device guest tests (tests/guest/hostile-*.t),
# sourced after tap.sh and guest-lib.sh, in the guest:
#   hostile_setup                 modules, the urb_alloc parameter (2 tests)
#   hostile_mode MODE             uvcvideo's URB allocation for the next stream
#   hostile_capture N [ARGS...]   vcam-verify N frames of the small test format
#                                 from /dev/video0 (HOSTILE_DEV); sets
#                                 HOSTILE_OUT (its output), HOSTILE_ST (status)
#                                 and HOSTILE_OK, HOSTILE_DROPPED, HOSTILE_CORRUPT;
#                                 the frames lost, by cause: HOSTILE_LOST_FAULT
#                                 (frames vcam made faulty, at most HOSTILE_LOSS_CAP
#                                 each: hostile_loss_cap FAULT) and HOSTILE_LOST_OTHER
#   hostile_stat KEY              KEY of the stream's stats_raw (0 if absent)
#   hostile_clean_modes N         a clean vcam, then in every mode: N frames
#                                 that all verify and debugfs counts that
#                                 match what the capture saw (TAP checks:
#                                 2, and 7 a mode)
#   hostile_healthy               TAP: the camera is gone, the kernel is not
#                                 tainted, kmemleak finds nothing new (debug
#                                 kernel), uvcvideo unloads and nothing of the
#                                 stream stays in debugfs (5 tests)
#   robust_count FULL FAST        (tests/lib/robust.sh) FULL on the debug
#                                 kernel (make check-debug), FAST otherwise
#   hostile_modes K               the modes item K of a scenario runs in: every
#                                 mode on the debug kernel; on the normal
#                                 kernel (make check's fast subset) two, the
#                                 first two for even K and the last two for
#                                 odd K, so consecutive items cover every mode
# Each scenario test loops over URB_ALLOC_MODES (tools/common/urb_alloc_modes.sh)
# and ends with hostile_clean_modes and hostile_healthy; qemu/run fails the
# whole run on any kernel splat (KASAN, lockdep, WARNING...).

. tools/common/urb_alloc_modes.sh
. tests/lib/robust.sh

HOSTILE_PARAM=/sys/module/uvcvideo/parameters/urb_alloc
# small frames keep TCG fast; 60 fps so faulty and clean frames alternate quickly
HOSTILE_SIZE=320x240
HOSTILE_FPS=60
HOSTILE_FRAME_BYTES=$((320 * 240 * 2))
HOSTILE_DEV=/dev/video0
HOSTILE_BUFFERS=8
HOSTILE_OUT=''
HOSTILE_ST=0
HOSTILE_OK=0
HOSTILE_DROPPED=0
HOSTILE_CORRUPT=0
HOSTILE_LOST_FAULT=0
HOSTILE_LOST_OTHER=0

hostile_setup() {
	vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
	check "uvcvideo has the urb_alloc parameter" test -w "$HOSTILE_PARAM"
	kmemleak_begin
}

hostile_modes() {
	local n=${#URB_ALLOC_MODES[@]} i
	if robust_debug_kernel; then
		printf '%s\n' "${URB_ALLOC_MODES[@]}"
		return
	fi
	for ((i = ($1 % 2) * n / 2; i < ($1 % 2 + 1) * n / 2; i++)); do
		echo "${URB_ALLOC_MODES[i]}"
	done
}

hostile_mode() {
	echo "$1" >"$HOSTILE_PARAM"
}

# hostile_vcam ARGS...: vcam with the test format (and ARGS), /dev/video0 ready.
hostile_vcam() {
	vcam_start --format yuyv --size "$HOSTILE_SIZE" --fps "$HOSTILE_FPS" "$@"
}

hostile_capture() {
	local n=$1
	shift
	HOSTILE_OUT=$(vcam-verify -d "$HOSTILE_DEV" -f yuyv -s "$HOSTILE_SIZE" -r "$HOSTILE_FPS" \
		-c "$n" -n "$HOSTILE_BUFFERS" -t 3 -v --allow-host-reorder "$@" 2>&1) && HOSTILE_ST=0 || HOSTILE_ST=$?
	local counts
	counts=$(sed -n 's/^frames [0-9]* ok \([0-9]*\) dropped \([0-9]*\) corrupt \([0-9]*\) .*/\1 \2 \3/p' \
		<<<"$HOSTILE_OUT")
	read -r HOSTILE_OK HOSTILE_DROPPED HOSTILE_CORRUPT <<<"${counts:-0 0 0}"
	# shellcheck disable=SC2034 # read by the tests that source this file
	read -r HOSTILE_LOST_FAULT HOSTILE_LOST_OTHER <<<"$(hostile_losses)"
}

# hostile_loss_cap FAULT: how many frames one faulty frame of vcam's FAULT
# may cost (tests/lib/losses.awk books each missing frame to the fault only
# within that many frames from a faulty one; any other loss fails the test):
#   1  the fault spoils the frame's own payloads and nothing else (err-bit,
#      oversize, truncate; random-bytes, whose frame arrives and fails the
#      checksum; hdr-len-long and empty-payloads, which add payloads before
#      the frame: 1 in case uvcvideo ends the frame before on them)
#   2  the fault breaks a frame boundary (hdr-len-0, hdr-len-1: the faulty
#      payloads are rejected so no FID toggle is seen, and the next frame
#      carries the FID of the one before the fault and is taken for its
#      tail; fid-toggle: the faulty frame's FID toggles leave the next
#      frame out of sync): the faulty frame and the next
#   3  random-payload: 1-16 payloads of random headers, whose FID and EOF
#      bits are random: after the last of them the FID uvcvideo holds may
#      equal the next frame's (lost as the random frame's tail), and an EOF
#      among them may start a frame that swallows the one after (measured:
#      the faulty frame and up to the two after it)
# Other faults (stall-*, desc-*, disconnect) spoil no frame: 1, unused.
hostile_loss_cap() {
	case $1 in
	hdr-len-0 | hdr-len-1 | fid-toggle) echo 2 ;;
	random-payload) echo 3 ;;
	*) echo 1 ;;
	esac
}

# hostile_losses: "F O", the frames of the last capture that vcam-verify
# found missing, F booked to the fault vcam injected (at most
# HOSTILE_LOSS_CAP a faulty frame, hostile_loss_cap), O to any other cause.
hostile_losses() {
	touch "$VCAM_TMP/vcam.err"
	awk -v cap="${HOSTILE_LOSS_CAP:-1}" -f tests/lib/losses.awk "$VCAM_TMP/vcam.err" - <<<"$HOSTILE_OUT"
}

hostile_stat() {
	local dir
	dir=$(vcam_stats_dir)
	[ -n "$dir" ] && sed -n "s/^$1=//p" "$dir/stats_raw" 2>/dev/null | grep . || echo 0
}

# hostile_counts_match MODE N: after a clean capture of N frames, none
# lost, the stream's stats_raw agrees with it: every captured frame was
# copied whole (bytes; more only into the HOSTILE_BUFFERS buffers still
# queued at STREAMOFF, one frame each at most), the driver counted the
# frames it copied (upstream counts a frame when the next starts, and
# STREAMOFF may cut one: one more or one less at most), and no payload was
# an error.
hostile_counts_match() {
	local mode=$1 n=$2 frames bytes copied
	is "$(hostile_stat mode)" "$mode" "$mode: stats_raw names the mode"
	frames=$(hostile_stat frames)
	bytes=$(hostile_stat bytes)
	copied=$((bytes / HOSTILE_FRAME_BYTES))
	ok "$([ "$copied" -ge "$n" ] && [ "$copied" -le $((n + HOSTILE_BUFFERS)) ] && echo 0 || echo 1)" \
		"$mode: $copied whole frames copied ($bytes bytes) for $n captured, $HOSTILE_BUFFERS buffers"
	ok "$([ "$frames" -ge $((copied - 1)) ] && [ "$frames" -le $((copied + 1)) ] &&
		echo 0 || echo 1)" "$mode: the driver counted $frames frames for $copied copied"
	is "$(hostile_stat errors) $(hostile_stat invalid)" "0 0" "$mode: no error or invalid payload counted"
}

hostile_clean_modes() {
	local n=$1 mode
	vcam_ok "a clean vcam: /dev/video0" hostile_vcam
	for mode in "${URB_ALLOC_MODES[@]}"; do
		hostile_mode "$mode"
		hostile_capture "$n"
		is "$HOSTILE_ST" 0 "$mode: the clean stream passes vcam-verify"
		is "$HOSTILE_OK $HOSTILE_DROPPED $HOSTILE_CORRUPT" "$n 0 0" \
			"$mode: the camera streams cleanly again: all $n frames verify (sequence, checksum), none lost"
		like "$HOSTILE_OUT" "out-of-order: camera 0 " "$mode: in the camera's order"
		[ "$HOSTILE_ST" -eq 0 ] || diag "$HOSTILE_OUT"
		hostile_counts_match "$mode" "$n"
	done
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "the clean vcam exits 0"
}

hostile_healthy() {
	vcam_stop TERM
	vcam_ok "the camera is gone" vcam_wait_gone
	local tainted
	tainted=$(cat /proc/sys/kernel/tainted)
	is "$tainted" 0 "the kernel is not tainted (no WARNING, BUG, bad page)"
	[ "$tainted" = 0 ] || diag "$(dmesg | tail -n 30)"
	kmemleak_end "hostile device"
	local i
	for ((i = 0; i < 50; i++)); do
		modprobe -r uvcvideo 2>/dev/null && break
		sleep 0.1
	done
	refute "uvcvideo unloaded (no reference left)" grep -q '^uvcvideo ' /proc/modules
	is "$(find /sys/kernel/debug/usb/uvcvideo -mindepth 1 2>/dev/null | wc -l)" 0 \
		"no stream left in debugfs"
}

# hostile_usb_gone: the gadget's USB device has left the bus (10 s at most).
hostile_usb_gone() {
	local i
	for ((i = 0; i < 100; i++)); do
		[ -e /sys/bus/usb/devices/1-1 ] || return 0
		sleep 0.1
	done
	return 1
}

# hostile_capture_node: the /dev/videoN of the camera's capture interface
# (index 0), wherever uvcvideo numbered it; empty until there (10 s at most).
hostile_capture_node() {
	local i d
	for ((i = 0; i < 100; i++)); do
		for d in /sys/class/video4linux/video*; do
			[ -e "$d/index" ] && [ "$(cat "$d/index")" = 0 ] && [ -e "/dev/${d##*/}" ] &&
				{ echo "/dev/${d##*/}"; return 0; }
		done
		sleep 0.1
	done
	return 1
}

# hostile_vcam_any ARGS...: hostile_vcam for when /dev/video0 may be held by
# an old device: waits for the new camera's capture node, whatever its number.
hostile_vcam_any() {
	vcam --format yuyv --size "$HOSTILE_SIZE" --fps "$HOSTILE_FPS" "$@" \
		>"$VCAM_TMP/vcam.out" 2>"$VCAM_TMP/vcam.err" &
	# shellcheck disable=SC2034 # guest-lib.sh's vcam_stop reads it
	VCAM_PID=$!
	hostile_capture_node >/dev/null
}
