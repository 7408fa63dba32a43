#!/usr/bin/env bash
# Guest side of tests/lab/uvcstat-trace.t: in each URB allocation mode, one
# `uvcstat run` of vcam (YUYV 640x480, 60 frames) under
# `trace-cmd record -e uvcvideo -e dma`; keeps OUTDIR/MODE/{trace.dat,
# stats_raw,run.txt,status}. A failed capture is recorded in status, not
# fatal: the host side reports it.
# usage: uvcstat-trace.sh OUTDIR (under /results)
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tools/common/urb_alloc_modes.sh
out=$1
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
vcam_modules
if [ ! -e "$param" ]; then
	echo "$param" >"$out/missing"	# the host side skips, naming it
	exit 0
fi
vcam_start --format yuyv --size 640x480 --fps 30
dir=$(vcam_stats_dir)
for mode in "${URB_ALLOC_MODES[@]}"; do
	mkdir -p "$out/$mode"
	echo "$mode" >"$param"
	trace-cmd record -q -e uvcvideo -e dma -o "$out/$mode/trace.dat" \
		uvcstat run -c 60 >"$out/$mode/run.txt" 2>"$out/$mode/run.err" && st=0 || st=$?
	echo "$st" >"$out/$mode/status"
	cp "$dir/stats_raw" "$out/$mode/stats_raw" 2>/dev/null || true
done
vcam_stop TERM
