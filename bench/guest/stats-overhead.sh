#!/bin/bash
# Guest side of bench/stats-overhead.sh. In one boot, with vcam
# free-running (YUYV 640x480), captures FRAMES frames per run, ROUNDS
# rounds of four configurations, and prints the duration of every
# uvc_video_copy_data_work() call (the copy work: memcpy, buffer release,
# sync for the device, resubmission, and whatever the instrumentation adds
# there), measured by the same bpftrace kprobe/kretprobe pair each time:
#   off       timing_stats=N, no tracing
#   on        timing_stats=Y, no tracing
#   events    timing_stats=Y, every dma and uvcvideo event enabled, written
#             to the ring buffer (tracefs) with no reader running
#   traced    timing_stats=Y, trace-cmd recording every dma and uvcvideo
#             event (its reader threads share the guest's two vCPUs)
# Output: "CONFIG NS" lines, one per call, for the host side.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
frames=${1:-150}
rounds=${2:-3}
vcam_modules
vcam_start --format yuyv --size 640x480 --fps free >/dev/null
timing=/sys/module/uvcvideo/parameters/timing_stats
capture="vcam-verify -d /dev/video0 -s 640x480 -r 30 -c $frames -n 8 --no-check"

# measure CONFIG [trace-cmd]: one capture under the kprobe pair.
measure() {
	local config=$1 cmd=$capture
	shift
	[ $# -eq 0 ] || cmd="trace-cmd record -q -e dma -e uvcvideo -o /tmp/trace.dat $capture"
	bpftrace -q -e '
kprobe:uvc_video_copy_data_work { @t[tid] = nsecs; }
kretprobe:uvc_video_copy_data_work /@t[tid]/ { printf("%d\n", nsecs - @t[tid]); delete(@t[tid]); }
END { clear(@t); }' -c "$cmd" 2>/dev/null | awk -v c="$config" '/^[0-9]+$/ { print c, $1 }'
	rm -f /tmp/trace.dat
}

for r in $(seq "$rounds"); do
	echo N >"$timing"
	measure off
	echo Y >"$timing"
	measure on
	tracefs=/sys/kernel/tracing
	echo 1 >"$tracefs/events/dma/enable"
	echo 1 >"$tracefs/events/uvcvideo/enable"
	measure events
	echo 0 >"$tracefs/events/dma/enable"
	echo 0 >"$tracefs/events/uvcvideo/enable"
	echo >"$tracefs/trace"
	measure traced trace-cmd
	echo "round $r of $rounds done" >&2
done
vcam_stop TERM
