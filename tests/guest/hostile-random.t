#!/usr/bin/env bash
# In the guest, in every URB allocation mode: a camera that sends random
# bytes (hostile scenario 4, docs/hostile-devices.md), reproducibly (--seed). One vcam per fault;
# each mode is one stream of 20 captured frames from it, every 4th frame
# from the 4th on faulty. Expected outcomes:
#   random-bytes    64 random bytes inside the faulty frames: uvcvideo
#                   cannot know, delivers them, and the framestamp checksum
#                   catches every one (corrupt > 0); the others verify; the
#                   stream goes on (recovers)
#   random-payload  the faulty frames replaced by 1-16 payloads of random
#                   bytes and lengths, headers included: uvcvideo counts
#                   invalid headers and ERR bits and drops every frame it
#                   builds from them (a YUYV frame of the wrong size is an
#                   error), and the frame after (out of sync); every frame
#                   it delivers is a whole frame of the camera's that
#                   verifies; the stream goes on
# N frames a stream: 10, 20 on the debug kernel (make check-debug).
# In make check (the normal kernel) each fault runs in two of the modes
# (hostile_modes: consecutive faults take turns, so every mode is covered),
# on the debug kernel (make check-debug) in every mode.
# Then a clean camera streams in every mode with every frame verified and
# the statistics matching the capture, and uvcvideo unloads.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/hostile-lib.sh
VCAM_TMP=$(mktemp -d)
n=$(robust_count 20 10)
# hostile_setup 2; each fault 2 + 3 a mode it runs in (random-bytes), 4
# (random-payload); hostile_clean_modes 2 + 7 a mode; hostile_healthy 5
plan $((2 + 2 + 3 * $(hostile_modes 0 | wc -l) + 2 + 4 * $(hostile_modes 1 | wc -l) +
	2 + 7 * ${#URB_ALLOC_MODES[@]} + 5))

hostile_setup
k=0
for spec in "random-bytes --seed 12" "random-payload --seed 7"; do
	fault=${spec%% *}
	HOSTILE_LOSS_CAP=$(hostile_loss_cap "$fault")
	mapfile -t modes < <(hostile_modes "$k")
	k=$((k + 1))
	# shellcheck disable=SC2086 # spec is words
	vcam_ok "vcam --fault $spec: /dev/video0" hostile_vcam --fault $spec --fault-after 3 --fault-every 4
	for mode in "${modes[@]}"; do
		hostile_mode "$mode"
		hostile_capture "$n"
		what="$fault, $mode"
		ok "$([ "$HOSTILE_ST" -ne 2 ] && echo 0 || echo 1)" "$what: the stream goes on (no V4L2 error)"
		is "$HOSTILE_LOST_OTHER" 0 "$what: every frame lost is lost to a fault, $HOSTILE_LOSS_CAP at most a faulty frame ($HOSTILE_LOST_FAULT of them)"
		[ "$HOSTILE_LOST_OTHER" = 0 ] || diag "$(grep -E 'dropped before seq' <<<"$HOSTILE_OUT")" \
			"faulty: $(vcam_faulty_frames)"
		if [ "$fault" = random-bytes ]; then
			ok "$([ "$HOSTILE_CORRUPT" -ge 1 ] && [ $((HOSTILE_OK + HOSTILE_CORRUPT)) -eq "$n" ] &&
				echo 0 || echo 1)" "$what: the checksum catches the changed frames ($HOSTILE_CORRUPT)"
		else
			is "$HOSTILE_OK $HOSTILE_CORRUPT" "$n 0" "$what: every frame delivered is whole and verifies"
			ok "$([ "$HOSTILE_DROPPED" -ge 1 ] && [ "$(hostile_stat invalid)" -ge 1 ] && echo 0 || echo 1)" \
				"$what: the random frames are dropped, invalid headers counted"
		fi
		diag "$what: $(grep -E '^(frames|dropped)' <<<"$HOSTILE_OUT" | tr '\n' ' ')"
		diag "$what: stats_raw invalid $(hostile_stat invalid) errors $(hostile_stat errors) empty $(hostile_stat empty)"
	done
	vcam_stop TERM
	is "$VCAM_STATUS" 0 "$fault: vcam exits 0"
done

hostile_clean_modes "$(robust_count 30 10)"
hostile_healthy
done_testing
