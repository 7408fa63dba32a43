#!/usr/bin/env bash
# qemu/splat-scan: kernel reports in a guest console log fail the run.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# 8, 5 reports in the many log, 5 more alone, 2, 3 for each of the 17 debug
# kernel reports, 8
plan $((8 + 5 + 5 + 2 + 3 * 17 + 8))
scan=$top/qemu/splat-scan
fix=$top/tests/host/fixtures

out=$("$scan" "$fix/console-clean.log" 2>&1) && st=0 || st=$?
is "$st" 0 "a clean boot log passes"
is "$out" "" "a clean boot log prints nothing"

out=$("$scan" "$fix/console-warning.log" 2>&1) && st=0 || st=$?
is "$st" 1 "a WARNING fails"
like "$out" 'cut here' "the excerpt starts before the report"
like "$out" 'WARNING: CPU: 1 PID: 123 at drivers/misc/lkdtm/bugs.c:97' "the WARNING line is shown"
like "$out" 'end trace' "the excerpt runs to the end of the report"
unlike "$out" 'Run /sbin/uvcdma-init' "the excerpt is an excerpt, not the log"

out=$("$scan" "$fix/console-many.log" 2>&1) && st=0 || st=$?
is "$st" 1 "a log full of reports fails"
for what in 'Unable to handle kernel NULL pointer' 'Internal error: Oops' 'BUG: KASAN' \
	'possible circular locking' 'DMA-API: dummy_hcd'; do
	like "$out" "$what" "report shown: $what"
done
# Each report is found even without its neighbours.
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.out"' EXIT
for what in 'UBSAN: shift' 'blocked for more than' 'rcu: INFO' 'Kernel panic' 'Bad page state'; do
	grep -F "$what" "$fix/console-many.log" >"$tmp"
	"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
	is "$st" 1 "detected on its own: $what"
done

# The debug kernel's checkers (make kernel-debug): each report is found on
# its own, with its excerpt.
out=$("$scan" "$fix/console-debug.log" 2>&1) && st=0 || st=$?
is "$st" 1 "a debug kernel log with reports fails"
like "$out" 'UBSAN: array-index-out-of-bounds' "the excerpt shows the UBSAN report"
for what in 'unreferenced object 0xffff000004a1c000' 'UBSAN: array-index-out-of-bounds' \
	'BUG: sleeping function called from invalid context' 'BUG: Bad page state' \
	'possible circular locking dependency' 'inconsistent lock state' \
	'trying to register non-static key' 'kmemleak: Cannot insert' 'kmemleak: Memory pool empty' \
	'kmemleak: Kernel memory leak detector disabled' 'DMA-API: debugging out of memory' \
	'DMA-API: cacheline tracking ENOMEM' 'BUG kmalloc-2k (Tainted' 'BUG: KASAN: use-after-free' \
	'bad unlock balance' 'kmemleak: Found object by alias' 'BUG: scheduling while atomic'; do
	grep -F "$what" "$fix/console-debug.log" >"$tmp"
	is "$(wc -l <"$tmp")" 1 "fixture has one line: $what"
	"$scan" "$tmp" >"$tmp.out" 2>&1 && st=0 || st=$?
	is "$st" 1 "detected on its own: $what"
	like "$(cat "$tmp.out")" "$(printf '%s' "$what" | sed 's/[][().*+?^$|{}\\]/\\&/g')" "excerpt shows: $what"
done
# A leak copied to the console by a test has no "kmemleak: " prefix.
printf '%s\n' '[   30.0] unreferenced object 0xffff000004a1c000 (size 16384):' >"$tmp"
"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 1 "a leak without the kmemleak prefix is detected"
# What the debug kernel prints when all is well, and what fault injection
# is asked to cause, are not reports.
grep -E 'initialized|preallocated|FAULT_INJECTION|name fail_page_alloc|Comm: vcam-verify|Call trace|should_fail|page allocation failure|new suspected memory leaks' \
	"$fix/console-debug.log" >"$tmp"
is "$(wc -l <"$tmp")" 10 "the fixture's benign lines"
"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 0 "banners, injected faults and allocation failures are not reports"

# Words that only look like reports do not fail a run.
printf '%s\n' '[    1.0] uvcdma-init: running job: exec grep WARNING: notes.txt' \
	'[    1.1] usb 1-1: new high-speed USB device, no BUG: here' >"$tmp"
"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 0 "report words inside other messages are not reports"

# DMA-API debug's banners are not reports; its reports are.
printf '%s\n' '[    0.1] DMA-API: preallocated 65536 debug entries' \
	'[    0.1] DMA-API: debugging enabled by kernel config' >"$tmp"
"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 0 "DMA-API debug banners are not reports"
printf '%s\n' '[    5.0] DMA-API: dummy_hcd dummy_hcd.0: device driver failed to check map error[device address=0x0000000043600000] [size=16384 bytes] [mapped as single]' >"$tmp"
"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 1 "a DMA-API report on its own is detected"

# printk caller ids ([T123]) do not hide a report.
printf '%s\n' '[    2.0][  T123] WARNING: CPU: 0 PID: 123 at mm/page_alloc.c:1 f+0x0/0x4' >"$tmp"
"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
is "$st" 1 "a report behind a caller id is detected"

"$scan" /nonexistent >/dev/null 2>&1 && st=0 || st=$?
is "$st" 2 "an unreadable log is a usage error"
done_testing
