#!/bin/bash
# Guest half of bench/dma.sh: on DEVICE, the self-test's shapes (test.*)
# and the benchmark (bench.*: table on stdout, JSON and CSV from the same
# measurements) into OUTDIR, plus the device's info.json.
#   usage: bench/guest/dma.sh OUTDIR DEVICE ITERATIONS
set -euo pipefail
out=$1 dev=$2 iterations=$3
modprobe dma_nc_bench
mkdir -p "$out"
dmabench info --json -d "$dev" >"$out/info.json"
dmabench test -d "$dev" --json-out "$out/test.json" --csv-out "$out/test.csv" >"$out/test.txt"
dmabench bench -d "$dev" -n "$iterations" --json-out "$out/bench.json" --csv-out "$out/bench.csv" |
	tee "$out/bench.txt"
modprobe -r dma_nc_bench
