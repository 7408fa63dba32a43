#!/usr/bin/env bash
# A kernel warning in the guest fails the run, whatever the command returned,
# and the console excerpt is shown. LKDTM provokes a real WARN_ON.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 6
run=$top/qemu/run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$run" -- bash -c 'modprobe lkdtm && echo WARNING >/sys/kernel/debug/provoke-crash/DIRECT; echo "command finished"' \
	>"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 125 "a kernel WARNING fails the run: exit 125"
like "$(cat "$tmp/out")" 'command finished' "the command itself ran to its end"
like "$(cat "$tmp/err")" 'kernel splat in the guest console' "the failure says why"
like "$(cat "$tmp/err")" 'WARNING: CPU: [0-9]+ PID: [0-9]+ at .*lkdtm' "the WARNING line is shown"
like "$(cat "$tmp/err")" 'Call trace:' "the excerpt includes the call trace"

"$run" -- bash -c 'modprobe lkdtm && modprobe -r lkdtm' >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 0 "loading the same module without provoking anything passes"
done_testing
