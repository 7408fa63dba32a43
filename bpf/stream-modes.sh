#!/usr/bin/env bash
# stream-modes.sh [FRAMES [DEVICE]]: in the guest, with the camera
# streaming (vcam), capture FRAMES frames (default 30) from DEVICE (default
# /dev/video0) with the stock v4l2-ctl once in each of uvcvideo's URB
# allocation modes, in the kernel's enum order, then restore the mode that
# was set. It is the workload of the bpf scripts' examples and tests, so
# that every histogram keyed by mode has every mode:
#   bpftrace bpf/uvc-decode-time.bt -c '/bin/bash bpf/stream-modes.sh 30'
# Prints one line per mode: "MODE: N frames".
set -euo pipefail
# shellcheck source=tools/common/urb_alloc_modes.sh
. "$(dirname "$0")/../tools/common/urb_alloc_modes.sh"
frames=${1:-30}
dev=${2:-/dev/video0}
param=/sys/module/uvcvideo/parameters/urb_alloc

[ -w "$param" ] || { echo "stream-modes.sh: no $param (uvcvideo of the series loaded?)" >&2; exit 2; }
[ -e "$dev" ] || { echo "stream-modes.sh: no $dev (is the camera streaming?)" >&2; exit 2; }
was=$(cat "$param")
trap 'echo "$was" >"$param"' EXIT
for mode in "${URB_ALLOC_MODES[@]}"; do
	echo "$mode" >"$param"
	# v4l2-ctl prints one '<' per dequeued buffer.
	out=$(v4l2-ctl -d "$dev" --stream-mmap --stream-count="$frames" --stream-to=/dev/null 2>&1) ||
		{ printf '%s\n' "$out" >&2; exit 1; }
	echo "$mode: $(printf '%s' "$out" | tr -cd '<' | wc -c) frames"
done
