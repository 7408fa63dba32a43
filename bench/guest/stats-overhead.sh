#!/bin/bash
# Guest side of bench/stats-overhead.sh. In one boot, with vcam
# free-running (YUYV 640x480, the default noncontiguous allocation),
# captures FRAMES frames per run, ROUNDS rounds of every configuration
# below, and prints the duration of every call of the two functions the
# series instruments, measured by the same bpftrace kprobe/kretprobe pairs
# each time:
#   work      uvc_video_copy_data_work(): memcpy, buffer release, sync for
#             the device, resubmission
#   complete  uvc_video_complete(): sync for the CPU, header decoding,
#             queueing the copy work
# Configurations:
#   off       timing_stats=N, no tracing
#   on        timing_stats=Y, no tracing
#   class:C   timing_stats=Y, the events of one event class C enabled,
#             written to the ring buffer (tracefs) with no reader running
#   events    timing_stats=Y, every dma and uvcvideo event enabled
#   traced    timing_stats=Y, trace-cmd recording every dma and uvcvideo
#             event (its reader threads share the guest's two vCPUs)
# Output: "CONFIG FUNCTION NS" lines, one per call, for the host side.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
frames=${1:-150}
rounds=${2:-3}
vcam_modules
vcam_start --format yuyv --size 640x480 --fps free >/dev/null
timing=/sys/module/uvcvideo/parameters/timing_stats
tracefs=/sys/kernel/tracing
capture="vcam-verify -d /dev/video0 -s 640x480 -r 30 -c $frames -n 8 --no-check"

# The event classes (DECLARE_EVENT_CLASS, or a TRACE_EVENT of its own)
# that fire on the URB data path, with their events. The allocation and
# mapping events fire at STREAMON/STREAMOFF only; dma_sync_single_* only
# in the noncoherent mode.
classes=(
	"uvcvideo_urb uvcvideo/uvcvideo_urb_complete uvcvideo/uvcvideo_urb_submit"
	"uvcvideo_decode_header uvcvideo/uvcvideo_decode_header"
	"uvcvideo_sync_class uvcvideo/uvcvideo_sync_for_cpu_start uvcvideo/uvcvideo_sync_for_cpu_done uvcvideo/uvcvideo_sync_for_device_start uvcvideo/uvcvideo_sync_for_device_done uvcvideo/uvcvideo_invalidate_vmap"
	"uvcvideo_copy_class uvcvideo/uvcvideo_copy_queued uvcvideo/uvcvideo_copy_start uvcvideo/uvcvideo_copy_done"
	"uvcvideo_copy uvcvideo/uvcvideo_copy"
	"dma_sync_sg dma/dma_sync_sg_for_cpu dma/dma_sync_sg_for_device"
)

# measure CONFIG [trace-cmd]: one capture under the kprobe pairs.
measure() {
	local config=$1 cmd=$capture
	shift
	[ $# -eq 0 ] || cmd="trace-cmd record -q -e dma -e uvcvideo -o /tmp/trace.dat $capture"
	bpftrace -q -e '
kprobe:uvc_video_copy_data_work { @w[tid] = nsecs; }
kretprobe:uvc_video_copy_data_work /@w[tid]/ { printf("work %d\n", nsecs - @w[tid]); delete(@w[tid]); }
kprobe:uvc_video_complete { @c[tid] = nsecs; }
kretprobe:uvc_video_complete /@c[tid]/ { printf("complete %d\n", nsecs - @c[tid]); delete(@c[tid]); }
END { clear(@w); clear(@c); }' -c "$cmd" 2>/dev/null |
		awk -v c="$config" '$1 ~ /^(work|complete)$/ && $2 ~ /^[0-9]+$/ { print c, $1, $2 }'
	rm -f /tmp/trace.dat
}

# events_enable 0|1 EVENT...: (dis)able events given as system/name.
events_enable() {
	local v=$1 e
	shift
	for e in "$@"; do
		echo "$v" >"$tracefs/events/$e/enable"
	done
}

for r in $(seq "$rounds"); do
	echo N >"$timing"
	measure off
	echo Y >"$timing"
	measure on
	for c in "${classes[@]}"; do
		read -r -a words <<<"$c"
		events_enable 1 "${words[@]:1}"
		measure "class:${words[0]}"
		events_enable 0 "${words[@]:1}"
	done
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
