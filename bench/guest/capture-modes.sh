#!/bin/bash
# Guest half of the main job's measurement: vcam streams YUYV 640x480 at
# 30 fps, FRAMES frames are captured and verified in each URB allocation
# mode, and each stream's debugfs statistics (stats and stats_raw) are
# saved to OUTDIR/<mode>.stats and OUTDIR/<mode>.raw.
# usage: capture-modes.sh OUTDIR [FRAMES]
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
out=$1
frames=${2:-300}
mkdir -p "$out"
vcam_modules
vcam_start --format yuyv --size 640x480 --fps 30 >/dev/null
dir=$(vcam_stats_dir)
for mode in noncontiguous coherent usb-coherent noncoherent; do
	echo "$mode" >/sys/module/uvcvideo/parameters/urb_alloc
	echo "capturing $frames frames, URB buffers $mode ..." >&2
	vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -n "$frames" --allow-host-reorder \
		>"$out/$mode.verify"
	cat "$dir/stats" >"$out/$mode.stats"
	cat "$dir/stats_raw" >"$out/$mode.raw"
done
vcam_stop TERM
uname -r >"$out/kernel-release"
