#!/bin/bash
# In the guest (default lab: no IOMMU): dma_nc_bench's platform device, a
# platform device without a firmware node, is not DMA-coherent on arm64;
# every strategy and size passes the self-test with user-space mmap, the
# buffers are where the direct mapping puts them, and the benchmark runs.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/dmabench-lib.sh
plan $((4 + 7 + 9))	# dnb_selftest: 7

dnb_load
is "$(dnb_info platform has_dma),$(dnb_info platform dma_coherent),$(dnb_info platform iommu),$(dnb_info platform engine)" \
	"1,0,0,0" "platform device: DMA, not dma-coherent (no firmware node), no IOMMU, no engine"
is "$(dnb_info platform dma_mask_bits)" 64 "platform device: 64-bit DMA mask"
is "$(dnb_info nodma has_dma)" 0 "nodma device: no DMA mask"

dnb_selftest platform 0
# The direct mapping: one physically contiguous block per buffer whatever
# the strategy; noncontiguous is one sg entry in the linear map; coherent
# memory of a non-coherent device is remapped uncached (a vmap area).
is "$(dnb_rows 'r["phys_runs"] != 1')" "" "platform: every buffer is physically contiguous"
is "$(dnb_rows 'r["strategy"] == "noncontiguous" && (r["nents"] != 1 || r["orig_nents"] != 1)')" "" \
	"platform: noncontiguous sg tables have one entry (nents 1, orig_nents 1)"
is "$(dnb_rows 'r["vmapped"] != (r["strategy"] == "coherent")')" "" \
	"platform: only coherent memory is remapped (uncached, the device is not dma-coherent)"

out=$(dmabench bench -n 3 -z 4K,64K --csv 2>&1) && st=0 || st=$?
is "$st" 0 "dmabench bench runs"
is "$(awk -F, 'NR > 1' <<<"$out" | wc -l)" "$((2 * 4 + 3 * 2 * 6))" \
	"bench: 6 operations for each size of 3 strategies, 4 for coherent (no syncs)"
is "$(awk -F, 'NR > 1 && ($5 != 3 || $6 <= 0 || $8 > $6 || $9 < $6)' <<<"$out")" "" \
	"bench: 3 samples each, min <= mean <= max, mean > 0"
is "$(awk -F, 'NR > 1 && ($4 ~ /^copy/) != ($10 > 0)' <<<"$out")" "" "bench: bandwidth for the copies only"
is "$(dnb_live)" 0 "no buffer left allocated"
dnb_unload
done_testing
