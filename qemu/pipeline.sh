#!/usr/bin/env bash
# The main job ('make'), with the lab built: a smoke check, then every URB
# allocation mode measured RUNS times in interleaved order, one traced run
# and one bpftrace run a mode, a free-running throughput stream, and the
# evidence a reviewer attaches, all in results/<UTC timestamp>/
# (results/latest points at it; docs/main-job.md).
#
# Each stage boots its own guest, so tracing and bpftrace never run during
# the timed captures. The workload and the run count come from the
# environment (the Makefile passes make's variables):
#   RUNS (5)  FRAMES (150)  FORMAT (mjpeg)  SIZE (1280x720)  FPS (30)
#   MODES (every mode of tools/common/urb_alloc_modes.sh)  CLOCK (icount)
#   JOBS (1): measuring guests at a time; the timed runs are dealt out to
#   them in turn (icount: each guest's figures are its own instruction
#   counts, whatever runs beside it)
#   MODEL (six platforms, below; "none": no model): platforms of
#   model/platforms/: a stage runs the workload under the memory model too
#   (model/main-job.sh, MODEL_FRAMES (10) frames a run, and the band over
#   each platform's assumptions, MODEL_BAND_FRAMES (10) frames) and the
#   summary gets the platforms side by side and a section of modelled
#   figures per platform beside the measured ones
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck source=tools/common/urb_alloc_modes.sh
. "$UVCDMA_TOP/tools/common/urb_alloc_modes.sh"

runs=${RUNS:-5}
frames=${FRAMES:-150}
format=${FORMAT:-mjpeg}
size=${SIZE:-1280x720}
fps=${FPS:-30}
clock=${CLOCK:-icount}
jobs=${JOBS:-1}
# Idle time skipped on the icount clock: the timed intervals are the same
# instruction counts, and a guest waiting for the camera's next frame
# costs no host time (UVCDMA_ICOUNT_SLEEP=on restores the host's pace).
export UVCDMA_ICOUNT_SLEEP=${UVCDMA_ICOUNT_SLEEP:-off}
throughput_frames=300
read -r -a modes <<<"${MODES:-${URB_ALLOC_MODES[*]}}"
# The memory model's default platforms: two clusters of the SoC the model
# was checked on (RK3399), and one of each other core class and vendor the
# platform files have (model/README.md, "Platforms").
model_default="rk3399-a53 rk3399-a72 rk3568-a55 rk3588-a76 s905x-a53 bcm2711-a72"
model_list=${MODEL-$model_default}
[ "$model_list" != none ] || model_list=""
read -r -a model_platforms <<<"$model_list"

# ---- Arguments: one clear line for each bad value, before any guest boots.
bad() { die "$1 (see docs/main-job.md)"; }
[[ $runs =~ ^[1-9][0-9]?$ ]] || bad "RUNS=$runs: a number of runs a mode from 1 to 99"
if ! [[ $frames =~ ^[1-9][0-9]{1,5}$ ]] || [ "$frames" -gt 100000 ]; then
	bad "FRAMES=$frames: frames a run, 10 to 100000"
fi
[[ $format =~ ^(yuyv|mjpeg)$ ]] || bad "FORMAT=$format: yuyv or mjpeg"
[[ $size =~ ^(640x480|1280x720|1920x1080)$ ]] || bad "SIZE=$size: 640x480, 1280x720 or 1920x1080 (what vcam offers)"
[[ $fps =~ ^(30|60)$ ]] || bad "FPS=$fps: 30 or 60 (what vcam offers)"
clock_description "$clock" >/dev/null 2>&1 || bad "CLOCK=$clock: one of $CLOCKS"
[[ $jobs =~ ^[1-8]$ ]] || bad "JOBS=$jobs: measuring guests at a time, 1 to 8"
[ "$jobs" = 1 ] || [ "$clock" = icount ] ||
	bad "JOBS=$jobs: guests side by side measure the same only on CLOCK=icount"
[ "${#modes[@]}" -ge 1 ] || bad "MODES is empty"
for m in "${modes[@]}"; do
	[[ " ${URB_ALLOC_MODES[*]} " == *" $m "* ]] || bad "MODES: unknown mode '$m' (modes: ${URB_ALLOC_MODES[*]})"
done
for p in ${model_platforms[@]+"${model_platforms[@]}"}; do
	model_platform_file "$p" >/dev/null || bad "MODEL: no platform '$p' (the platforms: $(model_platforms))"
done
[[ ${MODEL_FRAMES:-10} =~ ^[1-9][0-9]{0,3}$ ]] || bad "MODEL_FRAMES=$MODEL_FRAMES: frames a modelled run, 1 to 9999"
[[ ${MODEL_BAND_FRAMES:-10} =~ ^(0|[1-9][0-9]{0,3})$ ]] || bad "MODEL_BAND_FRAMES=$MODEL_BAND_FRAMES: frames a band run, 0 (no band) to 9999"

uvcstat=$BUILD_DIR/host/bin/uvcstat
stamp=$(date -u +%Y%m%dT%H%M%SZ)
out=$RESULTS_DIR/$stamp
guest_out=/results/$stamp
mkdir -p "$out"
ln -sfn "$stamp" "$RESULTS_DIR/latest"
t_job=$(now)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
nstages=$((${#model_platforms[@]} ? 8 : 7))
stage_no=0

stage() {
	stage_no=$((stage_no + 1))
	log "stage $stage_no/$nstages: $* (job time $(elapsed_since "$t_job"))"
}

# Under icount the guest has one vCPU: every vCPU's instructions advance
# the one guest clock, so with two, whatever the other vCPU ran (the
# camera, the capture) landed inside the intervals uvcvideo times (decode
# CV 1-2 % and URB CV 5-7 % across runs with 2 vCPUs; 0.1-0.3 % with 1).
# The wall clock keeps the lab's 2 vCPUs.
smp_of() { [ "$1" = icount ] && echo 1 || echo 2; }
smp=$(smp_of "$clock")

# guest STAGE-NAME TIMEOUT ARGS...: bench/guest/main-job.sh ARGS in a fresh
# guest on the job's clock and workload (GUEST_CLOCK and GUEST_FRAMES
# override them); the run's files stay in guest/STAGE-NAME.
guest() {
	local name=$1 timeout=$2 c=${GUEST_CLOCK:-$clock}
	shift 2
	"$UVCDMA_TOP/qemu/run" --clock "$c" --smp "$(smp_of "$c")" --timeout "$timeout" --run-dir "$out/guest/$name" -- \
		env WL_FORMAT="$format" WL_SIZE="$size" WL_FPS="$fps" WL_FRAMES="${GUEST_FRAMES:-$frames}" \
		bash bench/guest/main-job.sh "$@"
}

# A generous watchdog for N captures of the workload: 10 times its guest
# duration plus start-up (emulated time runs slower than the host's).
capture_timeout() { echo $((($1 * frames * 10) / fps + 300)); }

# environment.txt: key: value lines saying where and how this was measured
# (summary.sh and plots/draw.sh read them).
write_environment() {
	local run_txt measured maint total bytes
	run_txt=$(find "$out/runs" -name run.txt | sort | head -n 1)
	measured=$(sed -n 's/^# measured on: //p' "$run_txt")
	# Whether the URB buffers' DMA device is cache-coherent: the syncs of
	# the traced runs say whether they had cache maintenance to do.
	local syncs
	syncs=$(for f in "$out"/trace-*.dat; do trace-cmd report -i "$f" 2>/dev/null; done |
		grep -o 'dma_sync_.*cache_maint=[01]' | sed 's/.*cache_maint=//' || true)
	maint=$(grep -c 1 <<<"$syncs" || true)
	total=$(grep -c . <<<"$syncs" || true)
	bytes=$(awk -F= '$1 == "bytes" { b += $2 } $1 == "frames" { f += $2 }
		END { if (f) printf "%.0f KB", b / f / 1000 }' "$out"/runs/*/stats_raw)
	echo "date: $(date -u -d "@${t_job%.*}" '+%Y-%m-%d %H:%M UTC')"
	echo "where: QEMU TCG arm64 guest (-M virt -cpu max, $smp vCPU$([ "$smp" = 1 ] || echo s)), host $(uname -m)"
	clock_description "$clock"
	echo "bpf_clock: $(clock_description realtime | sed 's/^clock: //'), 2 vCPUs: the bpftrace kit's run only (bpf/)"
	echo "qemu: $(qemu-system-aarch64 --version | head -n 1), accel tcg$([ "$clock" = icount ] && echo ",thread=single with -icount")"
	echo "kernel: $(sed -n 's/^kernel \([^ ]*\).*/\1/p' <<<"$measured") from $KERNEL_PACKAGE $(kernel_source_version)$([ -z "$(kernel_suite)" ] || echo " ($(kernel_suite))")"
	echo "series: $(git -C "$KERNEL_SRC" rev-list --count pristine..HEAD) patches of ${KERNEL_SERIES#"$UVCDMA_TOP"/} applied"
	echo "guest_cpu: $(sed -n 's/.*, CPU //p' <<<"$measured")"
	echo "host_cpu: $(sed -n 's/^Model name: *//p' < <(lscpu) | head -n 1), $(nproc) cores"
	echo "host_load: $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end (1, 5, 15 min)"
	if [ "$total" -gt 0 ]; then
		echo "urb_dma_device: $([ "$maint" -gt 0 ] && echo non-coherent || echo coherent) ($maint of $total traced syncs had cache maintenance to do)"
	else
		echo "urb_dma_device: unknown (no sync in the traces)"
	fi
	echo "workload: vcam $format $size@$fps, $frames frames a run, ${bytes:-?} a frame"
	echo "modes: ${modes[*]}"
	echo "runs: $runs a mode, interleaved (plan.txt), each a fresh stream with fresh URB buffers"
	if [ ${#model_platforms[@]} -gt 0 ]; then
		echo "model: ${model_platforms[*]} (model/platforms/), $runs rounds of ${MODEL_FRAMES:-10} frames a mode; the band: ${MODEL_BAND_FRAMES:-10} frames of coherent and noncontiguous a variant; the platforms shared out among one guest a CPU, 1 vCPU each"
		echo "model_qemu: $("$MODEL_QEMU" --version | head -n 1) with model/plugin (the measured runs: the qemu line)"
	fi
}

# ---- 1. Smoke check
stage "smoke check: the guest boots, the camera binds, 30 frames verify"
guest smoke 300 smoke

# ---- 2. Timed runs, interleaved: round r takes the modes rotated by r, so
# each mode runs in each position and host drift does not land on one mode.
nmodes=${#modes[@]}
plan=$out/plan.txt
n=0
for ((r = 1; r <= runs; r++)); do
	for ((i = 0; i < nmodes; i++)); do
		n=$((n + 1))
		printf '%03d %d %s\n' "$n" "$r" "${modes[(i + r - 1) % nmodes]}"
	done
done >"$plan"
if [ "$jobs" = 1 ]; then
	stage "timed runs: ${modes[*]}, $runs rounds, $frames frames of $format $size@$fps each ($n runs, one guest)"
	guest measure "$(capture_timeout "$n")" measure "$guest_out/plan.txt" "$guest_out"
else
	# The plan dealt out line by line, so each guest gets every mode in
	# the rotated order; each guest warms up once and runs its share.
	stage "timed runs: ${modes[*]}, $runs rounds, $frames frames of $format $size@$fps each ($n runs, $jobs guests at a time)"
	pids=()
	for ((k = 1; k <= jobs; k++)); do
		awk -v k="$k" -v j="$jobs" 'NR % j == k % j' "$plan" >"$out/plan-$k.txt"
		[ -s "$out/plan-$k.txt" ] || continue
		guest "measure-$k" "$(capture_timeout "$(wc -l <"$out/plan-$k.txt")")" \
			measure "$guest_out/plan-$k.txt" "$guest_out" >"$out/measure-$k.log" 2>&1 &
		pids+=("$!")
	done
	failed=0
	for ((k = 0; k < ${#pids[@]}; k++)); do
		if wait "${pids[k]}"; then
			log "timed runs: guest $((k + 1)) of ${#pids[@]} done (job time $(elapsed_since "$t_job"))"
		else
			failed=1
			tail -n 20 "$out/measure-$((k + 1)).log" >&2
		fi
	done
	[ "$failed" = 0 ] || die "timed runs: a measuring guest failed (logs: $out/measure-*.log)"
fi

# ---- 3. Traced runs and their per-URB samples
stage "traced runs: trace-cmd record -e uvcvideo -e dma, one run a mode"
guest trace "$(capture_timeout "$nmodes")" trace "$guest_out" "${modes[@]}"
for m in "${modes[@]}"; do
	"$uvcstat" trace --samples "$out/trace-$m.dat" >"$out/samples-$m.csv.tmp"
	mv "$out/samples-$m.csv.tmp" "$out/samples-$m.csv"
done

# ---- 4. bpftrace kit
# On the realtime clock: bpftrace compiles each script with LLVM at start,
# which single-threaded icount TCG makes five times slower (minutes); the
# kit's histograms show distributions, and environment.txt says the clock.
# 60 frames a mode at most: the histograms' shapes need no more.
bpf_frames=$((frames < 60 ? frames : 60))
stage "bpftrace kit: every bpf/*.bt over one run of $bpf_frames frames a mode (realtime clock)"
GUEST_CLOCK=realtime GUEST_FRAMES=$bpf_frames guest bpf "$(capture_timeout "$nmodes")" bpf "$guest_out" "${modes[@]}"

# ---- 5. Throughput
stage "throughput: $throughput_frames frames YUYV 640x480 from a free-running camera"
guest throughput 600 throughput "$guest_out" "$throughput_frames"

# ---- The memory model (the default platforms, MODEL=..., none with MODEL=none)
if [ ${#model_platforms[@]} -gt 0 ]; then
	stage "memory model: ${model_platforms[*]}, $runs rounds of ${MODEL_FRAMES:-10} frames a mode and the band under QEMU 10 + model/plugin"
	"$UVCDMA_TOP/model/main-job.sh" "$out" "$format" "$size" "$fps" "$runs" "${model_platforms[*]}" "${modes[@]}"
fi

# ---- 6. Comparison, environment
stage "comparison: uvcstat compare of every mode's runs against ${modes[0]}"
args=()
for m in "${modes[@]}"; do
	args+=(--label "$m")
	mapfile -t -O "${#args[@]}" args < <(mode_runs "$out/runs" "$m")
done
uvcstat_compare "$uvcstat" "$out/compare" "${args[@]}"
"$UVCDMA_TOP/bench/run-variation.sh" "$out/runs" "${modes[@]}" >"$out/variation.csv"
write_environment >"$out/environment.txt"

# ---- 7. Plots and summary
stage "plots and summary"
"$UVCDMA_TOP/plots/draw.sh" "$out" >/dev/null
"$UVCDMA_TOP/qemu/summary.sh" "$out" >"$out/summary.md"
log "done in $(elapsed_since "$t_job"): $out (results/latest)"
cat "$out/summary.md"
