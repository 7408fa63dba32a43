#!/bin/bash
# In a guest booted under the memory model (qemu/run --model): the DMA API
# benchmark (kmod/dma_nc_bench, with its model windows) for each STRATEGY
# at SIZE, ITERATIONS times, each a phase of the model's report named
# STRATEGY-SIZE. The hint module marks coherent memory uncached.
#   model/guest/bench.sh SIZE ITERATIONS STRATEGY...
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: bench.sh SIZE ITERATIONS STRATEGY..." >&2; exit 2; }
size=$1 iterations=$2
shift 2
hints=/sys/module/uvcdma_model_hints/parameters
modprobe uvcdma_model_hints || { echo "modprobe uvcdma_model_hints failed" >&2; exit 1; }
modprobe dma_nc_bench model_windows=1 || { echo "modprobe dma_nc_bench failed" >&2; exit 1; }
for s in "$@"; do
	echo "$s-$size" >"$hints/phase"
	dmabench -d platform -s "$s" -z "$size" -n "$iterations" bench
done
echo end >"$hints/phase"
