#!/usr/bin/env bash
# The memory model's coherency check (model/README.md): one guest under the
# model (QEMU 10 + model/plugin, platform rk3399-a53) streams MJPEG
# 1280x720@30 in every URB allocation mode, then in noncoherent and
# noncontiguous with the syncs for the CPU skipped (the hint module's
# skip_sync_for_cpu). Expected: every shipped mode reads no cached copy that
# DMA made stale and DMA overwrites no dirty line; each mode without its
# sync reads stale lines, in the copy work's memcpy; the model saw what it
# models (DMA, the syncs' cache maintenance, coherent's uncached reads).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
. "$top/qemu/lib.sh"
. "$top/tools/common/urb_alloc_modes.sh"
model_built || skip_all "the memory model is not built: run 'make model'"
release=$(cat "$KERNEL_SRC/include/config/kernel.release" 2>/dev/null || true)
if [ -z "$(find "$BUILD_DIR/modules/lib/modules/${release:-none}/extra" -name 'uvcdma_model_hints.ko*' 2>/dev/null)" ]; then
	skip_all "no hint module for the lab kernel: run 'make model'"
fi
nosync=(noncoherent-nosync noncontiguous-nosync)
frames=20
# a mode 3, a mode without its sync 2; 4
plan $((3 * ${#URB_ALLOC_MODES[@]} + 2 * ${#nosync[@]} + 4))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$top/qemu/run" --clock icount --smp 1 --model rk3399-a53 --timeout 900 --run-dir "$dir/run" -- \
	bash model/guest/run-modes.sh mjpeg 1280x720 30 "$frames" "${URB_ALLOC_MODES[@]}" "${nosync[@]}" \
	>"$dir/out" 2>"$dir/err" && st=0 || st=$?
is "$st" 0 "every phase streamed $frames frames that verify, under the model"
[ "$st" -eq 0 ] || diag "$(tail -n 20 "$dir/out")" "$(tail -n 20 "$dir/err")"
report=$dir/run/model.txt
check "the model wrote its report" test -s "$report"
touch "$report"
field() { # field RECORD PHASE KEY
	awk -v rec="$1" -v phase="phase=$2" -v key="$3" '
		$1 == rec && $2 == phase { for (i = 3; i <= NF; i++) if (index($i, key "=") == 1) print substr($i, length(key) + 2) }' "$report"
}
for mode in "${URB_ALLOC_MODES[@]}"; do
	is "$(field coherency "$mode" stale_reads)" 0 "$mode: no read of a stale cached copy"
	over=$(field coherency "$mode" dma_over_dirty)
	is "$over" 0 "$mode: DMA overwrote no dirty line"
	# What the model saw in that phase, for a failure seen once (6.12,
	# 2026-12-07, 8 lines in noncoherent) and not again in 5 runs.
	[ "$over" = 0 ] || diag "$(grep -E "^(counters|coherency|stale) phase=$mode " "$report")"
	if [ "$mode" = usb-coherent ]; then
		# dummy_hcd has no DMA: usb_alloc_coherent() gives kmalloc() memory
		# that the controller fills with the CPU.
		is "$(field counters "$mode" dma_written)" 0 "$mode: no DMA (dummy_hcd fills kmalloc() memory by PIO)"
	else
		like "$(field counters "$mode" dma_written)" '^[1-9][0-9]{5,}$' "$mode: the device's writes were modelled as DMA"
	fi
done
for phase in "${nosync[@]}"; do
	like "$(field coherency "$phase" stale_reads)" '^[1-9][0-9]{3,}$' \
		"$phase: the missing sync for the CPU shows as stale reads"
	# The stale reads' code: symbols from the guest's kallsyms.
	symbols=$(sed -n "s/^stale phase=$phase pc=0x\\([0-9a-f]*\\) .*/\\1/p" "$report" |
		while read -r pc; do
			# 64-bit addresses, beyond awk's doubles: compared as
			# strings of 16 hex digits.
			awk -v pc="x$pc" '
				$2 ~ /^[tT]$/ { a = "x" $1; if (a <= pc && a > best) { best = a; name = $3 } }
				END { print name }' "$dir/run/kallsyms"
		done | sort -u | paste -sd' ')
	like "$symbols" 'memcpy' "$phase: the stale reads are the copy work's memcpy ($symbols)"
done
like "$(field counters coherent uncached_loads)" '^[1-9][0-9]{4,}$' "coherent: the URB buffers were read uncached"
like "$(field counters noncontiguous dc_ops)" '^[1-9][0-9]{3,}$' "noncontiguous: the syncs' cache maintenance was modelled"
done_testing
