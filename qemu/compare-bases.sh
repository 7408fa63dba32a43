#!/usr/bin/env bash
# make KERNELS="6.1 6.12 7.3": the main job on each kernel base in turn,
# with the same workload (RUNS, FRAMES, FORMAT, SIZE, FPS, MODES, CLOCK,
# JOBS as for 'make'), then every mode's runs compared across the bases:
# did a base (7.3: usbcore syncs the non-contiguous buffers) change what a
# URB costs? Each base's job keeps its own results directory; the
# comparison goes to results/<UTC timestamp>-bases/ (results/bases points
# at it): compare-<mode>.{txt,csv,json} (uvcstat compare, the first base
# the baseline: median ratio and 95% bootstrap CI) and summary.md.
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=tools/common/urb_alloc_modes.sh
. "$UVCDMA_TOP/tools/common/urb_alloc_modes.sh"

read -r -a bases <<<"${KERNELS:-}"
all_bases=$(kernel_bases | paste -sd' ')
[ "${#bases[@]}" -ge 2 ] || die "KERNELS='${KERNELS:-}': name two bases or more (the bases: $all_bases)"
for b in "${bases[@]}"; do
	[ -r "$UVCDMA_TOP/patches/$b/series" ] || die "KERNELS: no series for '$b'; the bases are: $all_bases"
done
[ "$(printf '%s\n' "${bases[@]}" | sort -u | wc -l)" = "${#bases[@]}" ] || die "KERNELS='$KERNELS' names a base twice"
read -r -a modes <<<"${MODES:-${URB_ALLOC_MODES[*]}}"

uvcstat=$BUILD_DIR/host/bin/uvcstat
stamp=$(date -u +%Y%m%dT%H%M%SZ)
out=$RESULTS_DIR/$stamp-bases
t0=$(now)
declare -A result
i=0
for b in "${bases[@]}"; do
	i=$((i + 1))
	log "bases: $b ($i of ${#bases[@]}): building its lab"
	make -s -C "$UVCDMA_TOP" lab KERNEL="$b"
	log "bases: $b ($i of ${#bases[@]}): the main job"
	UVCDMA_KERNEL=$b "$UVCDMA_TOP/qemu/pipeline.sh" >/dev/null
	result[$b]=$(readlink -f "$RESULTS_DIR/latest")
done

mkdir -p "$out"
for m in "${modes[@]}"; do
	args=()
	for b in "${bases[@]}"; do
		args+=(--label "$b")
		mapfile -t -O "${#args[@]}" args < <(mode_runs "${result[$b]}/runs" "$m")
	done
	uvcstat_compare "$uvcstat" "$out/compare-$m" "${args[@]}"
done

{
	echo "# The URB data path across kernel bases: ${bases[*]}"
	echo
	echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`make KERNELS=\"${bases[*]}\"\`: the main job on"
	echo "each base, the same workload, then each mode's timed runs compared"
	echo "across the bases, ${bases[0]} the baseline (ratio = ${bases[0]} / base: above 1, the base"
	echo "is faster; median of the run ratios, 95% bootstrap CI). QEMU TCG guests:"
	echo "instruction counts on the icount clock, no cache or memory effects;"
	echo "never hardware figures."
	echo
	echo "| base | kernel | results |"
	echo "|---|---|---|"
	for b in "${bases[@]}"; do
		echo "| $b | $(sed -n 's/^kernel: //p' "${result[$b]}/environment.txt") | \`${result[$b]#"$UVCDMA_TOP"/}\` |"
	done
	echo
	sed -n 's/^\(clock\|workload\|urb_dma_device\): /- \1: /p' "${result[${bases[0]}]}/environment.txt"
	echo
	echo "On 7.3 the noncontiguous mode is upstream's code path: usbcore syncs the"
	echo "buffers (before the completion handler, inside usb_submit_urb()). Each"
	echo "interval runs between the same points on every base, and usbcore's syncs,"
	echo "outside them, add their durations where the driver's own syncs fall"
	echo "inside, so every interval covers the same work on every base and none of"
	echo "usbcore's other steps (docs/kernels.md, \"The timed intervals\")."
	for m in "${modes[@]}"; do
		echo
		echo "## $m"
		echo
		echo '```'
		grep -E '^( |URB avg|header avg|latency avg|decode avg|sync for cpu avg|sync for device avg|FPS)' "$out/compare-$m.txt"
		echo '```'
	done
} >"$out/summary.md"
ln -sfn "$stamp-bases" "$RESULTS_DIR/bases"
log "bases: done in $(elapsed_since "$t0"): $out (results/bases)"
cat "$out/summary.md"
