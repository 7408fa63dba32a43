#!/usr/bin/env bash
# make model-validate: the model against figures it was not given. One
# guest under the model runs the DMA API benchmark (kmod/dma_nc_bench) on a
# buffer of the stk1160 conversion's URB size, coherent and noncontiguous,
# in two shapes of copy out: one memcpy() into a destination that stays in
# the caches (block), and stk1160's (chunked: copy_chunk=CHUNK, a line of
# the frame at a time into every other line of a destination no cache
# holds). Every platform of PLATFORMS (default: the RK3399's,
# model/platforms/rk3399-*) and, when model/band.sh is there, each variant
# of its ranged assumptions models that one run, access for access
# (qemu/run --model, repeated). model/validation.awk sets each cluster's
# modelled copy out (noncontiguous: with its sync for the CPU) against both
# published figures of that conversion on the same SoC. Writes
# results/model/validation.md, the run in results/model/validate/ and every
# report's windows in results/model/validate-windows.csv.
#
# Held back, never an input (model/README.md, "Validation"): the figures in
# model/validation.awk, Linux commit 68d0c3311ec1 ([PATCH v3 4/4],
# 2022-02-17) and the series' v1 cover letter (2022-01-11), both on
# "rock-pi4 (Arm64)" (RK3399).
#   ITERATIONS (20) a shape and strategy; CHUNK (1440; 0: block copy only);
#   BAND=0: no variants.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu/lib.sh
. "$here/../qemu/lib.sh"

# The published figures are an RK3399's: a platform of another SoC (one
# model/from-log wrote, say) would be set against a chip it is not.
read -r -a platforms <<<"${PLATFORMS:-$(model_platforms | tr ' ' '\n' | grep '^rk3399-' | paste -sd' ')}"
iterations=${ITERATIONS:-20}
# stk1160_copy_video(): bytesperline = width * 2, at its full width of 720.
chunk=${CHUNK:-1440}
band=${BAND:-1}
size=168K # 42 pages: the smallest page multiple above stk1160's 165403 bytes
bytes=$((168 * 1024))
out=$RESULTS_DIR/model
run=$out/validate
mkdir -p "$out"
model_built || die "the memory model is not built: run 'make model'"
[ "${#platforms[@]}" -gt 0 ] || die "model: no platform to validate"

# --model for each platform, then for each variant of its assumptions.
args=()
names=()
for p in "${platforms[@]}"; do
	file=$(model_platform_file "$p") || die "model: no platform '$p'"
	args+=(--model "$file")
	names+=("$(basename "$file" .conf)")
done
# band_variants PLATFORM...: model/band.sh's variants of each, one path a line.
band_variants() {
	local p
	for p in "$@"; do
		"$here/band.sh" variants "$(model_platform_file "$p")" "$out/validate-band" || return
	done
}
nvariants=0
band_note="No band: BAND=0"
if [ "$band" != 0 ]; then
	rm -rf "$out/validate-band"
	variants=()
	if [ ! -x "$here/band.sh" ]; then
		band_note="No band: model/band.sh is not there"
	elif ! band_variants "${names[@]}" >"$out/validate-band.list"; then
		band_note="No band: model/band.sh variants failed"
	else
		mapfile -t variants <"$out/validate-band.list"
		for v in "${variants[@]}"; do
			args+=(--model "$v")
		done
		nvariants=${#variants[@]}
		band_note="The band: model/band.sh's $nvariants variants (each ranged assumption at each end of its range, one at a time, the others as declared), modelling the same run"
	fi
	rm -f "$out/validate-band.list"
fi

chunk_args=()
[ "$chunk" = 0 ] || chunk_args=(--chunk "$chunk")
rm -rf "$run"
t0=$(now)
step "model: validating ${names[*]} and $nvariants variants (dma_nc_bench $size under the model, one guest)" \
	"$UVCDMA_TOP/qemu/run" --clock icount --smp 1 "${args[@]}" --timeout 1800 --run-dir "$run" -- \
	bash model/guest/bench.sh ${chunk_args[@]+"${chunk_args[@]}"} "$size" "$iterations" coherent noncontiguous \
	>"$out/validate.log" 2>&1 ||
	{ tail -n 30 "$out/validate.log" >&2; die "model: the validation run failed (its files: $run)"; }
took=$(elapsed_since "$t0")

for r in "$run"/model-*.txt; do
	n=${r##*/model-}
	awk -f "$here/windows.awk" "$r" | sed "s/^/${n%.txt},/"
done >"$out/validate-windows.csv"

{
	echo "# The model against the stk1160 conversion's published figures (RK3399)"
	echo
	echo "Modelled by uvcdma's memory model (model/), $(date -u +%Y-%m-%dT%H:%MZ), QEMU $(cat "$MODEL_QEMU_DIR/version"),"
	echo "kernel $(kernel_source_version 2>/dev/null || echo "$KERNEL"); dma_nc_bench, $size buffer, $iterations iterations"
	echo "a strategy and shape; one guest ($took on $(nproc) cores of $(uname -m), $(lscpu 2>/dev/null |
		sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)). Every modelled figure is modelled, none measured."
	echo
	echo "Shapes of the copy out: *block*, one memcpy() into a destination that stays in the caches from one"
	echo "iteration to the next; *chunked*, stk1160's (dma_nc_bench copy_chunk=$chunk): $chunk bytes at a time"
	echo "(stk1160_copy_video(), bytesperline = width * 2 at 720 pixels), each into every other line of a"
	echo "destination that no cache holds when the iteration starts (a ring of 8 MiB of vmalloc() slots)."
	echo "The published figures do not say which cluster ran the URB handler: each is scored against both."
	echo "Nor whether their time includes the sync for the CPU: the noncontiguous figures here include it,"
	echo "the copy alone beside them. $band_note."
	echo
	awk -f "$here/validation.awk" -v platforms="${names[*]}" -v size="$size" -v bytes="$bytes" \
		-v chunk="$chunk" "$out/validate-windows.csv"
} >"$out/validation.md.new" || die "model: no validation table from $run"
mv "$out/validation.md.new" "$out/validation.md"
cat "$out/validation.md"
