#!/usr/bin/env bash
# Records the golden trace.dat of tests/host/uvcstat-trace.t (run by hand,
# not by the tests): boots a guest with the patched kernel, streams YUYV
# 160x120 from vcam with `uvcstat run`, 10 frames in coherent mode then 20
# in noncontiguous mode, under `trace-cmd record -e uvcvideo -e dma`, and
# keeps the last stream's stats_raw and both run reports. Also two traces
# for the error paths: no-uvcvideo.dat (no uvcvideo event formats at all)
# and idle.dat (uvcvideo events enabled, none recorded).
#   tools/uvcstat/tests/record-trace.sh [DIR]   (default tests/host/fixtures/uvcstat/trace)
# /proc/kallsyms is hidden from trace-cmd in the guest: the kernel's symbol
# table would make up nearly all of the file, and uvcstat does not need it.
set -euo pipefail

if [ "${1:-}" = --guest ]; then
	out=$2
	# shellcheck source=tests/lib/tap.sh
	. tests/lib/tap.sh
	# shellcheck source=tests/lib/guest-lib.sh
	. tests/lib/guest-lib.sh
	param=/sys/module/uvcvideo/parameters/urb_alloc
	vcam_modules
	vcam_start --format yuyv --size 160x120 --fps 30
	: >/tmp/no-kallsyms
	mount --bind /tmp/no-kallsyms /proc/kallsyms
	# shellcheck disable=SC2016 # expanded by the inner shell
	trace-cmd record -q -e uvcvideo -e dma -o "$out/trace.dat" bash -c '
		echo coherent >'"$param"'
		uvcstat run -s 160x120 -c 10 >'"$out"'/run-coherent.txt
		echo noncontiguous >'"$param"'
		uvcstat run -s 160x120 -c 20 >'"$out"'/run-noncontiguous.txt'
	cat /sys/kernel/debug/usb/uvcvideo/*/stats_raw >"$out/stats_raw"
	trace-cmd record -q -e uvcvideo -o "$out/idle.dat" sleep 0.2
	vcam_stop TERM
	trace-cmd record -q -e syscalls:sys_enter_openat -o "$out/no-uvcvideo.dat" cat /dev/null
	exit 0
fi

top=$(cd "$(dirname "$0")/../../.." && pwd)
dest=${1:-$top/tests/host/fixtures/uvcstat/trace}
name=uvcstat-record-trace.$$
mkdir -p "$top/results/$name"
"$top/qemu/run" -- bash tools/uvcstat/tests/record-trace.sh --guest "/results/$name"
mkdir -p "$dest"
cp "$top/results/$name"/{trace.dat,idle.dat,no-uvcvideo.dat,stats_raw,run-coherent.txt,run-noncontiguous.txt} "$dest/"
rm -rf "${top:?}/results/$name"
echo "recorded into $dest; regenerate the goldens:"
echo "  (cd $dest && uvcstat trace trace.dat >trace.txt; uvcstat trace --json trace.dat >trace.json"
echo "   uvcstat trace --csv trace.dat >trace.csv; uvcstat trace --cross-check stats_raw trace.dat >xcheck.txt)"
