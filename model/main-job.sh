#!/usr/bin/env bash
# The main job's memory-model stage (make MODEL=PLATFORM..., qemu/pipeline.sh):
# for each platform, one guest under the model streams the job's workload in
# every mode, RUNS rounds in the job's rotated order (MODEL_FRAMES frames a
# run, 30 by default: the windows are per URB, and 30 frames give about 150
# URBs a run); guests of different platforms run side by side. Each
# platform's report and the per-URB means per run and window go to
# OUT/model/PLATFORM/ (model.txt, runs.csv), their means over the runs with
# 95% CIs to summary.csv; summary.sh and plots/draw.sh show them, labelled
# as modelled.
#   model/main-job.sh OUT FORMAT SIZE FPS RUNS PLATFORMS MODE...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=qemu/lib.sh
. "$here/../qemu/lib.sh"

[ $# -ge 7 ] || die "usage: model/main-job.sh OUT FORMAT SIZE FPS RUNS PLATFORMS MODE..."
out=$1 format=$2 size=$3 fps=$4 runs=$5
read -r -a platforms <<<"$6"
shift 6
modes=("$@")
frames=${MODEL_FRAMES:-30}
# qemu/run checks each platform's name; pipeline.sh has before any guest.
model_built || die "the memory model is not built: run 'make model'"

# The job's order: round r takes the modes rotated by r.
phases=()
for ((r = 1; r <= runs; r++)); do
	for ((i = 0; i < ${#modes[@]}; i++)); do
		phases+=("r$r-${modes[(i + r - 1) % ${#modes[@]}]}")
	done
done

pids=()
for p in "${platforms[@]}"; do
	mkdir -p "$out/model/$p"
	rm -rf "$out/guest/model-$p"
	"$UVCDMA_TOP/qemu/run" --clock icount --smp 1 --model "$p" --timeout 1800 --run-dir "$out/guest/model-$p" -- \
		bash model/guest/run-modes.sh "$format" "$size" "$fps" "$frames" "${phases[@]}" \
		>"$out/model/$p/guest.log" 2>&1 &
	pids+=("$!")
done
for ((k = 0; k < ${#pids[@]}; k++)); do
	p=${platforms[k]}
	wait "${pids[k]}" || { tail -n 20 "$out/model/$p/guest.log" >&2; die "model: the guest under $p failed ($out/guest/model-$p)"; }
	cp "$out/guest/model-$p/model.txt" "$out/model/$p/model.txt"
	cp "$out/guest/model-$p/model-windows.csv" "$out/model/$p/model-windows.csv"
	cp "$(model_platform_file "$p")" "$out/model/$p/platform.conf"
	# runs.csv: mode,run,window,urbs,mean_ns (one row a run and window)
	awk -f "$here/windows.awk" "$out/model/$p/model.txt" | awk -F, -v OFS=, '
		BEGIN { print "mode,run,window,urbs,mean_ns" }
		$1 ~ /^r[0-9]+-/ {
			run = substr($1, 2); sub(/-.*/, "", run)
			mode = $1; sub(/^r[0-9]+-/, "", mode)
			print mode, run, $2, $3, $4
		}' >"$out/model/$p/runs.csv"
	awk -F, -f "$here/summarize.awk" "$out/model/$p/runs.csv" >"$out/model/$p/summary.csv"
	log "model: $p: $(grep -c . "$out/model/$p/runs.csv") rows ($out/model/$p)"
done
