#!/usr/bin/env bash
# model/from-log on synthetic sbc-bench logs (tests/host/fixtures/from-log/,
# made-up figures in sbc-bench's layout): a big.LITTLE log (each cluster's
# figures, huge-page latencies, sysfs cache sizes), a log of one cluster
# with 4 KiB-page latencies only and lscpu's sizes, one without
# tinymembench, and garbage; copies of the second with its 64 MiB row's
# dual random read changed or cut (miss_overlap clamped, refused). Every value, and the log line each cites, is
# worked out by hand below; every file written loads with the memory
# model's own parser (model/plugin/platform.c) and has its keys in its
# order. Every refusal exits 2, says why, names the file and writes no
# -o FILE. The checks of the output are shown failing on broken copies.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
fl=$top/model/from-log
fx=$top/tests/host/fixtures/from-log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plan 96

# values FILE: "key=value ..." of a platform file, on one line
values() { awk '/^[a-z]/ && $2 == "=" { printf "%s%s=%s", n++ ? " " : "", $1, $3 } END { print "" }' "$1"; }
# note KEY FILE: KEY's comment, its continuation lines joined
note() {
	awk -v k="$1" '/^[a-z]/ { on = ($1 == k) } on && /#/ { sub(/^[^#]*# /, ""); printf "%s%s", n++ ? " " : "", $0 } END { print "" }' "$2"
}
# header FILE: the header's comment, joined
header() { awk '/^[a-z]/ { exit } { sub(/^# */, ""); printf "%s%s", n++ ? " " : "", $0 } END { print "" }' "$1"; }
# assumptions FILE: how many values are marked ASSUMPTION, and how many of
# those give a range LO-HI
assumptions() {
	local k a=0 r=0 text
	while read -r k; do
		text=$(note "$k" "$1")
		[[ $text == *ASSUMPTION* ]] || continue
		a=$((a + 1))
		if [[ $text =~ ASSUMPTION[^:]*range\ [0-9.]+-[0-9.]+ ]]; then r=$((r + 1)); fi
	done < <(awk '/^[a-z]/ { print $1 }' "$1")
	echo "$a assumed, $r with a range"
}
# layout FILE: the lines that break the rk3399 files' layout (key = value,
# a comment from column 26, continuation comments indented to it), and
# the keys, in order, when they are not the parser's (platform.c's table)
layout() {
	awk '
		/^#/ { next }
		/^[a-z_0-9]+ = [^ #]+$/ { next }
		/^[a-z_0-9]+ = [^ #]+ +# / { if (index($0, "#") != 26 && length($1 " = " $3) < 25) print "column: " $0; next }
		substr($0, 1, 27) == sprintf("%25s# ", "") { next }
		{ print "line: " $0 }' "$1"
	local want got
	want=$(grep -o '^	{ "[a-z_0-9]*",' "$top/model/plugin/platform.c" | cut -d'"' -f2 | paste -sd' ')
	got=$(awk '/^[a-z]/ { print $1 }' "$1" | paste -sd' ')
	[ "$got" = "$want" ] || echo "keys: $got"
}

# The memory model's own parser, built for the test (model-load)
loader="" no_loader="make not found: run 'make deps'"
if command -v make >/dev/null; then
	if make -s -C "$top/model/plugin" OUT="$tmp" "$tmp/model-load" >"$tmp/cc.log" 2>&1; then
		loader=$tmp/model-load
	else
		diag "the loader does not build:" "$(cat "$tmp/cc.log")"
		no_loader="model/plugin/platform.c's parser did not build"
	fi
fi
# loads NAME FILE: the model's parser takes FILE
loads() {
	if [ -z "$loader" ]; then
		skip "$1" "$no_loader"
		return
	fi
	local out st
	out=$("$loader" "$2") && st=0 || st=$?
	ok "$st" "$1"
	[ "$st" = 0 ] || diag "$out"
}

# ---- big.LITTLE: the first cluster (Cortex-A55, cpu0-cpu3) ----
a55=$tmp/a55.conf
(cd "$fx" && "$fl" big-little.txt) >"$a55" && st=0 || st=$?
is "$st" 0 "big.LITTLE log: from-log exits 0, the file on standard output"
# 1795 MHz measured; L1 32 KiB, L2 128 KiB (sysfs); the huge-page rows:
# 64 KiB is 2x the L1 and the only one within half the L2 (4x, 128 KiB, is
# not): 2.4 ns / (1/2) = 4.8 ns x 1.795 = 8.62 -> 9 cycles; DRAM 128.7 ns;
# dc_line_cycles from 9 up to 128.7 x 1.795 = 231.0 -> 231; miss_overlap
# from the same row's dual random read: 2 x 128.7 / 150.2 = 1.7137 -> 1.71
is "$(values "$a55")" "name=ex5000-a55 cpu_ghz=1.795 cpi=1.0 line_bytes=64 l1d_kib=32 l1d_ways=4 l2_kib=128 l2_ways=4 l2_hit_cycles=9 dram_ns=128.7 miss_overlap=1.71 stream_mb_s=4321.5 prefetch_lines=4 prefetch_streams=4 dc_line_cycles=9" \
	"big.LITTLE, first cluster: every value as worked out by hand"
like "$(note cpu_ghz "$a55")" '^GHz; LOG line 12: "Cpufreq OPP: 1800    Measured: 1795 \.\.\." \(cpu0-cpu3.s highest OPP, 1800 MHz, as measured' \
	"cpu_ghz cites the first clock check (line 12), not the later one (line 163)"
is "$(note l1d_kib "$a55")" 'KiB; LOG line 191: "cpu0/index0: 32K, level: 1, type: Data"' "l1d_kib cites cpu0's sysfs line 191"
like "$(note l2_kib "$a55")" '^KiB; LOG line 193: "cpu0/index2: 128K, level: 2, type: Unified"; .*the 2048 KiB L3 \(LOG line 194\) is left out' \
	"l2_kib cites line 193 and says the L3 of line 194 is left out"
like "$(note l2_hit_cycles "$a55")" '^cycles; DERIVED from the latency row 64 KiB \(huge pages, LOG line 75\) 2\.4 ns, divided by .* \(1/2\): 4\.8 ns x 1\.795 GHz$' \
	"l2_hit_cycles is DERIVED from line 75 with its arithmetic"
like "$(note dram_ns "$a55")" '^ns; LOG line 85: "  67108864 :  128\.7 ns \.\.\." \(64 MiB, huge pages, single random read\): huge pages because a URB buffer .*the 4 KiB-page row says 146\.2 ns \(LOG line 66\)$' \
	"dram_ns is the huge-page 64 MiB row (line 85), says why, and gives the 4 KiB one (line 66)"
like "$(note miss_overlap "$a55")" '^DRAM accesses in flight; DERIVED from LOG line 85: "  67108864 :  128\.7 ns          /   150\.2 ns" \(dram_ns.s row, 64 MiB, huge pages: single / dual random read; .*\): 2 x 128\.7 / 150\.2 = 1\.71; range 1\.0-1\.71: 1\.0 serial .*, 1\.71 what the log shows for two chains$' \
	"miss_overlap is DERIVED from dram_ns's row (line 85), its dual column cited, with the arithmetic and its range"
# band RANGE-OF KEY FILE: the "range LO-HI" a band script reads out of KEY's comment
band() { note "$1" "$2" | sed -n 's/.*[ (]range \([0-9.]*\)-\([0-9.]*\)[:;,) ].*/\1 \2/p'; }
is "$(band miss_overlap "$a55")" "1.0 1.71" "miss_overlap's range parses as LO-HI: 1.0 (serial) to the derived 1.71"
like "$(note stream_mb_s "$a55")" '^MB/s of bytes copied; LOG line 37: " standard memcpy  +:   4321\.5 MB/s" \(tinymembench.s "standard memcpy" on cpu0 \(Cortex-A55\)\)$' \
	"stream_mb_s cites standard memcpy on line 37"
like "$(header "$a55")" 'run on "cpu0 \(Cortex-A55\)" \(LOG line 24\)' "the header names the cpu tinymembench ran on (line 24)"
is "$(header "$a55" | grep -o 'The cluster: .*')" "The cluster: the log's first cluster, cpu0-cpu3 (Cortex-A55) (LOG line 10); --core N or --cluster NAME picks another: cpu4-cpu5 (Cortex-A76)." \
	"the header says the first cluster was taken, and which others there are"
is "$(assumptions "$a55")" "7 assumed, 7 with a range" "the 7 values the log does not give are ASSUMPTIONs, each with a range"
is "$(layout "$a55")" "" "the rk3399 files' layout, the parser's keys in its order"
loads "the model's parser loads it" "$a55"

# ---- big.LITTLE: --cluster cortex-a76 (cpu4-cpu5) ----
a76=$tmp/a76.conf
(cd "$fx" && "$fl" --cluster cortex-a76 big-little.txt) >"$a76" && st=0 || st=$?
is "$st" 0 "--cluster cortex-a76: exits 0"
# 2205 MHz; L1 64 KiB, L2 512 KiB; rows 128 KiB (2x) and 256 KiB (4x),
# 512 KiB being over half the L2: 1.3 / (1/2) = 2.6, 2.4 / (3/4) = 3.2,
# mean 2.9 x 2.205 = 6.39 -> 6; 118.3 x 2.205 = 260.9 -> 261; miss_overlap
# 2 x 118.3 / 137.6 = 1.7195 -> 1.72
is "$(values "$a76")" "name=ex5000-a76 cpu_ghz=2.205 cpi=1.0 line_bytes=64 l1d_kib=64 l1d_ways=4 l2_kib=512 l2_ways=8 l2_hit_cycles=6 dram_ns=118.3 miss_overlap=1.72 stream_mb_s=9876.5 prefetch_lines=4 prefetch_streams=4 dc_line_cycles=6" \
	"--cluster cortex-a76: every value as worked out by hand"
is "$(for k in cpu_ghz l1d_kib l2_kib dram_ns stream_mb_s; do note "$k" "$a76" | grep -o 'LOG line [0-9]*' | head -n 1; done | paste -sd,)" \
	"LOG line 18,LOG line 207,LOG line 209,LOG line 148,LOG line 100" \
	"--cluster cortex-a76: the clock, caches, DRAM and memcpy from cpu4's lines"
like "$(note l2_hit_cycles "$a76")" 'rows 128/256 KiB \(huge pages, LOG lines 139/140\) 1\.3/2\.4 ns, each divided .* \(1/2, 3/4\): 2\.6/3\.2 ns, mean 2\.90 ns x 2\.205 GHz$' \
	"--cluster cortex-a76: l2_hit_cycles from rows 139/140 only (512 KiB is over half the L2)"
like "$(header "$a76")" 'run on "cpu4 \(Cortex-A76\)" \(LOG line 87\).* The cluster: --cluster cortex-a76 picked cpu4-cpu5 \(Cortex-A76\) \(LOG line 16\)\.' \
	"--cluster cortex-a76: the header says which run and why this cluster"
loads "--cluster cortex-a76: the model's parser loads it" "$a76"
(cd "$fx" && "$fl" --core 5 big-little.txt) >"$tmp/core5.conf"
is "$(diff <(grep -v '^#' "$a76") <(grep -v '^#' "$tmp/core5.conf") && grep -c '^# The cluster: --core 5 picked cpu4-cpu5' "$tmp/core5.conf")" 1 \
	"--core 5 picks the same cluster, and says so"
(cd "$fx" && "$fl" --cluster=A76 big-little.txt) >"$tmp/short.conf"
is "$(diff <(grep -v '^#' "$a76") <(grep -v '^#' "$tmp/short.conf"))" "" "--cluster=A76: the core's short name, any case"

# ---- one cluster, 4 KiB pages only, lscpu's sizes, -o ----
small=$tmp/small.conf
out=$("$fl" -o "$small" "$fx/4k-only.txt") && st=0 || st=$?
is "$st:$out:$([ -s "$small" ] && echo written)" "0::written" "4 KiB-page log, -o FILE: exits 0, writes FILE, nothing on standard output"
# the median of 1198.113/1201.420/1199.870; L1 128 KiB over 4 instances,
# L2 512 KiB over 1; rows 64/128/256 KiB: 5.1/.5 = 10.2, 7.8/.75 = 10.4,
# 9.2/.875 = 10.51, mean 10.37 x 1.2 = 12.4 -> 12; 172.4 x 1.2 = 206.9 -> 207;
# miss_overlap from the 4 KiB-page row: 2 x 172.4 / 203.9 = 1.6910 -> 1.69
is "$(values "$small")" "name=small cpu_ghz=1.200 cpi=1.0 line_bytes=64 l1d_kib=32 l1d_ways=4 l2_kib=512 l2_ways=16 l2_hit_cycles=12 dram_ns=172.4 miss_overlap=1.69 stream_mb_s=1612.7 prefetch_lines=4 prefetch_streams=4 dc_line_cycles=12" \
	"4 KiB-page log: every value as worked out by hand, the name from -o's file"
like "$(note cpu_ghz "$small")" '^GHz; LOG line 9: "Cpufreq OPP: 1200    Measured: 1198\.113/1201\.420/1199\.870" \(cpu0-cpu3.s highest OPP, 1200 MHz, the median of its three measured clocks' \
	"cpu_ghz: the median of an older log's three measured clocks (line 9)"
is "$(note l1d_kib "$small" | grep -o 'LOG line [0-9]*: "[^"]*"'; note l2_kib "$small" | grep -o 'LOG line [0-9]*: "[^"]*"')" \
	'LOG line 58: "L1d cache:                       128 KiB (4 instances)"
LOG line 59: "L2 cache:                        512 KiB (1 instance)"' "the cache sizes from lscpu's lines 58 and 59 (a log of one kind of core)"
like "$(note l2_hit_cycles "$small")" '^cycles; DERIVED from the latency rows 64/128/256 KiB \(4 KiB pages, LOG lines 41/42/43\) 5\.1/7\.8/9\.2 ns, each divided .* \(1/2, 3/4, 7/8\): 10\.2/10\.4/10\.5 ns, mean 10\.37 ns x 1\.200 GHz$' \
	"l2_hit_cycles from the 4 KiB-page rows 41-43"
like "$(note dram_ns "$small")" '^ns; LOG line 51: "  67108864 :  172\.4 ns \.\.\." \(64 MiB, 4 KiB pages, single random read\): the log has no huge-page table' \
	"dram_ns: the 4 KiB-page row (line 51), and the comment says there was no huge-page one"
like "$(note miss_overlap "$small")" '^DRAM accesses in flight; DERIVED from LOG line 51: "  67108864 :  172\.4 ns          /   203\.9 ns" \(dram_ns.s row, 64 MiB, 4 KiB pages: .*: 2 x 172\.4 / 203\.9 = 1\.69; range 1\.0-1\.69: ' \
	"miss_overlap: dram_ns's row again, here the 4 KiB-page one (line 51)"
like "$(note stream_mb_s "$small")" '^MB/s of bytes copied; LOG line 24: " libc memcpy copy  +:   1612\.7 MB/s \.\.\." \(tinymembench.s "libc memcpy copy"' \
	"stream_mb_s: the nuumio tinymembench's name for memcpy (line 24)"
like "$(header "$small")" 'run on a cpu the log does not name \(LOG line 14\).* The cluster: the log.s first cluster, cpu0-cpu3 \(Cortex-A53\) \(LOG line 7\)\.' \
	"a log that names no cpu for tinymembench: its one cluster's, and the header says so"
is "$(assumptions "$small")" "7 assumed, 7 with a range" "4 KiB-page log: 7 ASSUMPTIONs, each with a range"
is "$(layout "$small")" "" "4 KiB-page log: the rk3399 files' layout"
loads "4 KiB-page log: the model's parser loads it" "$small"
is "$("$fl" "$fx/4k-only.txt" | values /dev/stdin | cut -d' ' -f1) $("$fl" --name my.board -o "$tmp/x.conf" "$fx/4k-only.txt" && values "$tmp/x.conf" | cut -d' ' -f1)" \
	"name=board-a53 name=my.board" "the name: SoC (none here: board) and core without -o; --name wins over -o's"

# /var/log/sbc-bench.log gains a run each time: the first is read
{ cat "$fx/big-little.txt"; printf '\n\n\n'; cat "$fx/4k-only.txt"; } >"$tmp/two-runs.txt"
"$fl" "$tmp/two-runs.txt" >"$tmp/two.conf"
is "$(values "$tmp/two.conf" | sed 's/ /\n/g' | grep -c -x -F -f <(values "$a55" | sed 's/ /\n/g')) $(header "$tmp/two.conf" | grep -o 'The file holds.*')" \
	"15 The file holds 2 sbc-bench runs: this is the first, lines 1-217." "a file of two runs: the first one's values, and the header says so"

# miss_overlap clamped to [1, 2]: the 64 MiB row's dual random read
# (line 51, 203.9 ns) changed to 150.0 ns: 2 x 172.4 / 150.0 = 2.2987 ->
# 2.30, over two in flight; to 400.0 ns: 2 x 172.4 / 400.0 = 0.862 -> 0.86,
# slower than serial
sed '51s|/   203\.9 ns|/   150.0 ns|' "$fx/4k-only.txt" >"$tmp/dual-fast.txt"
sed '51s|/   203\.9 ns|/   400.0 ns|' "$fx/4k-only.txt" >"$tmp/dual-slow.txt"
"$fl" -o "$tmp/fast.conf" "$tmp/dual-fast.txt"
"$fl" -o "$tmp/slow.conf" "$tmp/dual-slow.txt"
is "$(values "$tmp/fast.conf" | grep -o 'miss_overlap=[^ ]*') $(values "$tmp/slow.conf" | grep -o 'miss_overlap=[^ ]*')" \
	"miss_overlap=2.00 miss_overlap=1.00" "miss_overlap clamped: 2.30 to 2.00, 0.86 to 1.00"
like "$(note miss_overlap "$tmp/fast.conf")" ': 2 x 172\.4 / 150\.0 = 2\.30, CLAMPED to 2\.00: two chains show at most two accesses in flight; range 1\.0-2\.00: ' \
	"clamped to 2: the comment gives the derived 2.30, says it was clamped and why, and the range ends at 2.00"
like "$(note miss_overlap "$tmp/slow.conf")" ': 2 x 172\.4 / 400\.0 = 0\.86, CLAMPED to 1\.00: a dual random read slower than two single ones shows no overlap; range 1\.0-1\.00: ' \
	"clamped to 1: the comment gives the derived 0.86, says it was clamped and why"
loads "clamped to 2: the model's parser loads it" "$tmp/fast.conf"
loads "clamped to 1: the model's parser loads it" "$tmp/slow.conf"

# The platforms committed (the RK3399's by hand, the examples by from-log)
if [ -n "$loader" ]; then
	bad=""
	for f in "$top"/model/platforms/*.conf; do "$loader" "$f" >/dev/null || bad="$bad ${f##*/}"; done
	is "$bad" "" "every file of model/platforms/ loads"
else
	skip "every file of model/platforms/ loads" "$no_loader"
fi

# ---- the checks above catch a broken file ----
if [ -n "$loader" ]; then
	sed '/^dram_ns/d' "$small" >"$tmp/broken.conf"
	like "$("$loader" "$tmp/broken.conf" || true)" "parameter 'dram_ns' missing" "caught: the parser refuses a copy without dram_ns"
else
	skip "caught: the parser refuses a copy without dram_ns" "$no_loader"
fi
{ cat "$small"; echo "l3_kib = 2048      # KiB"; } >"$tmp/extra.conf"
is "$(layout "$tmp/extra.conf" | awk '{ print $1, $2, $NF }' | paste -sd,)" "column: l3_kib KiB,keys: name l3_kib" "caught: the layout check flags a misplaced comment and a key the parser does not have"

# ---- refusals: exit 2, a message naming the file, no -o FILE ----
# refused NAME REGEX ARGS...: from-log ARGS -o OUT exits 2, its message
# matches REGEX, OUT is not created (three tests)
refused() {
	local name=$1 re=$2 o=$tmp/refused.conf err st
	shift 2
	rm -f "$o"
	err=$("$fl" "$@" -o "$o" 2>&1 >/dev/null) && st=0 || st=$?
	is "$st" 2 "$name: exit status 2"
	like "$err" "^model/from-log: $re" "$name: says why"
	ok "$([ ! -e "$o" ] && echo 0 || echo 1)" "$name: no -o file written"
}
: >"$tmp/empty.txt"
awk '/^Executing benchmark on cpu4/ { skip = 1 } /^####/ { skip = 0 } !skip' "$fx/big-little.txt" >"$tmp/a55-only.txt"
mkdir "$tmp/dir.txt"
refused "garbage" "$fx/garbage.txt: not an sbc-bench log: its first line does not start with \"sbc-bench v\"" "$fx/garbage.txt"
refused "an empty file" "$tmp/empty.txt: not an sbc-bench log: it is empty" "$tmp/empty.txt"
refused "a log without tinymembench" "$fx/no-tinymembench.txt: no tinymembench section" "$fx/no-tinymembench.txt"
refused "a core the log does not have" \
	"$fx/big-little.txt: no cluster of cortex-a53 in the log: its clusters are cpu0-cpu3 \(Cortex-A55\), cpu4-cpu5 \(Cortex-A76\)$" \
	--cluster cortex-a53 "$fx/big-little.txt"
refused "a cpu the log does not have" "$fx/big-little.txt: no cpu7 in the log: its clusters are" --core 7 "$fx/big-little.txt"
refused "a cluster tinymembench did not run on" \
	"$tmp/a55-only.txt: no tinymembench figures for cpu4-cpu5 \(Cortex-A76\): tinymembench ran on cpu0 \(Cortex-A55\) \(LOG line 24\) only$" \
	--cluster a76 "$tmp/a55-only.txt"
# tinymembench's rows with the single random read only: no miss_overlap
sed -E 's|( ns) +/ +[0-9.]+ ns *$|\1|' "$fx/4k-only.txt" >"$tmp/no-dual.txt"
refused "a latency table without the dual column" \
	"$tmp/no-dual.txt: no dual random read on LOG line 51 \(the 64 MiB row of the latency table of the tinymembench run on the log's one cluster, LOG line 14\), which gives only a single one: miss_overlap is 2 x single / dual$" \
	"$tmp/no-dual.txt"
sed '51s|/   203\.9 ns|/     0.0 ns|' "$fx/4k-only.txt" >"$tmp/dual-zero.txt"
refused "a dual random read of 0.0 ns" \
	"$tmp/dual-zero.txt: LOG line 51, the 64 MiB row .*, says 172\.4 ns / 0\.0 ns: no miss_overlap \(2 x single / dual\) from a zero latency$" \
	"$tmp/dual-zero.txt"
refused "a file that does not exist" "$tmp/nosuch.txt: no such file$" "$tmp/nosuch.txt"
refused "a folder" "$tmp/dir.txt: not a file$" "$tmp/dir.txt"
refused "an unknown option" "unknown option '--bogus'" --bogus "$fx/big-little.txt"
refused "--core not a number" "--core 'x' is not a cpu number" --core x "$fx/big-little.txt"
refused "--core and --cluster" "--core and --cluster both given" --core 1 --cluster a55 "$fx/big-little.txt"
refused "no LOG" "one LOG expected, 0 given"
refused "two LOGs" "one LOG expected, 2 given" "$fx/big-little.txt" "$fx/4k-only.txt"
refused "a bad --name" "--name 'my board': letters, digits" --name "my board" "$fx/big-little.txt"
err=$("$fl" -o "$tmp/nofolder/x.conf" "$fx/big-little.txt" 2>&1) && st=0 || st=$?
is "$st:$err:$([ -e "$tmp/nofolder" ] && echo created)" "2:model/from-log: -o $tmp/nofolder/x.conf: no folder $tmp/nofolder:" \
	"-o into a missing folder: exit 2, says so, creates nothing"
cp "$small" "$tmp/keep.conf"
"$fl" -o "$tmp/keep.conf" "$fx/garbage.txt" 2>/dev/null && st=0 || st=$?
is "$st:$(cmp -s "$small" "$tmp/keep.conf" && echo unchanged):$(find "$tmp" -maxdepth 1 -name '.from-log.*' | wc -l)" "2:unchanged:0" \
	"a refusal leaves an existing -o FILE as it was, and no temporary file"
like "$("$fl" --help)" '^usage: model/from-log \[--core N \| --cluster NAME\] \[--name NAME\]' "--help: the usage, exit 0"
done_testing
