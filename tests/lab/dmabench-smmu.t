#!/usr/bin/env bash
# The DMA API benchmark's SMMU lab configurations: QEMU's edu device
# behind an SMMUv3 (qemu/run --iommu smmuv3 --device edu), with QEMU's
# device tree (PCI dma-coherent) and without the PCI host's dma-coherent
# (--pci-noncoherent): in each, every strategy and size passes the
# self-test with the device moving data both ways and user-space mmap, and
# a noncontiguous buffer's pages are scattered while its DMA range is
# contiguous (tests/lab/guest/dmabench-smmu.sh).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan $((2 * 5))	# 5 a configuration
mkdir -p "$top/results"
dir=$(mktemp -d "$top/results/dmabench-smmu-test.XXXX")
trap 'rm -rf "$dir"' EXIT
name=${dir##*/}

# config NAME COHERENT QEMU_RUN_OPTIONS...
config() {
	local label=$1 coherent=$2 st
	shift 2
	"$top/qemu/run" --timeout 900 --run-dir "$dir/$label" "$@" -- \
		bash tests/lab/guest/dmabench-smmu.sh "$coherent" "/results/$name/$label.json" \
		>"$dir/$label.out" 2>"$dir/$label.err" && st=0 || st=$?
	is "$st" 0 "$label: the guest's checks pass, no kernel report"
	[ "$st" -eq 0 ] || diag "$(grep -v '^ok' "$dir/$label.out" | tail -n 20)" "$(tail -n 20 "$dir/$label.err")"
	like "$(grep -c '^ok' "$dir/$label.out")" '^[1-9][0-9]+$' "$label: the guest ran its checks"
	unlike "$(cat "$dir/$label.out")" '^not ok' "$label: none failed"
	check "$label: dmabench test --json is valid JSON" python3 -m json.tool "$dir/$label.json"
	like "$(cat "$dir/$label/console.log")" 'arm-smmu-v3' \
		"$label: the kernel probed the SMMUv3"
}

config smmu-coherent 1 --iommu smmuv3 --device edu
config smmu-noncoherent 0 --iommu smmuv3 --device edu --pci-noncoherent
done_testing
