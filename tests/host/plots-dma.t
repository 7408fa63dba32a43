#!/usr/bin/env bash
# plots/dma.sh draws the DMA API benchmark's figures (bandwidth, sync,
# alloc; PNG and SVG) from a bench-dma results directory, and refuses a
# partial one with one line naming what is missing.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
command -v gnuplot >/dev/null || skip_all "gnuplot not installed (make deps)"
plan 8
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp -r "$top/tests/host/fixtures/dma-bench" "$tmp/run"
# another benchmark's figure: it must stay (results/latest is shared)
mkdir "$tmp/run/plots"
echo other >"$tmp/run/plots/averages.png"
out=$("$top/plots/dma.sh" "$tmp/run" 2>&1) && st=0 || st=$?
is "$st" 0 "draws the figures of a bench-dma run"
is "$(find "$tmp/run/plots" -type f -printf '%f\n' | sort | paste -sd' ')" \
	"averages.png dma-alloc.png dma-alloc.svg dma-bandwidth.png dma-bandwidth.svg dma-sync.png dma-sync.svg" \
	"three figures, PNG and SVG, beside the figures already there"
is "$(cat "$tmp/run/plots/averages.png")" other "the other figure is untouched"
like "$(cat "$tmp/run/plots/dma-sync.svg")" 'QEMU TCG: no cache model' "the figures say they are TCG timings"
like "$(cat "$tmp/run/plots/dma-bandwidth.svg")" 'smmu-noncoherent' "a panel row for each configuration"
is "$(find "$tmp/run" -name '.plots.*' | wc -l)" 0 "no temporary directory left"

rm "$tmp/run/dma-bench.csv"
out=$("$top/plots/dma.sh" "$tmp/run" 2>&1) && st=0 || st=$?
is "$st" 3 "a directory without dma-bench.csv: exit 3"
like "$out" '^dma.sh: .*: missing dma-bench.csv \(written by bench/dma.sh\)$' "says what is missing"
done_testing
