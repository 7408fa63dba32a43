#!/bin/bash
# Guest half of the main job (qemu/pipeline.sh runs each stage in a fresh
# guest, so tracing and bpftrace never run during the timed captures):
#
#   main-job.sh smoke                          the camera binds, a short stream verifies
#   main-job.sh measure PLAN OUT               the timed runs, after one warm-up stream:
#                                              PLAN has one "RUN ROUND MODE"
#                                              line a run; each run is a fresh stream
#                                              (STREAMON allocates its URB buffers anew)
#                                              with `uvcstat run`, and leaves
#                                              OUT/runs/RUN-MODE/{run.txt,stats,stats_raw}
#   main-job.sh trace OUT MODE...              one run a mode under trace-cmd record -e
#                                              uvcvideo -e dma: OUT/trace-MODE.dat
#   main-job.sh bpf OUT MODE...                every bpf/*.bt at once over one run a
#                                              mode (bench/guest/bpf-kit.sh):
#                                              OUT/bpf/NAME.txt (NAME.err: the
#                                              script failed)
#   main-job.sh throughput OUT FRAMES          free-running YUYV: OUT/throughput.txt
#
# The workload comes from the environment: WL_FORMAT (yuyv|mjpeg), WL_SIZE
# (WxH), WL_FPS, WL_FRAMES (frames a run). Progress goes to stderr.
set -euo pipefail
. tests/lib/guest-lib.sh
. bench/guest/bpf-kit.sh

param=/sys/module/uvcvideo/parameters/urb_alloc
fmt=${WL_FORMAT:-mjpeg}
size=${WL_SIZE:-1280x720}
fps=${WL_FPS:-30}
frames=${WL_FRAMES:-150}
t_start=$(date +%s.%N)

progress() {
	printf '[guest %6.1f s] %s\n' "$(awk -v a="$t_start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" \
		"$*" >&2
}

die() {
	echo "main-job.sh: $*" >&2
	exit 1
}

# camera_up VCAM-OPTIONS...: uvcvideo's nodrop is NODROP, by default the
# value uvcvideo ships with (0 on 6.1 and 6.12, 1 on 7.3: the measured
# streams run the driver's default); the captures that may lose frames for
# want of a buffer and tolerate it (vcam-verify --allow-no-buffer-drops)
# set NODROP=1 to tell the cause.
nodrop_shipped=
camera_up() {
	vcam_modules || die "modprobe dummy_hcd raw_gadget uvcvideo failed"
	# read before anything here writes it
	: "${nodrop_shipped:=$(cat /sys/module/uvcvideo/parameters/nodrop)}"
	uvcvideo_nodrop "${NODROP:-$nodrop_shipped}" ||
		die "uvcvideo: cannot set nodrop=${NODROP:-$nodrop_shipped}"
	vcam_start "$@" >&2 || die "the virtual camera did not bind (vcam $*)"
}

camera_down() {
	vcam_stop TERM
	progress "camera: ${VCAM_SUMMARY:-no summary}"
}

# capture MODE REPORT [WRAPPER...]: one fresh stream of the workload in
# MODE (run under WRAPPER, e.g. trace-cmd record), the uvcstat run report
# in REPORT.
capture() {
	local report=$2
	echo "$1" >"$param"
	shift 2
	"$@" uvcstat run -d /dev/video0 -f "$fmt" -s "$size" -r "$fps" -c "$frames" -n 8 \
		--timeout 120 >"$report"
}

smoke() {
	NODROP=1 camera_up --format "$fmt" --size "$size" --fps "$fps"
	progress "smoke: the camera bound: $(cat /sys/class/video4linux/video0/name)"
	vcam-verify -d /dev/video0 -f "$fmt" -s "$size" -r "$fps" -c 30 -n 8 \
		--allow-host-reorder --allow-no-buffer-drops 10 >&2 ||
		die "smoke: 30 frames of $fmt $size@$fps did not verify"
	progress "smoke: 30 frames of $fmt $size@$fps captured and verified"
	camera_down
}

measure() {
	local plan=$1 out=$2 n total run round mode dir stats
	total=$(wc -l <"$plan")
	camera_up --format "$fmt" --size "$size" --fps "$fps"
	stats=$(vcam_stats_dir)
	# The first stream of a boot pays for first-time work (page faults,
	# the camera preparing its frames): one stream, not timed, first.
	progress "measure: warm-up stream, not timed ($frames frames)"
	local warm=$out/warm-up.txt
	# a plan shard of JOBS=N (plan-K.txt): its guest's own warm-up
	[[ ${plan##*/} != plan-*.txt ]] || warm=$out/warm-up-${plan##*/plan-}
	capture "$(awk 'NR == 1 { print $3 }' "$plan")" "$warm" ||
		die "the warm-up stream failed: $(tail -n 1 "$warm")"
	n=0
	while read -r run round mode; do
		n=$((n + 1))
		dir=$out/runs/$run-$mode
		mkdir -p "$dir"
		progress "measure: run $n of $total: $mode (round $round), $frames frames $fmt $size@$fps"
		capture "$mode" "$dir/run.txt" || die "run $run ($mode) failed: $(tail -n 1 "$dir/run.txt")"
		cat "$stats/stats" >"$dir/stats"
		cat "$stats/stats_raw" >"$dir/stats_raw"
	done <"$plan"
	camera_down
}

trace() {
	local out=$1 mode
	shift
	camera_up --format "$fmt" --size "$size" --fps "$fps"
	for mode in "$@"; do
		progress "trace: $mode: trace-cmd record -e uvcvideo -e dma over $frames frames"
		capture "$mode" "$out/trace-$mode.txt" \
			trace-cmd record -q -e uvcvideo -e dma -o "$out/trace-$mode.dat" ||
			die "trace: $mode: recording failed"
	done
	camera_down
}

bpf() {
	local out=$1 script names=()
	shift
	mkdir -p "$out/bpf"
	camera_up --format "$fmt" --size "$size" --fps "$fps"
	for script in bpf/*.bt; do
		names+=("$(basename "$script" .bt)")
	done
	bpf_kit_run "$out/bpf" "${names[@]}" -- "$@" || die "bpf: a capture failed"
	camera_down
}

throughput() {
	local out=$1 n=$2
	NODROP=1 camera_up --format yuyv --size 640x480 --fps free
	progress "throughput: $n frames YUYV 640x480, free-running camera"
	# A free-running camera outruns the capture whenever the guest's one
	# vCPU runs the camera more than the reader: frames that found no
	# buffer are its pace, not a fault (6.1 lost 5 %, 7.3 10 %, on
	# 2026-12-05), so up to a quarter of them pass; any other loss fails.
	vcam-verify -d /dev/video0 -f yuyv -s 640x480 -r 30 -c "$n" -n 8 --allow-host-reorder \
		--allow-no-buffer-drops 25 >"$out/throughput-verify.txt" || die "throughput: capture failed"
	camera_down
	{
		echo "workload: YUYV 640x480, camera free-running (no frame interval), $n frames"
		echo "capture: $(grep -m 1 -E 'fps|MB/s' "$out/throughput-verify.txt" || true)"
		echo "camera: $VCAM_SUMMARY"
	} >"$out/throughput.txt"
}

[ $# -ge 1 ] || die "usage: main-job.sh smoke|measure|trace|bpf|throughput ..."
stage=$1
shift
case $stage in
smoke) smoke ;;
measure) measure "$@" ;;
trace) trace "$@" ;;
bpf) bpf "$@" ;;
throughput) throughput "$@" ;;
*) die "unknown stage '$stage'" ;;
esac
