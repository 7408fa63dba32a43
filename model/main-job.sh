#!/usr/bin/env bash
# The main job's memory-model stage (qemu/pipeline.sh; make's default
# platforms or MODEL=PLATFORM...), in two steps:
# - the runs: the job's workload in every mode, RUNS rounds in the job's
#   rotated order (MODEL_FRAMES frames a run, 10 by default: the windows
#   are per URB, and 10 frames give about 50 URBs a run);
# - the band: one short run (MODEL_BAND_FRAMES frames, 10 by default; 0:
#   no band) of coherent and noncontiguous under each platform and each of
#   its variants (model/band.sh: every ranged assumption at each end of its
#   range, one at a time).
# The platforms are shared out among one guest a CPU; a guest models all of
# its platforms (and their variants) at once, access for access
# (qemu/run --model, repeated). Each platform's report and the per-URB
# means per run and window go to OUT/model/PLATFORM/ (model.txt,
# model-windows.csv, runs.csv), their means over the runs with 95% CIs to
# summary.csv, the band to band.csv and the variants' files and reports to
# band/; summary.sh and plots/draw.sh show them, labelled as modelled.
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
frames=${MODEL_FRAMES:-10}
band_frames=${MODEL_BAND_FRAMES:-10}
# qemu/run checks each platform's name; pipeline.sh has before any guest.
model_built || die "the memory model is not built: run 'make model'"

# The job's order: round r takes the modes rotated by r.
phases=()
for ((r = 1; r <= runs; r++)); do
	for ((i = 0; i < ${#modes[@]}; i++)); do
		phases+=("r$r-${modes[(i + r - 1) % ${#modes[@]}]}")
	done
done

guests=$(nproc)
[ "$guests" -le "${#platforms[@]}" ] || guests=${#platforms[@]}

# run_guests STEP FRAMES PHASE...: guest g of STEP models platforms g,
# g + guests, ... with the --model arguments in $out/model/.args-STEP-g.
run_guests() {
	local step=$1 nframes=$2 g pids=()
	shift 2
	for ((g = 0; g < guests; g++)); do
		local args=()
		mapfile -t args <"$out/model/.args-$step-$g"
		rm -rf "$out/guest/model-$step-$g"
		"$UVCDMA_TOP/qemu/run" --clock icount --smp 1 "${args[@]}" --timeout 3600 \
			--run-dir "$out/guest/model-$step-$g" -- \
			bash model/guest/run-modes.sh "$format" "$size" "$fps" "$nframes" "$@" \
			>"$out/model/$step-$g.log" 2>&1 &
		pids+=("$!")
	done
	for ((g = 0; g < guests; g++)); do
		wait "${pids[g]}" || {
			tail -n 20 "$out/model/$step-$g.log" >&2
			die "model: the $step guest $g failed ($out/guest/model-$step-$g)"
		}
	done
}

mkdir -p "$out/model"
for ((g = 0; g < guests; g++)); do
	: >"$out/model/.args-runs-$g"
	: >"$out/model/.args-band-$g"
done
nvariants=0
for ((k = 0; k < ${#platforms[@]}; k++)); do
	p=${platforms[k]} g=$((k % guests))
	file=$(model_platform_file "$p") || die "model: no platform '$p'"
	p=$(basename "$file" .conf)
	platforms[k]=$p
	rm -rf "$out/model/$p"
	mkdir -p "$out/model/$p/band"
	cp "$file" "$out/model/$p/platform.conf"
	printf -- '--model\n%s\n' "$file" >>"$out/model/.args-runs-$g"
	printf -- '--model\n%s\n' "$file" >>"$out/model/.args-band-$g"
	# No band (MODEL_BAND_FRAMES=0): no variants to write.
	[ "$band_frames" -gt 0 ] || continue
	while read -r v; do
		printf -- '--model\n%s\n' "$v" >>"$out/model/.args-band-$g"
		nvariants=$((nvariants + 1))
	done < <("$here/band.sh" variants "$file" "$out/model/$p/band")
done

log "model: the runs: ${platforms[*]} on $guests guest(s), $runs rounds of $frames frames a mode"
run_guests runs "$frames" "${phases[@]}"
if [ "$band_frames" -gt 0 ]; then
	log "model: the band: ${#platforms[@]} platforms and $nvariants variants on $guests guest(s), $band_frames frames of coherent and noncontiguous"
	run_guests band "$band_frames" coherent noncontiguous
fi

for ((k = 0; k < ${#platforms[@]}; k++)); do
	p=${platforms[k]} g=$((k % guests))
	d=$out/model/$p
	cp "$out/guest/model-runs-$g/model-$p.txt" "$d/model.txt"
	cp "$out/guest/model-runs-$g/model-$p-windows.csv" "$d/model-windows.csv"
	# runs.csv: mode,run,window,urbs,mean_ns,mean_bytes (one row a run and window)
	awk -f "$here/windows.awk" "$d/model.txt" | awk -F, -v OFS=, '
		BEGIN { print "mode,run,window,urbs,mean_ns,mean_bytes" }
		$1 ~ /^r[0-9]+-/ {
			run = substr($1, 2); sub(/-.*/, "", run)
			mode = $1; sub(/^r[0-9]+-/, "", mode)
			print mode, run, $2, $3, $4, $5
		}' >"$d/runs.csv"
	awk -F, -f "$here/summarize.awk" "$d/runs.csv" >"$d/summary.csv"
	# The band: the platform and each variant, from the same band guest.
	if [ "$band_frames" -eq 0 ]; then
		rm -rf "$d/band"
		log "model: $p: $(($(wc -l <"$d/runs.csv") - 1)) rows, no band ($d)"
		continue
	fi
	cp "$out/guest/model-band-$g/model-$p.txt" "$d/band/model-declared.txt"
	reports=()
	for v in "$d"/band/*.conf; do
		[ -e "$v" ] || continue
		n=$(basename "$v" .conf)
		cp "$out/guest/model-band-$g/model-$n.txt" "$d/band/model-$n.txt"
		reports+=("$d/band/model-$n.txt")
	done
	"$here/band.sh" summarize "$d/band/model-declared.txt" ${reports[@]+"${reports[@]}"} >"$d/band.csv"
	log "model: $p: $(($(wc -l <"$d/runs.csv") - 1)) rows, band over ${#reports[@]} variants ($d)"
done
rm -f "$out/model"/.args-*
