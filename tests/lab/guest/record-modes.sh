#!/bin/bash
# Guest side of tests/lab/trace-events.t: record the dma and uvcvideo trace
# events while vcam streams 30 frames in each URB allocation mode, and run
# bpf/uvc-sync-latency.bt over one more capture.
# usage: record-modes.sh OUTDIR (under /results)
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
out=$1
VCAM_TMP=$(mktemp -d)
vcam_modules
vcam_start --format yuyv --size 640x480 --fps 30

# Each capture's report and exit status are kept (verify-MODE.txt, its
# last line the status) for trace-events.t to read: trace-cmd's and
# bpftrace's own statuses say nothing of the command they ran.
# shellcheck disable=SC2016 # the inner script expands its own variables
# The "mono" clock is ktime_get_ns()'s, so that the uvcvideo_urb_trip
# events' points compare with the events' own timestamps.
trace-cmd record -q -C mono -e dma -e uvcvideo -o "$out/trace.dat" bash -c '
	. tests/lib/guest-lib.sh
	. tools/common/urb_alloc_modes.sh
	for mode in "${URB_ALLOC_MODES[@]}"; do
		echo "$mode" >/sys/module/uvcvideo/parameters/urb_alloc
		vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -c 30 --allow-host-reorder \
			>"$0/verify-$mode.txt" 2>&1 && st=0 || st=$?
		echo "exit $st" >>"$0/verify-$mode.txt"
	done' "$out" >"$out/record.log" 2>&1

echo noncontiguous >/sys/module/uvcvideo/parameters/urb_alloc
bpftrace bpf/uvc-sync-latency.bt -c "bash tests/lab/guest/status-to.sh $out/verify-bpftrace.txt vcam-verify -d /dev/video0 -c 30 --allow-host-reorder" \
	>"$out/bpftrace.txt" 2>&1
vcam_stop TERM
: "${VCAM_STATUS:?}"
