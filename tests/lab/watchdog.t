#!/usr/bin/env bash
# qemu/run's watchdog ends a hung guest and names the stage that hung.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 6
run=$top/qemu/run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The watchdog counts host time: on the realtime clock, where an idle
# guest's "sleep 600" takes 600 s of it (on the tests' icount clock with
# idle time skipped it takes a moment, and ends by itself).
t0=$(date +%s)
"$run" --clock realtime --timeout 3 -- sleep 600 >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 124 "a command that hangs: exit 124"
like "$(cat "$tmp/err")" "hung in stage 'command'" "the hung stage is named: command"
ok "$([ $(($(date +%s) - t0)) -lt 120 ] && echo 0 || echo 1)" "the guest was ended, not waited for"
like "$(cat "$tmp/err")" 'last lines of the console' "the console tail is shown"

# An init that never hands over (bash waiting on a console with no input).
"$run" --boot-timeout 10 --append init=/bin/bash -- true >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 124 "a guest that never reaches the command: exit 124"
like "$(cat "$tmp/err")" "hung in stage 'boot'" "the hung stage is named: boot"
done_testing
