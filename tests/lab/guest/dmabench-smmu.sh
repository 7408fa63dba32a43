#!/bin/bash
# In a guest booted with --iommu smmuv3 --device edu [--pci-noncoherent]
# (tests/lab/dmabench-smmu.t, tests/lab/dmabench-dma-debug.t): QEMU's edu
# device is behind the SMMU, and its DMA engine reads and writes every
# buffer across the syncs; a noncontiguous buffer is scattered pages in
# one contiguous DMA (IOVA) range. TAP on stdout.
#   dmabench-smmu.sh COHERENT [JSON_OUT]   COHERENT: 1 or 0, what
#   dev_is_dma_coherent must say of edu; JSON_OUT: where to write
#   `dmabench test --json` for the host to check
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/dmabench-lib.sh
coherent=$1
json_out=${2:-}
json_tests=0
[ -z "$json_out" ] || json_tests=1
# dnb_load 1, edu 3, dnb_selftest 7, 7 more (and the JSON's with JSON_OUT),
# dnb_unload 1
plan $((1 + 3 + 7 + 7 + json_tests + 1))

dnb_load
is "$(dnb_info edu has_dma),$(dnb_info edu iommu),$(dnb_info edu engine)" "1,1,1" \
	"edu: DMA, behind the IOMMU, with its DMA engine"
is "$(dnb_info edu dma_coherent)" "$coherent" "edu: dev_is_dma_coherent is $coherent"
is "$(dnb_info platform iommu),$(dnb_info platform dma_coherent)" "0,0" \
	"platform device: still no IOMMU and not dma-coherent (no firmware node)"

dnb_selftest edu 1
# The IOMMU path of dma_alloc_noncontiguous: one DMA segment (nents 1)
# over pages allocated one by one (orig_nents entries, merged where
# neighbours happen to be adjacent), mapped into a vmap area.
is "$(dnb_rows 'r["strategy"] == "noncontiguous" && (r["nents"] != 1 || r["dma_runs"] != 1 || r["vmapped"] != 1)')" "" \
	"edu: every noncontiguous buffer has nents 1, one DMA range, a vmap mapping"
is "$(dnb_rows 'r["strategy"] == "noncontiguous" && r["orig_nents"] != r["phys_runs"]')" "" \
	"edu: orig_nents counts the physically contiguous runs of pages"
# Below 2 MiB the SMMU's next page size, the pages come one by one:
# scattered. 1M is 256 pages.
runs=$(dnb_field noncontiguous 1048576 phys_runs)
like "$runs" '^([2-9]|[1-9][0-9]+)$' \
	"edu: the 1 MiB noncontiguous buffer's pages are not physically contiguous ($runs runs)"
is "$(dnb_field noncontiguous 1048576 dma_contiguous)" 1 \
	"edu: ... while its DMA range is contiguous (the device copied across its page boundary)"
scattered=$(dnb_rows 'r["strategy"] == "noncontiguous" && r["phys_runs"] > 1' | wc -l)
like "$scattered" '^([3-9]|1[0-9])$' "edu: at least 3 noncontiguous sizes came out scattered ($scattered)"
is "$(dnb_rows 'r["strategy"] == "pages" && r["phys_runs"] != 1')" "" \
	"edu: dma_alloc_pages buffers are physically contiguous"
if [ "$json_tests" = 1 ]; then
	check "dmabench test --json -d edu" bash -c "dmabench test --json -d edu >$json_out"
fi
is "$(dnb_live)" 0 "no buffer left allocated"
dnb_unload
done_testing
