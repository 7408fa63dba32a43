#!/usr/bin/env bash
# model/band.sh, the band of the modelled decode ratio over a platform's
# assumptions: the variants (each ranged parameter at each end, one at a
# time, none at an end equal to its declared value, the range read from a
# comment that may go on over lines) and the summary (lowest, highest and
# the widest parameter), on a made-up platform and hand-made reports whose
# figures are worked out below.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 13
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/p.conf" <<'EOF'
# A made-up platform.
name = p
cpi = 1.0          # ASSUMPTION, range 0.5-2.0: none
dram_ns = 100      # a measured figure, no range
miss_overlap = 1.5 # DERIVED from two chains;
                   # range 1.0-1.5: serial to the log's
dc_line_cycles = 7 # ASSUMPTION (no published figure), range 7-70: one L2 access
EOF
"$top/model/band.sh" variants "$tmp/p.conf" "$tmp/v" >"$tmp/list"
is "$(xargs -n1 basename <"$tmp/list" | paste -sd' ')" "p~cpi-lo.conf p~cpi-hi.conf p~miss_overlap-lo.conf p~dc_line_cycles-hi.conf" \
	"a variant at each end of each range, none at an end equal to the declared value"
is "$(grep -c . "$tmp/v/p~cpi-lo.conf")" "$(grep -c . "$tmp/p.conf")" "a variant is the platform file, line for line"
is "$(grep '^cpi\|^name' "$tmp/v/p~cpi-lo.conf" | sed 's/ *#.*//' | paste -sd';')" "name = p~cpi-lo;cpi = 0.5" \
	"the one value changed, the name says which"
is "$(diff <(grep -v '^cpi\|^name' "$tmp/p.conf") <(grep -v '^cpi\|^name' "$tmp/v/p~cpi-lo.conf") && echo same)" same \
	"every other value as declared"
is "$(sed -n 's/^miss_overlap = \([^ ]*\).*/\1/p' "$tmp/v/p~miss_overlap-lo.conf")" 1.0 \
	"a range given on the comment's second line is read"
"$top/model/band.sh" variants "$tmp/nope.conf" "$tmp/v2" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 2 "a missing platform file: exit 2"
like "$(cat "$tmp/err")" "cannot read .*nope.conf" "and says which"

# report NAME COHERENT_NS NONCONTIGUOUS_NS: a model.txt with the two decodes.
report() {
	printf 'platform name=%s cpu_ghz=1\n' "$1"
	printf 'window phase=coherent name=decode n=10 sum_ns=%s bytes=100\n' "$(($2 * 10))"
	printf 'window phase=noncontiguous name=decode n=10 sum_ns=%s bytes=100\n' "$(($3 * 10))"
}
# Declared 10000 / 1000 = 10x; cpi-lo 9000 / 1500 = 6x, cpi-hi 12000 /
# 800 = 15x (cpi: 6-15, 9 apart); miss_overlap-lo 15000 / 1000 = 15x
# (15-10, 5 apart); dc_line_cycles-hi 10000 / 1250 = 8x.
report p 10000 1000 >"$tmp/declared.txt"
report 'p~cpi-lo' 9000 1500 >"$tmp/a.txt"
report 'p~cpi-hi' 12000 800 >"$tmp/b.txt"
report 'p~miss_overlap-lo' 15000 1000 >"$tmp/c.txt"
report 'p~dc_line_cycles-hi' 10000 1250 >"$tmp/d.txt"
out=$("$top/model/band.sh" summarize "$tmp/declared.txt" "$tmp"/[abcd].txt)
is "$(sed -n 1p <<<"$out")" "quantity,declared,lo,hi,lo_variant,hi_variant,widest_key,widest_lo,widest_hi" "the header"
is "$(sed -n 2p <<<"$out")" "decode_ratio,10.00,6.00,15.00,cpi-lo,cpi-hi,cpi,6.00,15.00" \
	"declared 10x, band 6-15x (cpi-lo, cpi-hi), moved most by cpi"
out=$("$top/model/band.sh" summarize "$tmp/declared.txt" "$tmp/d.txt")
is "$(sed -n 2p <<<"$out")" "decode_ratio,10.00,8.00,10.00,dc_line_cycles-hi,declared,dc_line_cycles,10.00,8.00" \
	"one end only: the other end is the declared value"
out=$("$top/model/band.sh" summarize "$tmp/declared.txt")
is "$(sed -n 2p <<<"$out")" "decode_ratio,10.00,10.00,10.00,declared,declared,none,10.00,10.00" "no variant: a band of one point"
printf 'platform name=q\n' >"$tmp/empty.txt"
"$top/model/band.sh" summarize "$tmp/empty.txt" >/dev/null 2>"$tmp/err" && st=0 || st=$?
is "$st" 2 "a report without the two decodes: exit 2"
like "$(cat "$tmp/err")" "empty.txt: no coherent and noncontiguous decode windows" "and says which"
done_testing
