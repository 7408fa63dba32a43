#!/usr/bin/env bash
# trace-cmd records in the guest; the host's trace-cmd reads the trace.dat.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
run=$top/qemu/run
mkdir -p "$top/results"
dir=$(mktemp -d "$top/results/trace-cmd-test.XXXX")
trap 'rm -rf "$dir"' EXIT
name=${dir##*/}

"$run" -- trace-cmd record -q -e syscalls:sys_enter_openat -o "/results/$name/trace.dat" \
	cat /uvcdma/qemu/kernel.config >/dev/null 2>"$dir/err" && st=0 || st=$?
is "$st" 0 "trace-cmd record runs in the guest"
[ "$st" -eq 0 ] || diag "$(cat "$dir/err")"
check "trace.dat lands in results/" test -s "$dir/trace.dat"

out=$(trace-cmd report -i "$dir/trace.dat" 2>"$dir/report-err") && st=0 || st=$?
is "$st" 0 "the host's trace-cmd report reads it"
like "$out" 'sys_enter_openat' "the recorded events are there"
like "$out" 'cat-[0-9]+ .*sys_enter_openat' "events carry the task that made them"
done_testing
