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
plan 14
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Three runs: decode coherent 100, 110, 120 us, noncontiguous 10 us each:
# mean 110, sd 10, t(2) = 4.303, half-width 4.303 * 10 / sqrt(3) = 24.843;
# ratios 10, 11, 12: mean 11, half-width 2.484. header: one run only.
# Rates: 13200 bytes a URB: coherent 132, 120, 110 MB/s, mean 120.667, sd
# sqrt((11.333^2 + 0.667^2 + 10.667^2) / 2) = 11.015, half-width
# 4.303 * 11.015 / sqrt(3) = 27.366; noncontiguous 1320 MB/s each.
cat >"$tmp/runs.csv" <<'CSV'
mode,run,window,urbs,mean_ns,mean_bytes
coherent,1,decode,150,100000.0,13200.0
noncontiguous,1,decode,150,10000.0,13200.0
noncontiguous,2,decode,150,10000.0,13200.0
coherent,2,decode,150,110000.0,13200.0
coherent,3,decode,150,120000.0,13200.0
noncontiguous,3,decode,150,10000.0,13200.0
coherent,1,header,150,1000.0,0.0
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
is "$(grep '^rate,coherent,' "$tmp/summary.csv")" "rate,coherent,decode,3,120.667,93.301,148.032" \
	"the decode rate in MB/s, per run, with its CI"

dir=$tmp/results
cp -r "$top/tests/host/fixtures/results-small" "$dir"
echo "interval,mode,runs,mean,sd,cv" >"$dir/variation.csv"
echo "model: test-platform (hand-made), 3 rounds" >>"$dir/environment.txt"
mkdir -p "$dir/model/test-platform"
cp "$tmp/runs.csv" "$dir/model/test-platform/runs.csv"
cp "$tmp/summary.csv" "$dir/model/test-platform/summary.csv"
printf '# A made-up platform, its Cortex-A53 cluster.\nname = test-platform\n' >"$dir/model/test-platform/platform.conf"
mkdir -p "$dir/model/test-platform/band"
touch "$dir/model/test-platform/band/test-platform~cpi-lo.conf" "$dir/model/test-platform/band/test-platform~cpi-hi.conf"
printf '%s\n' "quantity,declared,lo,hi,lo_variant,hi_variant,widest_key,widest_lo,widest_hi" \
	"decode_ratio,11.20,8.00,14.00,cpi-hi,cpi-lo,cpi,14.00,8.00" >"$dir/model/test-platform/band.csv"
"$top/qemu/summary.sh" "$dir" >"$tmp/summary.md"
section=$(sed -n '/^## Memory model: test-platform/,/^## Run-to-run/p' "$tmp/summary.md")
like "$section" '^## Memory model: test-platform \(modelled, not measured\)' "summary.md: a section of its own, titled as modelled"
like "$section" 'never a measurement' "it says the figures are a model's"
like "$section" '\| coherent \| 1\.00 \| 110\.00 \[85\.16-134\.84\] \| - \| - \| 300\.394 \|' \
	"modelled windows per mode, the measured decode beside them"
like "$section" 'modelled: \*\*11\.00x\*\* \(95% CI 8\.52-13\.48, 3 paired runs\); on the instruction clock: 27\.76x' \
	"the modelled decode ratio with its CI, and the measured one"
"$top/plots/draw.sh" "$dir" >"$tmp/draw.out" 2>"$tmp/draw.err" || true
like "$section" '^- band over the assumptions \(one at a time, 2 variants, .*\): \*\*8\.00-14\.00x\*\* \(11\.20x at the declared values in the same run\); moved most by cpi \(14\.00x to 8\.00x\)' \
	"the band, its variants and the assumption that moves it most"
side=$(sed -n '/^## Memory model: every platform side by side/,/^## Memory model: test-platform/p' "$tmp/summary.md")
like "$side" 'modelled, not measured' "the platforms side by side, titled as modelled"
like "$side" '^\| test-platform \| Cortex-A53 \| 120\.7 \[93\.3-148\.0\] \| 1320\.0 \[1320\.0-1320\.0\] \| \*\*11\.00x\*\* \[8\.52-13\.48\] \| 8\.00-14\.00x \(declared 11\.20x\) \| cpi \(14\.00-8\.00x\) \|$' \
	"a row a platform: its core, decode rates, ratio and band"
like "$side" 'at 1238 MB/s \(10\.847 us for 13,426 bytes a URB\)' "the changelog's aarch64 figure per byte, for scale: 67034480 / 4993 / 10.847 us"
check "plots/draw.sh draws the model's panel" test -s "$dir/plots/model-test-platform.png"
done_testing
