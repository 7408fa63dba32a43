#!/usr/bin/env bash
# Benchmark (not a test) of vcam in a fresh QEMU TCG guest:
#  - the nominal rate: YUYV 640x480@30 and MJPEG 1280x720@30 paced by the
#    camera, the fps delivered into the capture (vcam-verify, every frame
#    verified), the rate vcam sent at, and the frame slots vcam skipped
#    because it fell behind ("late");
#  - free-running throughput of YUYV 640x480 and 1920x1080 (vcam --fps
#    free, captured by vcam-verify) beside the guest's own memcpy
#    bandwidth. Each frame byte is copied about three times on this path
#    (raw-gadget copy_from_user, dummy_hcd's transfer, uvcvideo's copy into
#    the vb2 buffer), so memcpy/3 is the ceiling to compare with.
# The guest runs under the icount clock by default (guest time = executed
# instructions, repeatable); UVCDMA_CLOCK=realtime (make bench-vcam
# CLOCK=realtime) runs it on the host's wall clock. Figures are QEMU TCG
# guest figures, not hardware ones, labelled with their clock.
#   tools/vcam/bench.sh [--speed high|super] [--nominal]   on the host: boots a guest, writes results/bench-vcam.txt
#   tools/vcam/bench.sh --guest [--speed S] [--nominal]    in the guest (what the host side runs)
# --nominal measures the nominal rate only (also reports host seconds per
# guest second of each capture: how the icount shift was chosen).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
speed=high
nominal_only=0
guest=0
while [ $# -gt 0 ]; do
	case $1 in
	--guest) guest=1; shift ;;
	--speed) speed=${2:?--speed high|super}; shift 2 ;;
	--nominal) nominal_only=1; shift ;;
	*) echo "usage: ${0##*/} [--guest] [--speed high|super] [--nominal]" >&2; exit 2 ;;
	esac
done
args=(--speed "$speed")
[ "$nominal_only" = 0 ] || args+=(--nominal)

if [ "$guest" = 0 ]; then
	# shellcheck source=qemu/lib.sh
	. "$top/qemu/lib.sh"
	clock=${UVCDMA_CLOCK:-icount}
	clock_description "$clock" >/dev/null || exit 2
	mkdir -p "$RESULTS_DIR"
	run_dir=$RESULTS_DIR/runs/bench-vcam-$clock-$(date +%Y%m%d-%H%M%S)-$$
	{
		clock_description "$clock"
		echo "host load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (realtime-clock figures drop when the host is busy)"
		st=0
		"$top/qemu/run" --clock "$clock" --run-dir "$run_dir" --timeout 900 -- \
			bash tools/vcam/bench.sh --guest "${args[@]}" || st=$?
		echo "host load after: $(cut -d' ' -f1-3 /proc/loadavg)"
		# Each nominal capture left two marks in the run directory: the
		# guest's clock in the file, the host's in its modification time.
		for start in "$run_dir"/mark-*-start; do
			[ -e "$start" ] || continue
			end=${start%-start}-end
			[ -e "$end" ] || continue
			name=${start#"$run_dir"/mark-}
			awk -v n="${name%-start}" -v hs="$(stat -c %.6Y "$start")" -v he="$(stat -c %.6Y "$end")" \
				-v gs="$(cat "$start")" -v ge="$(cat "$end")" 'BEGIN {
				printf "host seconds per guest second, %s: %.2f (%.1f s host for %.1f s guest)\n",
					n, (he - hs) / (ge - gs), he - hs, ge - gs }'
		done
		exit "$st"
	} | tee "$RESULTS_DIR/bench-vcam.txt"
	exit "${PIPESTATUS[0]}"
fi

. "$top/tests/lib/guest-lib.sh"
modprobe dummy_hcd "$([ "$speed" = super ] && echo is_super_speed=1 || echo is_super_speed=0)"
modprobe raw_gadget
modprobe uvcvideo

echo "vcam benchmark: QEMU TCG guest ($(nproc) vCPUs, $(uname -r)), $(date -u '+%Y-%m-%d %H:%M UTC'), speed $speed"

# mark NAME: the guest's clock now, in a file of the run directory (/job)
# whose modification time the host's clock sets.
mark() { [ ! -d /job ] || date +%s.%N >"/job/mark-$1"; }

# vcam_ready: wait until the camera (started with -v) has made its images
# (a few seconds for MJPEG 1280x720 under TCG), so the figures are the
# stream's alone.
vcam_ready() {
	local i
	for ((i = 0; i < 1200; i++)); do
		grep -q 'images ready' "$VCAM_TMP/vcam.err" && return 0
		sleep 0.1
	done
	echo "  (vcam did not say its images were ready)"
}

# nominal FORMAT SIZE FRAMES: a fresh vcam paced at 30 fps, FRAMES frames
# captured and verified by vcam-verify (8 buffers), then vcam's summary:
# the rate it sent at (first frame to last) and the slots it skipped.
nominal() {
	local fmt=$1 size=$2 n=$3 out
	vcam_start -v --format "$fmt" --size "$size" --fps 30 --speed "$speed" || return 1
	vcam_ready
	mark "$fmt-$size-start"
	out=$(vcam-verify -f "$fmt" -s "$size" -r 30 -c "$n" -n 8 --allow-host-reorder 2>&1) || true
	mark "$fmt-$size-end"
	vcam_stop TERM
	vcam_wait_gone || true
	awk -v f="${fmt^^}" -v s="$size" -v vs="$VCAM_SUMMARY" '
		/^frames / { ok = $4; dropped = $6; corrupt = $8 }
		/^cycles / { t = $4; fps = $6 }
		END {
			sent = "?"; late = "?"
			if (match(vs, /fps [0-9.]+/)) sent = substr(vs, RSTART + 4, RLENGTH - 4)
			if (match(vs, /late [0-9]+/)) late = substr(vs, RSTART + 5, RLENGTH - 5)
			printf "  %-5s %-9s @30  captured %5.2f fps (%s frames ok in %s s, dropped %s, corrupt %s)  vcam sent %s fps  late slots %s\n",
				f, s, fps, ok, t, dropped, corrupt, sent, late
		}' <<<"$out"
}

echo "nominal rate, vcam --fps 30 -> uvcvideo -> vcam-verify (8 buffers; fps from STREAMON to the last frame):"
nominal yuyv 640x480 300
nominal mjpeg 1280x720 300
[ "$nominal_only" = 0 ] || exit 0

echo "guest memcpy bandwidth (vcam-memcpy, one thread):"
vcam-memcpy 1 | sed 's/^/  /'
mc=$(vcam-memcpy 1 | awk '$2 == 4147200 { print $4 }')

# run SIZE FRAMES: three captures without and three with frame verification
run() {
	local size=$1 n=$2 mode out i
	vcam_start -v --format yuyv --size "$size" --fps free --speed "$speed" || return 1
	vcam_ready
	for mode in --no-check --allow-host-reorder; do
		for i in 1 2 3; do
			out=$(vcam-verify -f yuyv -s "$size" -r 0 -c "$n" "$mode" 2>&1) || true
			awk '/^cycles/ { print $6, $8 }' <<<"$out"
		done | sort -n | awk -v s="$size" -v m="$([ "$mode" = --no-check ] && echo capture || echo capture+verify)" '
			{ f[NR] = $1; b[NR] = $2 }
			END { printf "  YUYV %-9s %-15s median %6.1f fps %6.1f MB/s   (3 runs: %.1f %.1f %.1f fps)\n",
				s, m, f[2], b[2], f[1], f[2], f[3] }'
	done
	vcam_stop TERM
	vcam_wait_gone || true
}

echo "free-running capture, vcam --fps free -> uvcvideo -> vcam-verify (mmap, 4 buffers):"
run 640x480 300
run 1920x1080 40
awk -v m="$mc" 'BEGIN { printf "ceiling: guest memcpy %.0f MB/s / 3 copies = %.0f MB/s (QEMU TCG guest)\n", m, m / 3 }'
