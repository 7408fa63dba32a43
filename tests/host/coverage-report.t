#!/usr/bin/env bash
# qemu/coverage-report.sh: make coverage's summary.md and series-lines.txt
# from an lcov tracefile and the series diff, checked on a small made-up
# pair: two files, one of them touched by the series.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 19
report=$top/qemu/coverage-report.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tree=/build/linux-6.1-coverage

# uvc_stats.c: lines 10-14 executable; the series adds 10-13 and 20 (a
# comment, not executable); 12 never ran. uvc_video.c: untouched.
cat >"$tmp/info" <<INFO
TN:
SF:$tree/drivers/media/usb/uvc/uvc_stats.c
FN:9,uvc_stats_account
FNDA:7,uvc_stats_account
FNF:1
FNH:1
BRDA:11,0,0,7
BRDA:11,0,1,0
BRF:2
BRH:1
DA:10,7
DA:11,7
DA:12,0
DA:13,7
DA:14,7
LF:5
LH:4
end_of_record
SF:$tree/drivers/media/usb/uvc/uvc_video.c
FNF:2
FNH:0
BRF:0
BRH:0
DA:5,0
DA:6,0
LF:2
LH:0
end_of_record
INFO
cat >"$tmp/diff" <<'DIFF'
diff --git a/drivers/media/usb/uvc/uvc_stats.c b/drivers/media/usb/uvc/uvc_stats.c
--- a/drivers/media/usb/uvc/uvc_stats.c
+++ b/drivers/media/usb/uvc/uvc_stats.c
@@ -9,0 +10,4 @@ void uvc_stats_account(void)
+	a = 1;
+	if (b)
+		c = 2;
+	d = 3;
@@ -15 +20 @@ void uvc_stats_account(void)
+/* a comment the compiler leaves out */
DIFF
out=$("$report" "$tmp/info" "$tmp/diff" "$tree" 6.1.0-uvcdma-coverage 3 0 "$tmp/lines" 2>&1) && st=0 || st=$?
is "$st" 0 "the report is written"
like "$out" '^# Coverage of 6\.1\.0-uvcdma-coverage' "it names the kernel release"
like "$out" '3 guests of the tests on the coverage kernel .*; the tests passed' "it names the guests and the tests' verdict"
like "$out" '\| drivers/media/usb/uvc/uvc_stats\.c \| 4 / 5 \(80\.0 %\) \| 1 / 1 \(100\.0 %\) \| 1 / 2 \(50\.0 %\) \|' \
	"a file's lines, functions and branches, paths from the top of the tree"
like "$out" '\| drivers/media/usb/uvc/uvc_video\.c \| 0 / 2 \(0\.0 %\) \| 0 / 2 \(0\.0 %\) \| 0 / 0 \(-\) \|' \
	"a file no test ran, and one without branches"
like "$out" '\| all \| 4 / 7 \(57\.1 %\) \| 1 / 3 \(33\.3 %\) \| 1 / 2 \(50\.0 %\) \|' "the totals"
like "$out" '\| drivers/media/usb/uvc/uvc_stats\.c \| 4 \| 3 / 4 \(75\.0 %\) \|' \
	"the series' executable added lines: the comment is not one"
like "$out" 'Never executed in drivers/media/usb/uvc/uvc_stats\.c:' "the added lines never run are listed by file"
like "$out" '^    12: c = 2;$' "each with its number and source"
unlike "$out" 'Never executed in drivers/media/usb/uvc/uvc_video' "an untouched file has no series lines"
is "$(cat "$tmp/lines")" "drivers/media/usb/uvc/uvc_stats.c:10 7 a = 1;
drivers/media/usb/uvc/uvc_stats.c:11 7 if (b)
drivers/media/usb/uvc/uvc_stats.c:12 0 c = 2;
drivers/media/usb/uvc/uvc_stats.c:13 7 d = 3;" "series-lines.txt: every executable added line with its count"

out=$("$report" "$tmp/info" "$tmp/diff" "$tree" 6.1.0-uvcdma-coverage 3 1 "$tmp/lines" 2>&1) && st=0 || st=$?
like "$out" 'the tests FAILED \(exit 1\)' "a failing test run is said so beside its figures"
out=$("$report" "$tmp/missing" "$tmp/diff" "$tree" r 1 0 "$tmp/lines" 2>&1) && st=0 || st=$?
is "$st" 2 "a tracefile that is not there is refused ($out)"

# qemu/coverage-compare.sh: the figures recorded, then checked.
compare=$top/qemu/coverage-compare.sh
out=$("$compare" --record "$tmp/info" "$tree" "$tmp/rec" 2>&1) && st=0 || st=$?
is "$(grep -v '^#' "$tmp/rec")" "drivers/media/usb/uvc/uvc_stats.c 80.0
drivers/media/usb/uvc/uvc_video.c 0.0" "--record writes each file's line coverage ($out)"
out=$("$compare" "$tmp/info" "$tree" "$tmp/rec" 2>&1) && st=0 || st=$?
is "$st" 0 "the same figures hold"
sed -i 's|uvc_stats.c 80.0|uvc_stats.c 81.5|' "$tmp/rec"
out=$("$compare" "$tmp/info" "$tree" "$tmp/rec" 2>&1) && st=0 || st=$?
is "$st" 1 "a file 1.5 points below its record fails"
like "$out" 'FELL +drivers/media/usb/uvc/uvc_stats.c +80.0 % \(recorded 81.5 %\)' "and is named"
sed -i 's|uvc_stats.c 81.5|uvc_stats.c 80.9|' "$tmp/rec"
out=$("$compare" "$tmp/info" "$tree" "$tmp/rec" 2>&1) && st=0 || st=$?
is "$st" 0 "0.9 points below holds"
echo "drivers/media/usb/uvc/uvc_gone.c 50.0" >>"$tmp/rec"
out=$("$compare" "$tmp/info" "$tree" "$tmp/rec" 2>&1) && st=0 || st=$?
like "$out" 'MISSING +drivers/media/usb/uvc/uvc_gone.c' "a recorded file the run lacks fails ($st)"
done_testing
