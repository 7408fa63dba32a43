#!/usr/bin/env bash
# The main job (qemu/pipeline.sh, what 'make' runs) on a small workload:
# it refuses bad settings before booting anything, and a run ends with a
# complete results directory: every file docs/main-job.md promises, runs in
# interleaved order, per-URB samples, the bpftrace kit's output, plots and
# the summary.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
TRACE_TMP=$(mktemp -d)
. "$top/tests/lib/trace-lib.sh"
. "$top/tests/lib/bpf-checks.sh"
. "$top/tools/common/urb_alloc_modes.sh"
mkdir -p "$top/results"
res=$(mktemp -d "$top/results/main-job-test.XXXX")
trap 'rm -rf "$res" "$TRACE_TMP"' EXIT
export UVCDMA_RESULTS_DIR=$res
# Every mode: the bpftrace kit's checks want a stream in each.
modes=("${URB_ALLOC_MODES[@]}")
# Two rounds, round r the modes rotated by r - 1 (qemu/pipeline.sh).
expected_plan=()
for r in 1 2; do
	for ((i = 0; i < ${#modes[@]}; i++)); do
		expected_plan+=("$r ${modes[(i + r - 1) % ${#modes[@]}]}")
	done
done
nruns=${#expected_plan[@]}
bpf_scripts=("$top"/bpf/*.bt)
# The memory model's default platforms (make runs them unless MODEL=none).
read -r -a model_default < <(sed -n 's/^model_default="\(.*\)"$/\1/p' "$top/qemu/pipeline.sh")
# 8 bad settings + 1; the run 2 + 8 stages; latest 2; environment.txt 13
# keys + 2; plan.txt 1, 3 files of each run, 1; 6 files + 2; 3 a mode; the
# bpftrace kit's scripts 1 and their checks; plots 1; the summary 6; the
# model: its list 1, its table 1 and a row a platform
plan $((8 + 1 + 2 + 8 + 2 + 13 + 2 + 1 + 3 * nruns + 1 + 6 + 2 + 3 * ${#modes[@]} + \
	1 + $(bpf_checks_count "${bpf_scripts[@]}") + 1 + 6 + 2 + ${#model_default[@]}))

# bad SETTING=VALUE REGEX: refused with one line matching REGEX, nothing written.
bad() {
	local out st
	out=$(env "$1" "$top/qemu/pipeline.sh" 2>&1) && st=0 || st=$?
	ok "$([ "$st" -ne 0 ] && [ "$(wc -l <<<"$out")" -eq 1 ] && grep -Eq "$2" <<<"$out" && echo 0 || echo 1)" \
		"$1 is refused with one line ($out)"
}
bad RUNS=0 'RUNS=0: a number of runs'
bad FRAMES=5 'FRAMES=5: frames a run, 10 to 100000'
bad FORMAT=h264 'FORMAT=h264: yuyv or mjpeg'
bad SIZE=1x1 'SIZE=1x1: '
bad FPS=25 'FPS=25: 30 or 60'
bad CLOCK=sundial 'CLOCK=sundial: one of icount realtime'
bad JOBS=9 'JOBS=9: measuring guests at a time, 1 to 8'
bad MODES='noncontiguous bogus' "MODES: unknown mode 'bogus'"
is "$(find "$res" -mindepth 1 | wc -l)" 0 "bad settings write nothing"

# MODEL unset: the memory model's default platforms, on short runs.
RUNS=2 FRAMES=20 FORMAT=yuyv SIZE=640x480 FPS=30 MODES="${modes[*]}" CLOCK=icount \
	MODEL_FRAMES=5 MODEL_BAND_FRAMES=5 "$top/qemu/pipeline.sh" >"$res.out" 2>&1 && st=0 || st=$?
is "$st" 0 "the main job ran: RUNS=2 FRAMES=20 yuyv 640x480@30, ${modes[*]}, the model's default platforms"
[ "$st" -eq 0 ] || diag "$(tail -n 40 "$res.out")"
for s in 1 2 3 4 5 6 7 8; do
	like "$(cat "$res.out")" "stage $s/8: " "progress: stage $s of 8 announced"
done
like "$(cat "$res.out")" "measure: run $nruns of $nruns: " "progress: run n of N in the guest"

dir=$res/latest
ok "$([ -L "$dir" ] && [ -d "$dir" ] && echo 0 || echo 1)" "results/latest points at the run's directory"
like "$(readlink "$dir")" '^[0-9]{8}T[0-9]{6}Z$' "the directory is named by its UTC start"

for k in date where clock qemu kernel series guest_cpu host_cpu host_load urb_dma_device workload modes runs; do
	like "$(cat "$dir/environment.txt")" "^$k: ." "environment.txt: $k"
done
like "$(cat "$dir/environment.txt")" '^clock: icount shift=' "environment.txt names the clock"
like "$(cat "$dir/environment.txt")" '^urb_dma_device: non-coherent ' \
	"the dummy_hcd DMA device is non-coherent on arm64 (syncs did cache maintenance)"

is "$(cut -d' ' -f2- "$dir/plan.txt")" "$(printf '%s\n' "${expected_plan[@]}")" \
	"plan.txt: interleaved, a different mode order in each round"
for ((n = 1; n <= nruns; n++)); do
	run=$(printf '%03d-%s' "$n" "${expected_plan[n - 1]#* }")
	for f in stats stats_raw run.txt; do
		ok "$([ -s "$dir/runs/$run/$f" ] && echo 0 || echo 1)" "runs/$run/$f"
	done
done
like "$(cat "$dir/runs/002-coherent/stats_raw")" '^mode=coherent$' "each run's statistics are of its mode"

for f in compare.txt compare.csv compare.json variation.csv throughput.txt summary.md; do
	ok "$([ -s "$dir/$f" ] && echo 0 || echo 1)" "$f"
done
like "$(head -n 1 "$dir/compare.txt")" 'noncontiguous \(n=2\) +coherent \(n=2\)' "compare: both modes, two runs each"
like "$(cat "$dir/variation.csv")" '^coherent,decode,2,' "variation.csv: decode of coherent over 2 runs"

for m in "${modes[@]}"; do
	ok "$([ -s "$dir/trace-$m.dat" ] && echo 0 || echo 1)" "trace-$m.dat"
	is "$(head -n 1 "$dir/samples-$m.csv")" \
		"session,stream,mode,urb,seq,complete_ns,urb_ns,header_ns,latency_ns,decode_ns,sync_cpu_ns,sync_device_ns,bytes" \
		"samples-$m.csv: header"
	ok "$([ "$(grep -c ",$m," "$dir/samples-$m.csv")" -ge 50 ] && echo 0 || echo 1)" \
		"samples-$m.csv: a row per URB of mode $m ($(($(wc -l <"$dir/samples-$m.csv") - 1)) rows)"
done

# The bpftrace kit (bpf/*.bt at once, a stream a mode): its scripts are
# checked here, on the main job's own output, and nowhere else.
ok "$([ "${#bpf_scripts[@]}" -ge 6 ] && echo 0 || echo 1)" "bpf/ has its scripts (${#bpf_scripts[@]})"
bpf_checks "$dir/bpf" "${bpf_scripts[@]}"
# A script that needed its SIGINT said again passes, and says so.
for f in "$dir"/bpf/*.warnings; do [ -f "$f" ] && diag "$f: $(cat "$f")"; done
for f in "$dir"/bpf/*.hang; do [ -f "$f" ] && diag "$f: $(cat "$f")"; done

npng=$(find "$dir/plots" -name '*.png' -size +1k 2>/dev/null | wc -l)
nsvg=$(find "$dir/plots" -name '*.svg' -size +1k 2>/dev/null | wc -l)
ok "$([ "$npng" -ge 5 ] && [ "$npng" -eq "$nsvg" ] && echo 0 || echo 1)" "plots: $npng PNG and $nsvg SVG"

summary=$(cat "$dir/summary.md")
like "$summary" 'Emulated timings, not hardware figures' "summary: says what TCG cannot show"
like "$summary" '^## Per-URB averages' "summary: the averages table"
like "$summary" '^\| decode \| [0-9.]+ \| [0-9.]+ \([0-9.]+x \[[0-9.]+-[0-9.]+\]\) \|' \
	"summary: coherent's decode with its ratio and CI"
# The ratio and its interval computed apart from uvcstat, from the runs'
# stats_raw (tools/uvcstat/tests/ratio_ci.py), against the summary's.
mapfile -t base_runs < <(grep -lx mode=noncontiguous "$dir"/runs/*/stats_raw)
mapfile -t other_runs < <(grep -lx mode=coherent "$dir"/runs/*/stats_raw)
read -r est lo hi < <("$top/tools/uvcstat/tests/ratio_ci.py" --time-ratio decode \
	"${base_runs[@]}" -- "${other_runs[@]}")
like "$summary" "^\| decode \| [0-9.]+ \| [0-9.]+ \(${est//./\\.}x \[${lo//./\\.}-${hi//./\\.}\]\) \|" \
	"summary: coherent's decode ratio and CI as an independent computation gives them ($est [$lo-$hi])"
like "$summary" '^- coherent, sync for cpu: ' "summary: a verdict on the syncs"
like "$summary" '\(plots/[a-z-]+\.png\)' "summary: the plots linked"
# The memory model, by default: every platform side by side, each with its
# ratio, CI and band (model/band.sh over its assumptions).
ok "$([ "${#model_default[@]}" -ge 4 ] && echo 0 || echo 1)" "the model has default platforms (${model_default[*]})"
like "$summary" '^## Memory model: every platform side by side \(modelled, not measured\)' \
	"summary: the modelled platforms side by side, without MODEL="
for p in "${model_default[@]}"; do
	like "$summary" "^\\| $p \\| Cortex-A[0-9]+ \\| [0-9.]+ \\[[0-9.]+-[0-9.]+\\] \\| [0-9.]+ \\[[0-9.]+-[0-9.]+\\] \\| \\*\\*[0-9.]+x\\*\\* \\[[0-9.]+-[0-9.]+\\] \\| [0-9.]+-[0-9.]+x \\(declared [0-9.]+x\\) \\| [a-z_0-9]+ \\(" \
		"summary: $p's row: its core, decode rates and ratio with CIs, its band and what moves it most"
done
done_testing
