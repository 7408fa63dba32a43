#!/usr/bin/env bash
# make model-validate: the model against figures it was not given. For each
# platform of PLATFORMS (default: the RK3399's, model/platforms/rk3399-*), a guest
# under the model runs the DMA API benchmark (kmod/dma_nc_bench) on a buffer
# of the stk1160 conversion's URB size, coherent and noncontiguous; the
# modelled copy out of the buffer (and, for noncontiguous, its sync for the
# CPU) is set against what that conversion measured on the same SoC. Writes
# results/model/validation.md (and each run's model.txt beside it).
#
# Held back, never an input (model/README.md): Linux commit 68d0c3311ec1
# "media: stk1160: Use dma_alloc_noncontiguous API" ([PATCH v3 4/4],
# 2022-02-17), on "rock-pi4 (Arm64)" (RK3399): 2509 URBs of 165319 bytes
# from coherent memory, 1810.107 us each; 2508 of 165403 bytes from
# non-contiguous memory, 114.379 us each ("about 15x").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu/lib.sh
. "$here/../qemu/lib.sh"

# The published figures are an RK3399's: a platform of another SoC (one
# model/from-log wrote, say) would be set against a chip it is not.
read -r -a platforms <<<"${PLATFORMS:-$(model_platforms | tr ' ' '\n' | grep '^rk3399-' | paste -sd' ')}"
iterations=${ITERATIONS:-20}
size=168K # 42 pages: the smallest page multiple above stk1160's 165403 bytes
bytes=$((168 * 1024))
out=$RESULTS_DIR/model
mkdir -p "$out"
model_built || die "the memory model is not built: run 'make model'"

mean_us() { # mean_us REPORT PHASE WINDOW
	awk -f "$here/windows.awk" "$1" |
		awk -F, -v phase="$2" -v name="$3" '$1 == phase && $2 == name { printf "%.1f", $4 / 1000 }'
}
mbps() { awk -v b="$1" -v us="$2" 'BEGIN { printf "%.1f", b / us }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# The published figures, in MB/s (bytes / us) and as a ratio.
pub_coherent=$(mbps 165319 1810.107)
pub_cached=$(mbps 165403 114.379)
pub_ratio=$(awk 'BEGIN { printf "%.1f", (1810.107 / 165319) / (114.379 / 165403) }')

{
	echo "# The model against the stk1160 conversion (RK3399)"
	echo
	echo "Modelled by uvcdma's memory model (model/), $(date -u +%Y-%m-%dT%H:%MZ), QEMU $(cat "$MODEL_QEMU_DIR/version"),"
	echo "kernel $(kernel_source_version 2>/dev/null || echo "$KERNEL"); dma_nc_bench, $size buffer, $iterations iterations."
	echo "Published (held back, never an input): commit 68d0c3311ec1, rock-pi4 (RK3399), per URB of about 165 KB:"
	echo "coherent $pub_coherent MB/s, non-contiguous $pub_cached MB/s (its sync for the CPU inside or not: the"
	echo "commit does not say; both are given), ratio ${pub_ratio}x. predicted/published: 1.00 is exact."
	echo
	echo "| platform | coherent copy out | vs published | noncontiguous sync for CPU + copy out | vs published | copy out alone | ratio coherent / noncontiguous (with sync) | vs published ${pub_ratio}x |"
	echo "|---|---|---|---|---|---|---|---|"
} >"$out/validation.md.new"
for p in "${platforms[@]}"; do
	run=$out/validate-$p
	rm -rf "$run"
	step "model: validating $p (dma_nc_bench $size under the model)" \
		"$UVCDMA_TOP/qemu/run" --clock icount --smp 1 --model "$p" --timeout 900 --run-dir "$run" -- \
		bash model/guest/bench.sh "$size" "$iterations" coherent noncontiguous >"$out/validate-$p.log" 2>&1 ||
		{ cat "$out/validate-$p.log" >&2; die "model: the validation run on $p failed (its files: $run)"; }
	r=$run/model.txt
	coh=$(mean_us "$r" "coherent-$size" bench_copy_out)
	nc_copy=$(mean_us "$r" "noncontiguous-$size" bench_copy_out)
	nc_sync=$(mean_us "$r" "noncontiguous-$size" bench_sync_cpu)
	if [ -z "$coh" ] || [ -z "$nc_copy" ] || [ -z "$nc_sync" ]; then
		die "model: $r lacks the benchmark's windows"
	fi
	nc=$(awk -v a="$nc_copy" -v b="$nc_sync" 'BEGIN { printf "%.1f", a + b }')
	printf '| %s | %s MB/s (%s us) | %s | %s MB/s (%s + %s us) | %s | %s MB/s | %sx | %s |\n' \
		"$p" "$(mbps $bytes "$coh")" "$coh" "$(ratio "$(mbps $bytes "$coh")" "$pub_coherent")" \
		"$(mbps $bytes "$nc")" "$nc_sync" "$nc_copy" "$(ratio "$(mbps $bytes "$nc")" "$pub_cached")" \
		"$(mbps $bytes "$nc_copy")" "$(ratio "$coh" "$nc")" \
		"$(ratio "$(ratio "$coh" "$nc")" "$pub_ratio")" >>"$out/validation.md.new"
done
mv "$out/validation.md.new" "$out/validation.md"
cat "$out/validation.md"
