#!/usr/bin/env bash
# In the guest, in every URB allocation mode: a camera that sends broken
# payloads (hostile scenarios 1-3, docs/hostile-devices.md). Each fault runs one vcam; each mode
# is one stream of 20 captured frames from it. Expected outcomes:
#   hdr-len-0, hdr-len-1   the faulty frames' payloads are invalid and
#                          dropped, and so is the frame after each: its FID
#                          is the one uvcvideo saw last, so it waits for
#                          the next toggle (out of sync); the frames
#                          between verify (recovers); stats_raw counts
#                          invalid payloads
#   hdr-len-long           the extra 8-byte payload is invalid, every frame
#                          verifies (recovers); invalid counted
#   err-bit                the faulty frames are dropped (uvcvideo drops
#                          buffers with errors), the others verify; errors
#                          counted
#   fid-stuck              once FID stops toggling uvcvideo drops every
#                          payload as out of sync: the stream stops, and
#                          vcam-verify reports "no frame after 1 s" (exit 2)
#   fid-toggle             every payload starts a new frame: the faulty
#                          frames are lost (short, so dropped), and the
#                          frame after each (out of sync), the others
#                          verify (recovers)
#   oversize, truncate     the faulty frames are dropped, the others verify
#   empty-payloads         empty payloads before every frame: every frame
#                          verifies; stats_raw counts them as empty (3 a
#                          frame, but the current frame's counts join the
#                          stream's only when the next frame starts)
# No captured frame is ever corrupt: what uvcvideo delivers is whole.
# N frames a stream: 10, 20 on the debug kernel (make check-debug).
# In make check (the normal kernel) each fault runs in two of the modes
# (hostile_modes: consecutive faults take turns, so every mode is covered),
# on the debug kernel (make check-debug) in every mode.
# Then
# a clean camera streams in every mode with every frame verified and the
# statistics matching the capture, and uvcvideo unloads.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/hostile-lib.sh
VCAM_TMP=$(mktemp -d)
n=$(robust_count 20 10)

# expect FAULT MODE: the TAP checks of FAULT's outcome for one stream
expect() {
	local f=$1 mode=$2 what="$1, $2"
	case $f in
	fid-stuck)
		is "$HOSTILE_ST" 2 "$what: the stream stops (vcam-verify exits 2)"
		like "$HOSTILE_OUT" "no frame after 1 s" "$what: vcam-verify says no frame came"
		;;
	*)
		ok "$([ "$HOSTILE_OK" -eq "$n" ] && echo 0 || echo 1)" \
			"$what: the stream recovers: $n frames captured and verified"
		;;
	esac
	is "$HOSTILE_CORRUPT" 0 "$what: no corrupt frame delivered"
	is "$HOSTILE_LOST_OTHER" 0 "$what: every frame lost is lost to a fault, $HOSTILE_LOSS_CAP at most a faulty frame ($HOSTILE_LOST_FAULT of them)"
	[ "$HOSTILE_LOST_OTHER" = 0 ] || diag "$(grep -E 'dropped before seq' <<<"$HOSTILE_OUT")" \
		"faulty: $(vcam_faulty_frames)"
	case $f in
	hdr-len-0 | hdr-len-1 | err-bit | fid-toggle | oversize | truncate)
		ok "$([ "$HOSTILE_DROPPED" -ge 1 ] && echo 0 || echo 1)" \
			"$what: the faulty frames are lost ($HOSTILE_DROPPED)"
		;;
	esac
	case $f in
	hdr-len-0 | hdr-len-1 | hdr-len-long)
		ok "$([ "$(hostile_stat invalid)" -ge 1 ] && echo 0 || echo 1)" \
			"$what: stats_raw counts invalid payloads ($(hostile_stat invalid))"
		;;
	err-bit)
		ok "$([ "$(hostile_stat errors)" -ge 1 ] && echo 0 || echo 1)" \
			"$what: stats_raw counts error payloads ($(hostile_stat errors))"
		;;
	empty-payloads)
		ok "$([ "$(hostile_stat empty)" -ge $((3 * (n - 1))) ] && echo 0 || echo 1)" \
			"$what: stats_raw counts the empty payloads ($(hostile_stat empty) >= $((3 * (n - 1))))"
		;;
	esac
}
# expect_tests FAULT: how many tests expect FAULT runs (kept in step with
# expect: the plan fails when not)
expect_tests() {
	local t=3	# the outcome (2 tests for fid-stuck), no corrupt frame, no other loss
	case $1 in fid-stuck) t=$((t + 1)) ;; esac
	case $1 in hdr-len-0 | hdr-len-1 | err-bit | fid-toggle | oversize | truncate) t=$((t + 1)) ;; esac
	case $1 in hdr-len-0 | hdr-len-1 | hdr-len-long | err-bit | empty-payloads) t=$((t + 1)) ;; esac
	echo "$t"
}

faults=(
	"hdr-len-0 --fault-after 3 --fault-every 3"
	"hdr-len-1 --fault-after 3 --fault-every 3"
	"hdr-len-long --fault-every 2"
	"err-bit --fault-after 3 --fault-every 3"
	"fid-stuck --fault-after 3"
	"fid-toggle --fault-after 3 --fault-every 3 --payload-size 16384"
	"oversize --fault-after 3 --fault-every 3"
	"truncate --fault-after 3 --fault-every 3"
	"empty-payloads --fault-every 1"
)
# hostile_setup 2; each fault 2 + expect's tests for each mode it runs in;
# hostile_clean_modes 2 + 7 a mode; hostile_healthy 5
t=0
for k in "${!faults[@]}"; do
	t=$((t + 2 + $(hostile_modes "$k" | wc -l) * $(expect_tests "${faults[k]%% *}")))
done
plan $((2 + t + 2 + 7 * ${#URB_ALLOC_MODES[@]} + 5))

hostile_setup
k=0
for spec in "${faults[@]}"; do
	fault=${spec%% *}
	HOSTILE_LOSS_CAP=$(hostile_loss_cap "$fault")
	mapfile -t modes < <(hostile_modes "$k")
	k=$((k + 1))
	# shellcheck disable=SC2086 # args are words
	vcam_ok "vcam --fault $spec: /dev/video0" hostile_vcam --fault $spec
	for mode in "${modes[@]}"; do
		hostile_mode "$mode"
		# fid-stuck ends in a timeout: a short one
		timeout=()
		[ "$fault" != fid-stuck ] || timeout=(-t 1)
		hostile_capture "$n" "${timeout[@]}"
		expect "$fault" "$mode"
		diag "$fault, $mode: $(grep -E '^(frames|dropped|vcam-verify: no frame)' <<<"$HOSTILE_OUT" | tr '\n' ' ')"
	done
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$fault: vcam exits 0"
done

hostile_clean_modes "$(robust_count 30 10)"
hostile_healthy
done_testing
