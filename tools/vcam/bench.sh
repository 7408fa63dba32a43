#!/usr/bin/env bash
# Benchmark (not a test) of vcam: free-running throughput of YUYV 640x480
# and 1920x1080 (vcam --fps free, captured by vcam-verify) beside the
# guest's own memcpy bandwidth, in a fresh QEMU TCG guest. Each frame byte
# is copied about three times on this path (raw-gadget copy_from_user,
# dummy_hcd's transfer, uvcvideo's copy into the vb2 buffer), so memcpy/3
# is the ceiling to compare with. Figures are QEMU TCG guest figures, not
# hardware ones.
#   tools/vcam/bench.sh [--speed high|super]     on the host: boots a guest, writes results/bench-vcam.txt
#   tools/vcam/bench.sh --guest [--speed S]      in the guest (what the host side runs)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
speed=high

if [ "${1:-}" != --guest ]; then
	[ "${1:-}" = --speed ] && speed=${2:?--speed high|super}
	results=${UVCDMA_RESULTS_DIR:-$top/results}
	mkdir -p "$results"
	{
		echo "host load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs (TCG figures drop when the host is busy)"
		st=0
		"$top/qemu/run" --timeout 900 -- bash tools/vcam/bench.sh --guest --speed "$speed" || st=$?
		echo "host load after: $(cut -d' ' -f1-3 /proc/loadavg)"
		exit "$st"
	} | tee "$results/bench-vcam.txt"
	exit "${PIPESTATUS[0]}"
fi
shift
[ "${1:-}" = --speed ] && speed=${2:?--speed high|super}

. "$top/tests/lib/guest-lib.sh"
modprobe dummy_hcd "$([ "$speed" = super ] && echo is_super_speed=1 || echo is_super_speed=0)"
modprobe raw_gadget
modprobe uvcvideo

echo "vcam benchmark: QEMU TCG guest ($(nproc) vCPUs, $(uname -r)), $(date -u '+%Y-%m-%d %H:%M UTC'), speed $speed"
echo "guest memcpy bandwidth (vcam-memcpy, one thread):"
vcam-memcpy 1 | sed 's/^/  /'
mc=$(vcam-memcpy 1 | awk '$2 == 4147200 { print $4 }')

# run SIZE FRAMES: three captures without and three with frame verification
run() {
	local size=$1 n=$2 mode out i
	vcam_start --format yuyv --size "$size" --fps free --speed "$speed" || return 1
	# warm up: the camera prepares its 8 images on first use
	vcam-verify -f yuyv -s "$size" -r 0 -c 10 --no-check >/dev/null
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
