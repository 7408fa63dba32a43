#!/usr/bin/env bash
# The main job's memory-model figures (make MODEL=...): model/summarize.awk
# turns per-run windows into means with Student-t 95% CIs and the paired
# decode ratio, exactly as worked out by hand below; summary.sh gives each
# platform its section, labelled as modelled, beside the measured decode;
# plots/draw.sh draws its panel. On the hand-made results of
# fixtures/results-small.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
plan 9
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Three runs: decode coherent 100, 110, 120 us, noncontiguous 10 us each:
# mean 110, sd 10, t(2) = 4.303, half-width 4.303 * 10 / sqrt(3) = 24.843;
# ratios 10, 11, 12: mean 11, half-width 2.484. header: one run only.
cat >"$tmp/runs.csv" <<'CSV'
mode,run,window,urbs,mean_ns
coherent,1,decode,150,100000.0
noncontiguous,1,decode,150,10000.0
noncontiguous,2,decode,150,10000.0
coherent,2,decode,150,110000.0
coherent,3,decode,150,120000.0
noncontiguous,3,decode,150,10000.0
coherent,1,header,150,1000.0
CSV
awk -F, -f "$top/model/summarize.awk" "$tmp/runs.csv" >"$tmp/summary.csv"
is "$(grep '^window,coherent,decode,' "$tmp/summary.csv")" "window,coherent,decode,3,110.000,85.157,134.843" \
	"mean over the runs with the t-based 95% CI"
is "$(grep '^window,noncontiguous,decode,' "$tmp/summary.csv")" "window,noncontiguous,decode,3,10.000,10.000,10.000" \
	"no spread, no width"
is "$(grep '^window,coherent,header,' "$tmp/summary.csv")" "window,coherent,header,1,1.000,," \
	"one run: no interval"
is "$(grep '^ratio,' "$tmp/summary.csv")" "ratio,coherent/noncontiguous,decode,3,11.000,8.516,13.484" \
	"the decode ratio, paired by run"

dir=$tmp/results
cp -r "$top/tests/host/fixtures/results-small" "$dir"
echo "interval,mode,runs,mean,sd,cv" >"$dir/variation.csv"
echo "model: test-platform (hand-made), 3 rounds" >>"$dir/environment.txt"
mkdir -p "$dir/model/test-platform"
cp "$tmp/runs.csv" "$dir/model/test-platform/runs.csv"
cp "$tmp/summary.csv" "$dir/model/test-platform/summary.csv"
"$top/qemu/summary.sh" "$dir" >"$tmp/summary.md"
section=$(sed -n '/^## Memory model: test-platform/,/^## Run-to-run/p' "$tmp/summary.md")
like "$section" '^## Memory model: test-platform \(modelled, not measured\)' "summary.md: a section of its own, titled as modelled"
like "$section" 'never a measurement' "it says the figures are a model's"
like "$section" '\| coherent \| 1\.00 \| 110\.00 \[85\.16-134\.84\] \| - \| - \| 300\.394 \|' \
	"modelled windows per mode, the measured decode beside them"
like "$section" 'modelled: \*\*11\.00x\*\* \(95% CI 8\.52-13\.48, 3 paired runs\); on the instruction clock: 27\.76x' \
	"the modelled decode ratio with its CI, and the measured one"
"$top/plots/draw.sh" "$dir" >"$tmp/draw.out" 2>"$tmp/draw.err" || true
check "plots/draw.sh draws the model's panel" test -s "$dir/plots/model-test-platform.png"
done_testing
