#!/usr/bin/env bash
# Benchmark (not a test): the DMA API's allocation strategies (kmod/
# dma_nc_bench, tools/dmabench) in each lab configuration, one guest boot
# each: allocation (+vmap) and free time, sync for device and for CPU,
# CPU copy bandwidth out of and into each mapping, for 4 KiB..4 MiB.
# Prints each configuration's table and writes, into
# results/<UTC timestamp>-dma/ (or RESULTS=DIR, e.g. results/latest to
# join the main job's results: every name here is its own, dma-*):
#   dma-environment.txt     where and how it was measured (QEMU TCG, clock)
#   dma-configs.tsv         the configurations: name, device, qemu/run options, what it is
#   dma-bench.txt           the tables
#   dma-bench.csv, dma-test.csv   every configuration's rows, with a config column
#   dma/CONFIG/             info.json, test.{txt,csv,json}, bench.{txt,csv,json}
#   dma/guest/CONFIG/       the guest run (console log, timing)
#   plots/dma-*             bandwidth, sync, alloc (PNG, SVG; plots/dma.sh)
# QEMU TCG has no cache model: uncached and cached mappings copy alike,
# and cache maintenance costs only the instructions of its loops.
#   usage: bench/dma.sh   (environment: RESULTS, ITERATIONS (default 50),
#   DMA_CONFIGS (names, default all), UVCDMA_CLOCK (default icount))
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"

# name, dmabench device, qemu/run options, what it is
configs_tsv=$(printf '%s\t%s\t%s\t%s\n' \
	platform platform "" "no IOMMU: platform device, dma-direct, not dma-coherent" \
	smmu-coherent edu "--iommu smmuv3 --device edu" "SMMUv3: edu PCI device, iommu-dma, dma-coherent" \
	smmu-noncoherent edu "--iommu smmuv3 --device edu --pci-noncoherent" \
	"SMMUv3: edu PCI device, iommu-dma, not dma-coherent (DTB without PCI dma-coherent)")
read -r -a wanted <<<"${DMA_CONFIGS:-$(cut -f1 <<<"$configs_tsv" | paste -sd' ')}"
for c in "${wanted[@]}"; do
	grep -q "^$c	" <<<"$configs_tsv" ||
		die "unknown configuration '$c' (one of: $(cut -f1 <<<"$configs_tsv" | paste -sd' '))"
done
iterations=${ITERATIONS:-50}
if ! [[ $iterations =~ ^[1-9][0-9]{0,4}$ ]] || [ "$iterations" -gt 10000 ]; then
	die "ITERATIONS='$iterations' is not a whole number from 1 to 10000"
fi
clock=${UVCDMA_CLOCK:-icount}
clock_line=$(clock_description "$clock") || exit 2
smp=()
# One vCPU under icount: another vCPU's instructions would advance the clock
# inside the timed intervals (docs/main-job.md).
[ "$clock" = icount ] && smp=(--smp 1)

out=${RESULTS:-$RESULTS_DIR/$(date -u +%Y%m%dT%H%M%SZ)-dma}
mkdir -p "$out"
out=$(cd "$out" && pwd)
release=$(cat "$KERNEL_SRC/include/config/kernel.release" 2>/dev/null) ||
	die "no kernel built in $KERNEL_SRC: run 'make lab'"
{
	echo "where: QEMU TCG arm64 guest (QEMU $(qemu-system-aarch64 --version | awk 'NR == 1 { print $4 }'), -M virt -cpu max): emulated timings, not hardware figures"
	echo "$clock_line"
	echo "cache model: none (TCG): uncached and cached mappings copy alike; cache maintenance costs only its loops' instructions"
	echo "kernel: $release"
	echo "workload: dmabench bench, $iterations iterations per strategy and size, 4K..4M"
	echo "configurations: ${wanted[*]}"
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "host: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$out/dma-environment.txt"
: >"$out/dma-configs.tsv"
: >"$out/dma-bench.txt"

for c in "${wanted[@]}"; do
	# cut, not read: read would merge the empty options field's two tabs
	row=$(grep "^$c	" <<<"$configs_tsv")
	name=$(cut -f1 <<<"$row") dev=$(cut -f2 <<<"$row") opts=$(cut -f3 <<<"$row") what=$(cut -f4 <<<"$row")
	printf '%s\t%s\t%s\t%s\n' "$name" "$dev" "$opts" "$what" >>"$out/dma-configs.tsv"
	read -r -a run_opts <<<"$opts"
	log "bench-dma: $name ($what), $iterations iterations, $clock_line"
	rm -rf "${out:?}/dma/guest/$name" "${out:?}/dma/$name"
	mkdir -p "$out/dma/guest"
	{
		echo "== $name: $what"
		echo "   QEMU TCG, $clock_line"
	} | tee -a "$out/dma-bench.txt"
	"$UVCDMA_TOP/qemu/run" --clock "$clock" ${smp[@]+"${smp[@]}"} ${run_opts[@]+"${run_opts[@]}"} \
		--timeout 1800 --run-dir "$out/dma/guest/$name" -- \
		bash bench/guest/dma.sh /job/data "$dev" "$iterations" | tee -a "$out/dma-bench.txt"
	echo | tee -a "$out/dma-bench.txt"
	mv "$out/dma/guest/$name/data" "$out/dma/$name"
done

# Every configuration's rows in one table each, the configuration first.
for what in bench test; do
	for c in "${wanted[@]}"; do
		awk -v c="$c" -F, 'NR == 1 { print "config," $0; next } { print c "," $0 }' "$out/dma/$c/$what.csv"
	done | awk 'NR == 1 || !/^config,/' >"$out/dma-$what.csv"
done
"$UVCDMA_TOP/plots/dma.sh" "$out" >/dev/null
log "bench-dma: results in $out (dma-bench.txt, dma-bench.csv, dma-test.csv, plots/dma-*)"
