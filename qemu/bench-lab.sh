#!/usr/bin/env bash
# Benchmark of the lab itself (not a test): a cold kernel build (empty
# ccache, fresh tree), a no-op rebuild, a rebuild of a fresh tree with a
# warm ccache (what a new clone costs), and boot-to-ready time. Writes the
# figures to results/bench-lab.txt.
#
#   BENCH_COLD=0   skip the cold build (reuse the ccache of a previous run)
#   BENCH_BOOTS=N  number of boots to time (default 5)
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"

boots=${BENCH_BOOTS:-5}
bench_build=$BUILD_DIR/bench
bench_ccache=$bench_build/ccache
mkdir -p "$bench_build" "$RESULTS_DIR"

timed() { # timed VAR CMD...: run CMD, store its wall time in seconds in VAR
	local var=$1 t0
	shift
	t0=$(now)
	"$@"
	printf -v "$var" '%s' "$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')"
}
build_kernel() {
	UVCDMA_BUILD_DIR=$bench_build CCACHE_DIR=$bench_ccache "$UVCDMA_TOP/qemu/kernel.sh"
}

cold=skipped noop="" warm=""
if [ "${BENCH_COLD:-1}" = 1 ]; then
	rm -rf "$bench_build/linux-$KERNEL" "$bench_ccache" "$bench_build/linux-$KERNEL.stamp"
	log "bench: cold build (empty ccache, fresh tree from the tarball)"
	timed cold build_kernel
fi
log "bench: no-op rebuild"
timed noop build_kernel
rm -rf "$bench_build/linux-$KERNEL" "$bench_build/linux-$KERNEL.stamp"
log "bench: fresh tree, warm ccache (a new clone on this machine)"
timed warm build_kernel

log "bench: boot-to-ready, $boots boots"
times=()
for i in $(seq "$boots"); do
	run_dir=$RESULTS_DIR/runs/bench-lab-$(date +%Y%m%d-%H%M%S)-$i
	"$UVCDMA_TOP/qemu/run" --run-dir "$run_dir" -- true
	times+=("$(sed -n 's/^boot_to_ready_s=//p' "$run_dir/timing")")
done
boot=$(printf '%s\n' "${times[@]}" | sort -n | awk '
	{ v[NR] = $1 } END { printf "min %.2f s, median %.2f s, max %.2f s", v[1], v[int((NR + 1) / 2)], v[NR] }')

{
	echo "bench-lab ($(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), $(nproc) cores; guest: QEMU TCG)"
	echo "  cold kernel build (empty ccache):   ${cold} s"
	echo "  no-op rebuild:                      ${noop} s"
	echo "  fresh tree, warm ccache:            ${warm} s"
	echo "  boot to ready ($boots boots):           $boot"
} | tee "$RESULTS_DIR/bench-lab.txt"
