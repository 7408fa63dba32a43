#!/usr/bin/env bash
# qemu/run: a command in a fresh guest returns its output and exit status;
# each run keeps its console log and timings.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 16
run=$top/qemu/run
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2016 # '$HOME' must reach the guest unexpanded
"$run" -- bash -c 'echo "to stdout"; echo "to stderr" >&2; pwd; printf "[%s]" "$@"; exit 3' \
	argv0 'two words' "it's" '$HOME' >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 3 "the command's exit status is returned"
like "$(cat "$tmp/out")" '^to stdout' "stdout comes back on stdout"
is "$(cat "$tmp/err")" "to stderr" "stderr comes back on stderr, alone"
like "$(cat "$tmp/out")" '^/uvcdma$' "the command runs in the repository (/uvcdma)"
like "$(cat "$tmp/out")" "\[two words\]\[it's\]\[\\\$HOME\]" "arguments arrive exactly as given"

run_dir=$tmp/run
"$run" --run-dir "$run_dir" -- true && st=0 || st=$?
is "$st" 0 "a command that succeeds: exit 0"
check "the console log is kept in --run-dir" test -s "$run_dir/console.log"
is "$(cat "$run_dir/status")" 0 "the status is kept"
is "$(tail -n 1 "$run_dir/cmd")" "exec true" "the command is kept"
like "$(cat "$run_dir/console.log")" 'Linux version 6\.1\.[0-9]+-uvcdma' "the console log has the kernel's boot messages"
like "$(cat "$run_dir/timing")" '^boot_to_ready_s=[0-9]+\.[0-9]+' "boot-to-ready time is recorded"
like "$(grep 'Kernel command line' "$run_dir/console.log")" 'usbcore.autosuspend=-1' "the guest boots with USB autosuspend off"

# The guest sees the same results directory as the host.
name=guest-wrote-$$
"$run" -- bash -c "echo hello >/results/$name" && st=0 || st=$?
is "$(cat "$top/results/$name" 2>/dev/null)" hello "a file the guest writes in /results is in results/"
rm -f "$top/results/$name"

# A fresh clone has no results/ yet: --run-dir elsewhere must still work.
UVCDMA_RESULTS_DIR=$tmp/no-results-yet "$run" --run-dir "$tmp/run2" -- true && st=0 || st=$?
is "$st" 0 "a run with --run-dir creates the results directory the guest mounts"

# A guest that powers off under the command did not run it to its end.
"$run" -- poweroff -f >"$tmp/out" 2>"$tmp/err" && st=0 || st=$?
is "$st" 126 "a guest that dies mid-command: exit 126"
like "$(cat "$tmp/err")" "stopped in stage 'command'" "says where the guest stopped"
done_testing
