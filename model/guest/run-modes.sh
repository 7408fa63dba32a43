#!/bin/bash
# In a guest booted under the memory model (qemu/run --model): one stream of
# FRAMES frames for each PHASE, a phase of the model's report each. A phase
# is MODE, rROUND-MODE (a round of the main job's runs), or either followed
# by -nosync: that mode with the syncs for the CPU skipped (the hint
# module's skip_sync_for_cpu), the coherency check's positive control.
#   model/guest/run-modes.sh FORMAT SIZE FPS FRAMES PHASE...
set -euo pipefail
. tests/lib/guest-lib.sh

[ $# -ge 5 ] || { echo "usage: run-modes.sh FORMAT SIZE FPS FRAMES PHASE..." >&2; exit 2; }
fmt=$1 size=$2 fps=$3 frames=$4
shift 4
hints=/sys/module/uvcdma_model_hints/parameters
param=/sys/module/uvcvideo/parameters/urb_alloc

vcam_modules || { echo "modprobe dummy_hcd raw_gadget uvcvideo failed" >&2; exit 1; }
modprobe uvcdma_model_hints || { echo "modprobe uvcdma_model_hints failed" >&2; exit 1; }
uvcvideo_nodrop 1 || { echo "cannot set uvcvideo's nodrop" >&2; exit 1; }
vcam_start --format "$fmt" --size "$size" --fps "$fps" >&2 || { echo "vcam did not bind" >&2; exit 1; }
status=0
for m in "$@"; do
	mode=${m%-nosync}
	skip=N
	[ "$mode" = "$m" ] || skip=Y
	[[ $mode =~ ^r[0-9]+-(.*)$ ]] && mode=${BASH_REMATCH[1]}
	echo "$mode" >"$param"
	echo "$skip" >"$hints/skip_sync_for_cpu"
	echo "$m" >"$hints/phase"
	if vcam-verify -d /dev/video0 -f "$fmt" -s "$size" -r "$fps" -c "$frames" -n 8 \
		--allow-host-reorder >"/tmp/verify-$m" 2>&1; then
		echo "phase $m: $(grep '^frames' "/tmp/verify-$m")"
	else
		echo "phase $m: vcam-verify failed:" >&2
		cat "/tmp/verify-$m" >&2
		status=1
	fi
done
echo N >"$hints/skip_sync_for_cpu"
echo end >"$hints/phase"
vcam_stop TERM
# Code addresses of the report's stale reads, for their symbols.
cat /proc/kallsyms >/job/kallsyms
exit "$status"
