#!/usr/bin/env bash
# With CONFIG_DMA_API_DEBUG (make kernel-dma-debug), uvcvideo streams in
# every URB allocation mode without a single DMA-API debug report: the
# whole in-guest mode test runs on that kernel, and any "DMA-API:" line in
# the console fails the run (qemu/run exits 125).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
UVCDMA_KERNEL_VARIANT=dma-debug . "$top/qemu/lib.sh"
image=$KERNEL_IMAGE
[ -r "$image" ] || skip_all "no dma-debug kernel: run 'make kernel-dma-debug'"
plan 5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$top/qemu/run" --kernel "$image" --run-dir "$dir/run" -- bash tests/guest/urb-alloc.t \
	>"$dir/out" 2>"$dir/err" && st=0 || st=$?
is "$st" 0 "every mode streams and verifies on the DMA-API debug kernel, with no report"
[ "$st" -eq 0 ] || diag "$(tail -n 20 "$dir/out")" "$(cat "$dir/err")"
like "$(cat "$dir/run/console.log")" 'DMA-API: debugging enabled by kernel config' \
	"DMA-API debugging was active"
like "$(cat "$dir/run/console.log")" "Linux version ${KERNEL//./\\.}\\.[0-9]+-uvcdma-dmadebug" "the guest ran the dma-debug kernel"
like "$(grep -c '^ok' "$dir/out")" '^[1-9][0-9]+$' "the mode test ran its checks"
unlike "$(cat "$dir/out")" '^not ok' "and none of them failed"
done_testing
