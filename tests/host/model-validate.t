#!/usr/bin/env bash
# make model-validate's scoring (model/validation.awk): the published
# stk1160 figures per byte and as a ratio, each platform's modelled copy
# out in both shapes (block, chunked), the band of its ratio over its
# variants, and predicted / published for each figure, platform and
# shape, on hand-made windows, every figure worked out by hand below.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 16
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Published, per byte (bytes / us = MB/s):
#   v3: coherent 165319 / 1810.107 = 91.331, noncontiguous 165403 / 114.379
#       = 1446.096, ratio 1446.096 / 91.331 = 15.834
#   v1: coherent 92010 / 934.474 = 98.462, noncontiguous 100290 / 87.054
#       = 1152.044, ratio 1152.044 / 98.462 = 11.700
# Modelled, 100000 bytes a copy (means in ns):
#   pa block: coherent 1000 us = 100.0 MB/s; noncontiguous 30 us sync + 50 us
#     copy = 80 us = 1250.0 MB/s, the copy alone 2000.0 MB/s; ratio
#     1000 / 80 = 12.50x
#   pa chunked: coherent 1100 us = 90.9 MB/s; 30 + 70 = 100 us = 1000.0 MB/s,
#     alone 1428.6 MB/s; ratio 11.00x
#   pa~cpi-lo: block 900 / (40 + 50) = 10.00x, chunked 1000 / (30 + 70) = 10.00x
#   pa~cpi-hi: block 1500 / (30 + 50) = 18.75x, chunked 10.00x (a tie with
#     cpi-lo: the first name, cpi-hi, whatever the order of the rows)
#   so pa's band: block 10.00-18.75x (cpi-lo, cpi-hi), chunked 10.00-11.00x
#     (cpi-hi, declared: no variant above the declared values)
#   pab~cpi-lo is another platform's variant: not in pa's band
#   pb block: coherent 2000 us = 50.0 MB/s; 20 + 20 = 40 us = 2500.0 MB/s,
#     alone 5000.0 MB/s; 50.00x. chunked: 50.0 MB/s; 20 + 30 = 50 us =
#     2000.0 MB/s, alone 3333.3 MB/s; 40.00x. No variants: no band.
# Predicted / published:
#   v3 pa block: 100 / 91.331 = 1.09, 1250 / 1446.096 = 0.86, 12.5 / 15.834
#     = 0.79, band 10 / 15.834 = 0.63 to 18.75 / 15.834 = 1.18
#   v3 pa chunked: 90.909 / 91.331 = 1.00, 1000 / 1446.096 = 0.69,
#     11 / 15.834 = 0.69, band 0.63-0.69
#   v3 pb block: 50 / 91.331 = 0.55, 2500 / 1446.096 = 1.73, 50 / 15.834 = 3.16
#   v1 pa block: 100 / 98.462 = 1.02, 1250 / 1152.044 = 1.09, 12.5 / 11.700
#     = 1.07, band 10 / 11.700 = 0.85 to 18.75 / 11.700 = 1.60
#   v1 pb chunked: 50 / 98.462 = 0.51, 2000 / 1152.044 = 1.74, 40 / 11.700 = 3.42
w() { # w REPORT PHASE WINDOW MEAN_NS: a row as validate.sh gives it
	printf '%s,%s,%s,20,%s,100000.0\n' "$1" "$2" "$3" "$4"
}
{
	w pa coherent-X bench_copy_out 1000000.0
	w pa coherent-X bench_copy_in 25000.0
	w pa noncontiguous-X bench_sync_cpu 30000.0
	w pa noncontiguous-X bench_copy_out 50000.0
	w pa coherent-X-chunk1440 bench_copy_chunked 1100000.0
	w pa noncontiguous-X-chunk1440 bench_sync_cpu 30000.0
	w pa noncontiguous-X-chunk1440 bench_copy_chunked 70000.0
	w pa~cpi-lo coherent-X bench_copy_out 900000.0
	w pa~cpi-lo noncontiguous-X bench_sync_cpu 40000.0
	w pa~cpi-lo noncontiguous-X bench_copy_out 50000.0
	w pa~cpi-lo coherent-X-chunk1440 bench_copy_chunked 1000000.0
	w pa~cpi-lo noncontiguous-X-chunk1440 bench_sync_cpu 30000.0
	w pa~cpi-lo noncontiguous-X-chunk1440 bench_copy_chunked 70000.0
	w pab~cpi-lo coherent-X bench_copy_out 9000000.0
	w pab~cpi-lo noncontiguous-X bench_sync_cpu 1000.0
	w pab~cpi-lo noncontiguous-X bench_copy_out 1000.0
	w pb coherent-X bench_copy_out 2000000.0
	w pb noncontiguous-X bench_sync_cpu 20000.0
	w pb noncontiguous-X bench_copy_out 20000.0
	w pb coherent-X-chunk1440 bench_copy_chunked 2000000.0
	w pb noncontiguous-X-chunk1440 bench_sync_cpu 20000.0
	w pb noncontiguous-X-chunk1440 bench_copy_chunked 30000.0
	w pa~cpi-hi coherent-X bench_copy_out 1500000.0
	w pa~cpi-hi noncontiguous-X bench_sync_cpu 30000.0
	w pa~cpi-hi noncontiguous-X bench_copy_out 50000.0
	w pa~cpi-hi coherent-X-chunk1440 bench_copy_chunked 1000000.0
	w pa~cpi-hi noncontiguous-X-chunk1440 bench_sync_cpu 30000.0
	w pa~cpi-hi noncontiguous-X-chunk1440 bench_copy_chunked 70000.0
} >"$tmp/windows.csv"
score() { # score CHUNK CSV
	awk -f "$top/model/validation.awk" -v platforms="pa pb" -v size=X -v bytes=100000 -v chunk="$1" "$2"
}
score 1440 "$tmp/windows.csv" >"$tmp/out.md" && st=0 || st=$?
is "$st" 0 "validation.awk scores the hand-made windows"
out=$(cat "$tmp/out.md")
row() { awk -v p="$1" 'index($0, p) == 1' <<<"$out"; } # the rows starting with $1

is "$(row '| v3 | commit')" \
	"| v3 | commit 68d0c3311ec1 ([PATCH v3 4/4], 2022-02-17) | 91.3 MB/s (1810.107 us for 165319 B) | 1446.1 MB/s (114.379 us for 165403 B) | 15.83x |" \
	"the v3 figure per byte and as a ratio"
is "$(row '| v1 | cover')" \
	"| v1 | cover letter [PATCH 0/3] (2022-01-11) | 98.5 MB/s (934.474 us for 92010 B) | 1152.0 MB/s (87.054 us for 100290 B) | 11.70x |" \
	"the v1 figure per byte and as a ratio"
is "$(row '| pa | block |')" \
	"| pa | block | 100.0 MB/s (1000.0 us) | 1250.0 MB/s (30.0 + 50.0 us) | 2000.0 MB/s | 12.50x | 10.00-18.75x (cpi-lo, cpi-hi; 2 variants) |" \
	"modelled block copy with the sync, the copy alone, the ratio and its band"
is "$(row '| pa | chunked')" \
	"| pa | chunked 1440 B, cold | 90.9 MB/s (1100.0 us) | 1000.0 MB/s (30.0 + 70.0 us) | 1428.6 MB/s | 11.00x | 10.00-11.00x (cpi-hi, declared; 2 variants) |" \
	"the chunked shape; a tie goes to the first name; no variant above: the declared end"
is "$(row '| pb | block |')" \
	"| pb | block | 50.0 MB/s (2000.0 us) | 2500.0 MB/s (20.0 + 20.0 us) | 5000.0 MB/s | 50.00x | - |" \
	"a platform without variants: no band (and pab's variant is not pa's)"
is "$(row '| pb | chunked')" \
	"| pb | chunked 1440 B, cold | 50.0 MB/s (2000.0 us) | 2000.0 MB/s (20.0 + 30.0 us) | 3333.3 MB/s | 40.00x | - |" \
	"its chunked shape"
is "$(row '| v3 | pa | block |')" "| v3 | pa | block | 1.09 | 0.86 | 0.79 | 0.63-1.18 |" \
	"v3 against pa's block copy"
is "$(row '| v3 | pa | chunked')" "| v3 | pa | chunked 1440 B, cold | 1.00 | 0.69 | 0.69 | 0.63-0.69 |" \
	"v3 against pa's chunked copy"
is "$(row '| v3 | pb | block |')" "| v3 | pb | block | 0.55 | 1.73 | 3.16 | - |" \
	"v3 against the other platform"
is "$(row '| v1 | pa | block |')" "| v1 | pa | block | 1.02 | 1.09 | 1.07 | 0.85-1.60 |" \
	"v1 against pa's block copy"
is "$(row '| v1 | pb | chunked')" "| v1 | pb | chunked 1440 B, cold | 0.51 | 1.74 | 3.42 | - |" \
	"v1 against pb's chunked copy"
is "$(grep -c '^| v[13] | p[ab] |' <<<"$out")" 8 "a score a figure, platform and shape: 2 x 2 x 2"

# CHUNK=0: the block copy only.
score 0 "$tmp/windows.csv" >"$tmp/block.md"
is "$(grep -c '^| v[13] | p[ab] | block |' "$tmp/block.md") $(grep -c 'chunked' "$tmp/block.md" || true)" "4 0" \
	"without a chunk, the block copy alone is scored"

# A platform whose report lacks a shape's windows is an error, not a row.
grep -v '^pb,.*chunk' "$tmp/windows.csv" >"$tmp/partial.csv"
score 1440 "$tmp/partial.csv" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 1 "a missing window fails"
like "$(cat "$tmp/err")" 'pb lacks the windows of the chunked 1440 B, cold shape' "and says whose and which"
done_testing
