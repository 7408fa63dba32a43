#!/usr/bin/env bash
# The DMA API benchmark on the DMA-API debug kernel (make
# kernel-dma-debug): every check of the default lab (platform device,
# direct mapping, not coherent) and of the SMMU lab without PCI
# dma-coherent (edu behind the IOMMU, non-coherent: the syncs do cache
# maintenance), the bad-input and leak checks, and the module's unload,
# with not one DMA-API report (qemu/run exits 125 on any): allocations
# freed with matching arguments, syncs within their buffers, no leak at
# unbind.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
UVCDMA_KERNEL_VARIANT=dma-debug . "$top/qemu/lib.sh"
image=$KERNEL_IMAGE
[ -r "$image" ] || skip_all "no dma-debug kernel: run 'make kernel-dma-debug'"
# A module built against a tree reconfigured since its Image was linked
# would not match the running kernel's structures.
[ "$image" -nt "$KERNEL_SRC/.config" ] ||
	skip_all "the dma-debug kernel is older than its configuration (being rebuilt?): run 'make kernel-dma-debug'"
release=$(cat "$KERNEL_SRC/include/config/kernel.release")
[ -r "$BUILD_DIR/modules/lib/modules/$release/extra/dma_nc_bench.ko" ] ||
	skip_all "no dma_nc_bench for $release: run 'make kernel-dma-debug'"
plan 5
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$top/qemu/run" --kernel "$image" --timeout 1200 --run-dir "$dir/run" \
	--iommu smmuv3 --device edu --pci-noncoherent -- \
	bash -c 'bash tests/guest/dmabench.t && bash tests/guest/dmabench-errors.t &&
		bash tests/lab/guest/dmabench-smmu.sh 0' \
	>"$dir/out" 2>"$dir/err" && st=0 || st=$?
is "$st" 0 "every DMA API benchmark check passes on the DMA-API debug kernel, with no report"
[ "$st" -eq 0 ] || diag "$(grep -v '^ok' "$dir/out" | tail -n 20)" "$(tail -n 20 "$dir/err")"
like "$(cat "$dir/run/console.log")" 'DMA-API: debugging enabled by kernel config' \
	"DMA-API debugging was active"
like "$(cat "$dir/run/console.log")" "Linux version ${release//./\\.}" "the guest ran the dma-debug kernel ($release)"
like "$(grep -c '^ok' "$dir/out")" '^[1-9][0-9]+$' "the checks ran"
unlike "$(cat "$dir/out")" '^not ok' "and none of them failed"
done_testing
