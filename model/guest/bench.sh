#!/bin/bash
# In a guest booted under the memory model (qemu/run --model): the DMA API
# benchmark (kmod/dma_nc_bench, with its model windows) for each STRATEGY
# at SIZE, ITERATIONS times, each a phase of the model's report named
# STRATEGY-SIZE. With --chunk N, each strategy runs again with the copy
# out in stk1160's shape (dma_nc_bench's copy_chunk=N: N-byte pieces into
# a cold destination), the phase STRATEGY-SIZE-chunkN. The hint module
# marks coherent memory uncached.
#   model/guest/bench.sh [--chunk N] SIZE ITERATIONS STRATEGY...
set -euo pipefail
usage() { echo "usage: bench.sh [--chunk N] SIZE ITERATIONS STRATEGY..." >&2; exit 2; }
chunk=0
if [ "${1:-}" = --chunk ]; then
	[ $# -ge 2 ] || usage
	chunk=$2
	shift 2
	case $chunk in '' | *[!0-9]* | 0) usage ;; esac
fi
[ $# -ge 3 ] || usage
size=$1 iterations=$2
shift 2
hints=/sys/module/uvcdma_model_hints/parameters
params=/sys/module/dma_nc_bench/parameters
modprobe uvcdma_model_hints || { echo "modprobe uvcdma_model_hints failed" >&2; exit 1; }
modprobe dma_nc_bench model_windows=1 || { echo "modprobe dma_nc_bench failed" >&2; exit 1; }
for s in "$@"; do
	echo 0 >"$params/copy_chunk"
	echo "$s-$size" >"$hints/phase"
	dmabench -d platform -s "$s" -z "$size" -n "$iterations" bench
	if [ "$chunk" != 0 ]; then
		echo "$chunk" >"$params/copy_chunk"
		echo "$s-$size-chunk$chunk" >"$hints/phase"
		dmabench -d platform -s "$s" -z "$size" -n "$iterations" bench
	fi
done
echo 0 >"$params/copy_chunk"
echo end >"$hints/phase"
