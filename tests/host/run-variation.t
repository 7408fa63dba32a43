#!/usr/bin/env bash
# bench/run-variation.sh, the main job's run-to-run variation: the mean,
# standard deviation (n - 1) and CV of each run's average, per mode, from
# runs/NNN-MODE/stats_raw; a mode's runs are its own (usb-coherent's runs
# are not coherent's); bad input is one line and a non-zero status.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 9
fix=$top/tests/host/fixtures/uvcstat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # run NAME MODE FIXTURE
	mkdir -p "$tmp/runs/$1"
	sed "s/^mode=.*/mode=$2/" "$fix/$3" >"$tmp/runs/$1/stats_raw"
}
run 001-coherent coherent coherent-1.raw
run 002-usb-coherent usb-coherent coherent-3.raw
run 003-coherent coherent coherent-2.raw
run 004-noncontiguous noncontiguous noncontiguous-1.raw

out=$("$top/bench/run-variation.sh" "$tmp/runs" coherent usb-coherent noncontiguous 2>&1) && st=0 || st=$?
is "$st" 0 "exit 0"
is "$(head -n 1 <<<"$out")" "mode,interval,runs,mean_avg_ns,sd_avg_ns,cv_pct" "CSV header"
# expected values computed independently (python statistics.mean/stdev)
like "$out" '^coherent,urb,2,340928\.9,4698\.5,1\.378$' "coherent URB: two runs, mean, sd and CV of their averages"
like "$out" '^usb-coherent,urb,1,343984\.3,0\.0,0\.000$' "usb-coherent: its own single run, not coherent's"
like "$out" '^noncontiguous,sync_cpu,1,' "every interval of every mode"
is "$(grep -c '^coherent,' <<<"$out")" 6 "six intervals a mode"

out=$("$top/bench/run-variation.sh" "$tmp/runs" noncoherent 2>&1) && st=0 || st=$?
ok "$([ "$st" -ne 0 ] && echo 0 || echo 1)" "a mode without runs fails"
is "$out" "run-variation.sh: $tmp/runs: no run of mode 'noncoherent' (no */stats_raw)" "and says so in one line"
out=$("$top/bench/run-variation.sh" "$tmp/nowhere" coherent 2>&1) && st=0 || st=$?
is "$out" "run-variation.sh: $tmp/nowhere: no such directory" "a missing directory: one line"
done_testing
