# shellcheck shell=bash
# In the guest, after tests/lib/tap.sh: checks of the DMA API benchmark
# (kmod/dma_nc_bench, tools/dmabench) shared by tests/guest/dmabench*.t
# and the SMMU and DMA-API-debug lab tests.
#   dnb_load                      modprobe dma_nc_bench (TAP)
#   dnb_unload                    rmmod it (TAP); under DMA-API debug this
#                                 is where a leaked buffer gets reported
#   dnb_info DEV FIELD            a field of `dmabench info --csv`
#   dnb_live                      the module's live buffers (platform device)
#   dnb_selftest DEV ENGINE       `dmabench test` over every strategy and
#                                 size passes, mmap both ways; ENGINE 1: the
#                                 device moved data in every case; the CSV
#                                 is left in DNB_CSV (TAP, 7 tests)
#   dnb_field STRATEGY SIZE COL   a column of DNB_CSV's row

DNB_SIZES=11	# 4K, 8K, ... 4M
DNB_CSV=''

dnb_load() {
	check "modprobe dma_nc_bench" modprobe dma_nc_bench
}

dnb_unload() {
	check "rmmod dma_nc_bench (every buffer freed)" modprobe -r dma_nc_bench
}

dnb_info() {
	dmabench info --csv -d "$1" | awk -F, -v f="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
		NR == 2 { print $col[f] }'
}

dnb_live() {
	dnb_info platform live_buffers
}

dnb_field() {
	awk -F, -v s="$1" -v z="$2" -v c="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == s && $2 == z { print $col[c] }' <<<"$DNB_CSV"
}

# dnb_rows AWK_CONDITION: the rows of DNB_CSV where it holds (the columns
# by name, r["name"], numbers as numbers): strategy, size and result.
dnb_rows() {
	awk -F, "
		NR == 1 { for (i = 1; i <= NF; i++) name[i] = \$i; next }
		{ for (i = 1; i <= NF; i++) r[name[i]] = \$i ~ /^-?[0-9]+\$/ ? \$i + 0 : \$i }
		$1 { print \$1, \$2, \$NF }" <<<"$DNB_CSV"
}

dnb_selftest() {
	local dev=$1 engine=$2 st strategies
	DNB_CSV=$(dmabench test -d "$dev" --csv 2>&1) && st=0 || st=$?
	is "$st" 0 "dmabench test -d $dev: every check passed (exit 0)"
	[ "$st" -eq 0 ] || diag "$DNB_CSV"
	strategies=$(dmabench --list-strategies | wc -l)
	is "$(($(wc -l <<<"$DNB_CSV") - 1))" "$((strategies * DNB_SIZES))" \
		"$dev: one row for each of the $strategies strategies and $DNB_SIZES sizes"
	is "$(dnb_rows 'r["status"] != "ok" || r["result"] != "ok"')" "" \
		"$dev: allocation, pattern, syncs, read-back and free pass for every strategy and size"
	is "$(dnb_rows 'r["mmap_read"] != 1 || r["mmap_write"] != 1')" "" \
		"$dev: user space's mapping shows the kernel's bytes and the kernel sees user space's"
	is "$(dnb_rows 'r["synced"] != (r["strategy"] != "coherent")')" "" \
		"$dev: the syncs ran for every strategy but coherent"
	is "$(dnb_rows "r[\"device_checked\"] != $engine")" "" \
		"$dev: the device read and wrote the buffer in every case: $engine (1 yes, 0 no engine)"
	is "$(dnb_rows 'r["dma_contiguous"] != 1')" "" \
		"$dev: every buffer is one contiguous DMA range"
}
