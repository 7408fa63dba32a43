#!/usr/bin/env bash
# plots/modes.sh: a PNG (file magic, nonzero size) from a fixture
# `uvcstat compare --csv`, with and without CI bounds, an SVG; usage
# errors. plots/draw.sh: every figure, PNG and SVG, from the small results
# set in tests/host/fixtures/results-small, what their text says (SVG is
# text), and bad input: one line on stderr, a non-zero status, no plots/
# left behind. Skipped without gnuplot.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
fix=$top/tests/host/fixtures/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

command -v gnuplot >/dev/null || skip_all "gnuplot not installed (apt-get install gnuplot-nox)"
. "$top/tests/lib/build.sh"
need_build uvcstat
export UVCSTAT=$HOST_OUT/bin/uvcstat
# the figures plots/draw.sh draws
figures="averages decode-by-seq decode-cdf decode-distribution hardware-and-guest sync urb-cdf urb-distribution"
nfig=$(wc -w <<<"$figures")
# modes.sh 14; draw.sh 5 + 2 a figure; what they say 6 a figure, 3 a mode's
# medians (2 modes), 9 more; TCG 3 + 2 a figure; bad input 4 a case (15
# cases), one more for each of the 12 given an existing directory; 2 more
plan $((14 + 5 + 2 * nfig + 6 * nfig + 3 * 2 + 9 + 3 + 2 * nfig + 4 * 15 + 12 + 2))

is_svg() { [ -s "$1" ] && head -c 200 "$1" | grep -q '<svg' && tail -c 20 "$1" | grep -q '</svg>'; }
is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }

"$top/plots/modes.sh" --title "QEMU TCG arm64 guest" "$fix/compare-groups.csv" "$tmp/groups.png" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "modes.sh on groups of runs (CI bounds): exit 0"
is_png "$tmp/groups.png" && st=0 || st=$?
ok "$st" "a valid PNG of nonzero size"
is "$(cat "$tmp/err")" "" "nothing on stderr"

"$top/plots/modes.sh" "$fix/compare-reference.csv" "$tmp/ref.png" && st=0 || st=$?
is "$st" 0 "modes.sh on single reports (no CI, no sync lines, no title): exit 0"
is_png "$tmp/ref.png" && st=0 || st=$?
ok "$st" "a valid PNG of nonzero size"

"$top/plots/modes.sh" --title "QEMU TCG arm64 guest" --subtitle "clock: icount" --subtitle "vcam YUYV" \
	"$fix/compare-groups.csv" "$tmp/groups.svg" && st=0 || st=$?
is "$st" 0 "modes.sh to .svg: exit 0"
is_svg "$tmp/groups.svg" && st=0 || st=$?
ok "$st" "an SVG of nonzero size"
svg=$(cat "$tmp/groups.svg")
like "$svg" ">clock: icount<" "first --subtitle line under the title"
like "$svg" ">vcam YUYV<" "second --subtitle line"
like "$svg" ">QEMU TCG: no cache model; emulated timings<" "TCG footnote"
like "$svg" ">COHERENT<" "legend: the column names"

"$top/plots/modes.sh" "$fix/compare-groups.csv" 2>/dev/null && st=0 || st=$?
is "$st" 2 "missing OUT.png: exit 2"
"$top/plots/modes.sh" "$tmp/missing.csv" "$tmp/x.png" 2>/dev/null && st=0 || st=$?
is "$st" 3 "unreadable CSV: exit 3"
printf 'a,b\n1,2\n' >"$tmp/bad.csv"
"$top/plots/modes.sh" "$tmp/bad.csv" "$tmp/x.png" 2>/dev/null && st=0 || st=$?
is "$st" 4 "not compare --csv output: exit 4"

# plots/draw.sh: the figures of a results directory
small=$top/tests/host/fixtures/results-small
want_files=$(for f in $figures; do echo "$f.png"; echo "$f.svg"; done | sort)
# fresh DIR: a copy of the small results set
fresh() { rm -rf "$1" && cp -r "$small" "$1"; }

fresh "$tmp/r"
"$top/plots/draw.sh" "$tmp/r" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "draw.sh on the small results set: exit 0"
is "$(cat "$tmp/err")" "" "nothing on stderr"
is "$(find "$tmp/r/plots" -mindepth 1 -printf '%f\n' | sort)" "$want_files" "plots/: a PNG and an SVG of every figure, nothing else"
is "$(wc -l <"$tmp/out")" 16 "stdout lists the 16 files"
for f in $figures; do
	is_png "$tmp/r/plots/$f.png" && st=0 || st=$?
	ok "$st" "$f.png: a PNG of nonzero size"
	is_svg "$tmp/r/plots/$f.svg" && st=0 || st=$?
	ok "$st" "$f.svg: an SVG of nonzero size"
done
is "$(find "$tmp/r" -maxdepth 1 -name '.plots.*' | wc -l)" 0 "no temporary directory left"

# What the figures say (SVG text)
where="test fixture, hand-made samples (not a measurement)"
for f in $figures; do
	svg=$(cat "$tmp/r/plots/$f.svg")
	[ "$f" = hardware-and-guest ] && w="$where, this run" || w="$where, clock: none" # titles keep the clock's first words
	grep -qF ">$w<" <<<"$svg" && st=0 || st=$?
	ok "$st" "$f: says where it was measured ($w)"
	like "$svg" ">noncontiguous[ <(]" "$f: mode name noncontiguous"
	like "$svg" ">coherent[ <(]" "$f: mode name coherent"
	unlike "$svg" "QEMU TCG: no cache model" "$f: no TCG footnote (not a TCG measurement)"
	unlike "$svg" "kernel" "$f: no workload or kernel line (none in environment.txt)"
	like "$svg" "\(us[,)]" "$f: an axis in us"
done
# medians of the hand-made samples, computed here from the CSVs
median_us() { # FILE COLUMN: median of the non-empty values, in us, %.1f
	awk -F, -v c="$2" 'NR > 1 && $c != "" { print $c }' "$1" | sort -n |
		awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.1f", m / 1000 }'
}
for m in noncontiguous coherent; do
	d=$(median_us "$small/samples-$m.csv" 10) u=$(median_us "$small/samples-$m.csv" 7)
	like "$(cat "$tmp/r/plots/decode-distribution.svg")" ">median $d us<" "decode-distribution: $m median $d us"
	like "$(cat "$tmp/r/plots/urb-distribution.svg")" ">median $u us<" "urb-distribution: $m median $u us"
	like "$(cat "$tmp/r/plots/decode-by-seq.svg")" ">$m \([0-9]+ URBs; dashed: median $d us\)<" "decode-by-seq: $m median $d us"
done
is "$(grep -c '>noncontiguous (39 URBs)<' "$tmp/r/plots/decode-cdf.svg")" 1 "decode-cdf: 39 decode times (seq 23 has none)"
is "$(grep -c '>coherent (40 URBs)<' "$tmp/r/plots/urb-cdf.svg")" 1 "urb-cdf: 40 URB times"
hg=$(cat "$tmp/r/plots/hardware-and-guest.svg")
like "$hg" ">aarch64 hardware, 20e1dbf2bbe2 changelog<" "hardware panel: labelled as the changelog's"
like "$hg" ">104.8<" "hardware panel: the changelog's URB average (104.836 us)"
like "$hg" ">10.8<" "hardware panel: the changelog's decode average (10.847 us)"
like "$hg" ">median of 3 runs per mode" "guest panel: runs per mode"
sync=$(cat "$tmp/r/plots/sync.svg")
like "$sync" ">6.37 us<" "sync: noncontiguous for cpu 6.372 us (compare.csv)"
like "$sync" ">4.17 us<" "sync: noncontiguous for device 4.166 us"
like "$sync" ">0.20 us<" "sync: coherent 0.198 us"

# A TCG measurement gets the footnote; a redraw replaces plots/
fresh "$tmp/t"
printf 'where: QEMU TCG arm64 guest (-M virt -cpu max)\nclock: icount shift=1\nkernel: 6.1.0-test\nworkload: vcam MJPEG 1280x720@30\n' >"$tmp/t/environment.txt"
"$top/plots/draw.sh" "$tmp/t" >/dev/null && "$top/plots/draw.sh" "$tmp/t/" >/dev/null && st=0 || st=$?
is "$st" 0 "TCG environment, drawn twice: exit 0"
is "$(find "$tmp/t/plots" -mindepth 1 -printf '%f\n' | sort)" "$want_files" "the redraw leaves the same files"
for f in $figures; do
	svg=$(cat "$tmp/t/plots/$f.svg")
	like "$svg" ">QEMU TCG: no cache model; emulated timings" "$f: TCG footnote"
	like "$svg" ">vcam MJPEG 1280x720@30, kernel 6.1.0-test<" "$f: workload and kernel"
done
like "$(cat "$tmp/t/plots/hardware-and-guest.svg")" ">clock: icount shift=1<" "guest panel: the clock"

# Bad input: one line on stderr naming what is missing, non-zero, no plots/
bad() { # NAME STATUS REGEX DIR...: draw.sh DIR fails as it should
	local name=$1 want=$2 re=$3 st d
	shift 3
	"$top/plots/draw.sh" "$@" >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
	is "$st" "$want" "$name: exit $want"
	is "$(wc -l <"$tmp/err")" 1 "$name: one line on stderr"
	like "$(cat "$tmp/err")" "^draw.sh: .*$re" "$name: it says what"
	is "$(cat "$tmp/out")" "" "$name: nothing on stdout"
	d=${*: -1}
	if [ -d "$d" ]; then
		is "$(find "$d" -maxdepth 1 \( -name plots -o -name '.plots.*' \) | wc -l)" 0 "$name: no plots/ left behind"
	fi
}
bad "no such directory" 3 "$tmp/nowhere: no such results directory" "$tmp/nowhere"
bad "empty RESULTS" 2 "no results directory given" ""
bad "no arguments" 2 "usage" --reference
fresh "$tmp/b"; rm "$tmp/b/compare.csv"
bad "no compare.csv" 3 "$tmp/b: missing compare.csv$" "$tmp/b"
fresh "$tmp/b"; rm "$tmp/b"/samples-*.csv
bad "no samples" 3 "$tmp/b: missing samples-noncontiguous.csv, samples-coherent.csv \\(one per column of compare.csv: noncontiguous coherent\\)$" "$tmp/b"
fresh "$tmp/b"; rm "$tmp/b/samples-coherent.csv"
bad "one mode's samples missing" 3 "$tmp/b: missing samples-coherent.csv \\(" "$tmp/b"
fresh "$tmp/b"; rm "$tmp/b/environment.txt"
bad "no environment.txt" 3 "$tmp/b: missing environment.txt$" "$tmp/b"
mkdir "$tmp/e"
bad "empty directory" 3 "$tmp/e: missing environment.txt, compare.csv, samples-<mode>.csv$" "$tmp/e"
fresh "$tmp/b"; rm "$tmp/b/compare.csv" "$tmp/b/environment.txt"
bad "no compare.csv, no environment.txt, samples there" 3 "$tmp/b: missing environment.txt, compare.csv$" "$tmp/b"
fresh "$tmp/b"; echo "clock: x" >"$tmp/b/environment.txt"
bad "environment.txt without where" 4 "no 'where:' line" "$tmp/b"
fresh "$tmp/b"; head -n 1 "$small/samples-coherent.csv" >"$tmp/b/samples-coherent.csv"
bad "header-only samples" 4 "samples-coherent.csv: no samples" "$tmp/b"
fresh "$tmp/b"; sed '1s/decode_ns/decode/' "$small/samples-coherent.csv" >"$tmp/b/samples-coherent.csv"
bad "wrong samples header" 4 "samples-coherent.csv: header is not" "$tmp/b"
fresh "$tmp/b"; sed 's/,coherent,/,noncontiguous,/' "$small/samples-coherent.csv" >"$tmp/b/samples-coherent.csv"
bad "samples of another mode" 4 "samples-coherent.csv: line 2: mode 'noncontiguous'" "$tmp/b"
fresh "$tmp/b"; printf 'a,b\n1,2\n' >"$tmp/b/compare.csv"
bad "not compare --csv output" 4 "compare.csv: not uvcstat compare --csv output" "$tmp/b"
fresh "$tmp/b"
bad "changelog block missing" 3 "nowhere.txt \\(the changelog's figures\\) missing" --reference "$tmp/nowhere.txt" "$tmp/b"

# A failed redraw keeps the figures already there
fresh "$tmp/k"
"$top/plots/draw.sh" "$tmp/k" >/dev/null
before=$(cd "$tmp/k/plots" && md5sum ./*)
rm "$tmp/k/samples-coherent.csv"
"$top/plots/draw.sh" "$tmp/k" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 3 "redraw with samples missing: exit 3"
is "$(cd "$tmp/k/plots" && md5sum ./*)" "$before" "the previous plots/ stays as it was"
done_testing
