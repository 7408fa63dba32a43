#!/usr/bin/env bash
# qemu/splat-scan: kernel reports in a guest console log fail the run.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
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
trap 'rm -f "$tmp"' EXIT
for what in 'UBSAN: shift' 'blocked for more than' 'rcu: INFO' 'Kernel panic' 'Bad page state'; do
	grep -F "$what" "$fix/console-many.log" >"$tmp"
	"$scan" "$tmp" >/dev/null 2>&1 && st=0 || st=$?
	is "$st" 1 "detected on its own: $what"
done

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
