#!/usr/bin/env bash
# In the guest: `vcam --fault FAULT --seed N` for COUNT seeds from FIRST,
# FAULT desc-fuzz (default: vcam's descriptors mutated byte by byte) or
# desc-gen (a configuration built from the UVC 1.5 grammar): each seed
# plugs a camera with the seed's configuration descriptor, lets uvcvideo
# probe it, and when a capture node
# appears lists its formats and tries a 3-frame capture (any outcome but a
# hang is fine: the descriptors are broken on purpose) in one URB
# allocation mode (the seed's turn in URB_ALLOC_MODES), then unplugs it.
# What is checked is the kernel's: qemu/run fails the run on any splat
# (KASAN, UBSAN, lockdep, WARNING, BUG...), and a hung step stops it.
#   usage: tests/fuzz/desc-seeds.sh FIRST COUNT [FAULT]
# Prints one TAP line per seed (ok: plugged, probed, unplugged) with what
# happened, and a summary line: seeds, with a capture node, captures that
# streamed, seconds.
# Used by tests/guest/hostile-desc.t (a few seeds) and `make fuzz-desc`.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/hostile-lib.sh
VCAM_TMP=$(mktemp -d)
first=${1:?usage: desc-seeds.sh FIRST COUNT [FAULT]}
count=${2:?usage: desc-seeds.sh FIRST COUNT [FAULT]}
fault=${3:-desc-fuzz}
case $fault in
desc-fuzz | desc-gen) ;;
*) echo "desc-seeds.sh: FAULT '$fault' is not desc-fuzz or desc-gen" >&2; exit 2 ;;
esac
plan "$count"
nodes=0
streamed=0
start=$SECONDS

for m in dummy_hcd raw_gadget uvcvideo; do modprobe "$m"; done
for ((seed = first; seed < first + count; seed++)); do
	mode=${URB_ALLOC_MODES[seed % ${#URB_ALLOC_MODES[@]}]}
	hostile_mode "$mode"
	vcam --format yuyv,mjpeg --size 160x120,320x240 --fps 30,60 --fault "$fault" --seed "$seed" \
		>"$VCAM_TMP/vcam.out" 2>"$VCAM_TMP/vcam.err" &
	VCAM_PID=$!
	what="$fault seed $seed ($mode):"
	# enumeration, then uvcvideo's probe (or its failure) within a second
	if vcam_wait_for /sys/bus/usb/devices/1-1 50; then
		what+=" enumerated"
		vcam_wait_for /dev/video0 10 || true
	else
		what+=" not enumerated"
	fi
	if [ -e /dev/video0 ]; then
		nodes=$((nodes + 1))
		what+=", /dev/video0"
		timeout 10 v4l2-ctl -d /dev/video0 --list-formats-ext >/dev/null 2>&1 || what+=" (formats: error)"
		if timeout 5 v4l2-ctl -d /dev/video0 --stream-mmap --stream-count=3 --stream-to=/dev/null \
			--stream-poll >/dev/null 2>&1; then
			streamed=$((streamed + 1))
			what+=", streamed"
		else
			what+=", no stream"
		fi
	fi
	vcam_stop TERM
	gone=0
	hostile_usb_gone || gone=$?
	ok "$gone" "$what, unplugged"
done
echo "# $fault: seeds $count (from $first) with-node $nodes streamed $streamed seconds $((SECONDS - start))"
done_testing
