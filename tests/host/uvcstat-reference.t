#!/usr/bin/env bash
# uvcstat and the blocks published with Linux commit 20e1dbf2bbe2
# (tests/host/fixtures/reference): raw figures reproduce them
# byte for byte, pasted copies round-trip, compare prints the golden table.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
. "$top/tests/lib/build.sh"
uvcstat=$HOST_OUT/bin/uvcstat
fix=$top/tests/host/fixtures/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ref=$top/tests/host/fixtures/reference
need_build uvcstat
plan $((2 * 4 + 15))	# 4 for each of the two blocks
a64=$ref/report-aarch64-noncontiguous.txt
x86=$ref/report-x86-noncontiguous.txt

# Raw figures (fixtures, built from the printed values) print the blocks.
for arch in aarch64 x86; do
	block=$ref/report-$arch-noncontiguous.txt
	"$uvcstat" report --legacy-std "$fix/20e1dbf2bbe2-$arch.raw" >"$tmp/out"
	cmp -s "$tmp/out" "$block" && st=0 || st=$?
	ok "$st" "$arch: raw figures reproduce the published block byte for byte"
	"$uvcstat" report "$block" >"$tmp/out"
	cmp -s "$tmp/out" "$block" && st=0 || st=$?
	ok "$st" "$arch: report of the block prints it unchanged, byte for byte"
	"$uvcstat" report --raw --legacy-std "$block" >"$tmp/$arch.raw"
	is "$(cat "$tmp/$arch.raw")" "$(cat "$fix/20e1dbf2bbe2-$arch.raw")" \
		"$arch: report --raw --legacy-std rebuilds the fixture's raw figures"
	is "$("$uvcstat" report --legacy-std "$tmp/$arch.raw")" "$(cat "$block")" \
		"$arch: text -> raw -> text round trip"
done

# x86 averages are all below 65.535 us: the fixed std changes nothing.
is "$("$uvcstat" report "$fix/20e1dbf2bbe2-x86.raw")" "$(cat "$x86")" \
	"x86: the correct std computation prints the same block"
# aarch64: URB and latency averages are above 65.535 us, the fix shows.
got=$("$uvcstat" report "$fix/20e1dbf2bbe2-aarch64.raw")
is "$got" "$(cat "$fix/20e1dbf2bbe2-aarch64-fixed.txt")" "aarch64: correct std (golden)"
like "$got" 'URB: 523446/4993 uS/qty: 104\.836 avg 94\.736 std' "aarch64 URB std 94.736 us, not 132.532"
like "$got" 'latency: 468945/4992 uS/qty: 93\.939 avg 94\.799 std' "aarch64 latency std 94.799 us, not 132.577"
is "$(diff <(echo "$got") "$a64" | grep -c '^[<>]')" 4 "only the two overflowed std lines differ"
is "$("$uvcstat" report --fix-std "$a64")" "$got" "report --fix-std corrects the pasted block the same way"

# A pasted copy: prose, '>' quoting at several depths, CRLF, indentation.
{
	printf 'On Tue, 22 Mar 2021, a reviewer wrote:\r\n> > On aarch64:\r\n'
	awk 'NR % 2 { printf ">>   %s\r\n", $0; next } { printf "> >\t%s  \r\n", $0 }' "$a64"
	printf '> >\r\n> Looks good.\r\n\r\nAnother block follows:\r\n'
	sed 's/^/    /' "$x86"
} >"$tmp/mail.txt"
is "$("$uvcstat" report "$tmp/mail.txt")" "$(cat "$a64")" "a block quoted in a mail prints normalised"
is "$("$uvcstat" report --block 2 "$tmp/mail.txt")" "$(cat "$x86")" "--block 2 picks the second block"
is "$("$uvcstat" report <"$tmp/mail.txt" | "$uvcstat" report)" "$(cat "$a64")" "stdin in, stdin out"

# compare: the golden side-by-side table.
got=$(cd "$ref" && "$uvcstat" compare report-aarch64-noncontiguous.txt report-x86-noncontiguous.txt)
is "$got" "$(cat "$fix/compare-reference.txt")" "compare of the two published blocks (golden)"
got=$("$uvcstat" compare "$a64" "$x86") && st=0 || st=$?
is "$st" 0 "compare with paths: exit 0"
is "$got" "$(cat "$fix/compare-reference.txt")" "compare titles columns by file name, not path"
like "$got" 'decode avg \(us\) +10\.847 +10\.679 +1\.02x' "decode avg side by side with its speedup"
like "$got" 'summary: report-x86-noncontiguous vs report-aarch64-noncontiguous: decode avg 1\.02x faster, URB avg 1\.78x faster' \
	"summary line"
like "$("$uvcstat" compare --fix-std "$a64" "$x86")" 'URB std \(us\) +94\.736 +26\.022' "compare --fix-std"
done_testing
