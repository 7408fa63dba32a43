#!/bin/bash
# Guest side of bench/stats-overhead.sh. In one boot, with vcam free-running
# (YUYV 640x480), captures FRAMES frames per run, ROUNDS rounds, and
# measures the average duration of uvc_video_copy_data_work() ("decode",
# the whole copy work including the statistics' own bookkeeping):
#   off     timing_stats=N, measured by a bpftrace kprobe/kretprobe pair
#   on      timing_stats=Y, same bpftrace measurement
#   traced  timing_stats=Y, all dma and uvcvideo events recorded by
#           trace-cmd, decode average from debugfs stats_raw, compared with
#           the untraced debugfs average
# Prints "key value" lines (ns) for the host side.
set -euo pipefail
. tests/lib/tap.sh
. tools/vcam/guest-lib.sh
frames=${1:-150}
rounds=${2:-3}
vcam_modules
vcam_start --format yuyv --size 640x480 --fps free >/dev/null
dir=$(find /sys/kernel/debug/usb/uvcvideo -mindepth 1 -maxdepth 1 -type d | head -n 1)
timing=/sys/module/uvcvideo/parameters/timing_stats
capture() { vcam-verify -d /dev/video0 -s 640x480 -r 30 -n "$frames" --no-check >/dev/null; }
raw_avg() { awk -F= '$1 == "decode_sum_ns" { s = $2 } $1 == "decode_count" { c = $2 }
	END { if (c) printf "%d\n", s / c; else print 0 }' "$dir/stats_raw"; }
kprobe_avg() { # decode average over one capture, measured by bpftrace
	bpftrace -q -e '
kprobe:uvc_video_copy_data_work { @t[tid] = nsecs; }
kretprobe:uvc_video_copy_data_work /@t[tid]/ { @s = sum(nsecs - @t[tid]); @n = count(); delete(@t[tid]); }
END { clear(@t); }' -c "vcam-verify -d /dev/video0 -s 640x480 -r 30 -n $frames --no-check" |
		awk '/^@s:/ { s = $2 } /^@n:/ { n = $2 } END { if (n) printf "%d\n", s / n; else print 0 }'
}

for r in $(seq "$rounds"); do
	echo N >"$timing"
	echo "off $(kprobe_avg)"
	echo Y >"$timing"
	echo "on $(kprobe_avg)"
	capture
	echo "debugfs $(raw_avg)"
	trace-cmd record -q -e dma -e uvcvideo -o "/tmp/trace-$r.dat" \
		vcam-verify -d /dev/video0 -s 640x480 -r 30 -n "$frames" --no-check >/dev/null 2>&1
	echo "traced $(raw_avg)"
	rm -f "/tmp/trace-$r.dat"
	echo "round $r done" >&2
done
vcam_stop TERM
