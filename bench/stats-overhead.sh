#!/usr/bin/env bash
# Benchmark (not a test): what the patch series' instrumentation costs
# uvcvideo's copy work (uvc_video_copy_data_work(), the "decode" of the
# statistics plus the resubmission), in one boot of the lab guest (QEMU
# TCG: emulated timings, not hardware). Ratios of medians over every call:
#   statistics on / off     timing_stats=Y vs N
#   all events / none       every dma and uvcvideo event written to the ring
#                           buffer (and, separately, trace-cmd recording them)
# Writes results/bench-stats.txt.
#   usage: bench/stats-overhead.sh [FRAMES [ROUNDS]]
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"

frames=${1:-150}
rounds=${2:-3}
out=$RESULTS_DIR/bench-stats.txt
run_dir=$RESULTS_DIR/runs/bench-stats-$(date +%Y%m%d-%H%M%S)
log "bench: decode cost of statistics and trace events, $rounds rounds of $frames frames (QEMU TCG guest)"
figures=$("$UVCDMA_TOP/qemu/run" --run-dir "$run_dir" -- \
	bash bench/guest/stats-overhead.sh "$frames" "$rounds")

# Medians over every call: TCG vCPUs are host threads, and a descheduled
# one turns a few calls into outliers that would dominate a mean.
stat() { awk -v k="$1" '$1 == k { print $2 }' <<<"$figures" | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "%d %d\n", v[int((NR + 1) / 2)], NR; else print "0 0" }'; }
read -r off n_off < <(stat off)
read -r on n_on < <(stat on)
read -r events n_events < <(stat events)
read -r traced n_traced < <(stat traced)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }
{
	echo "bench-stats ($(date -u '+%Y-%m-%d %H:%M UTC'), QEMU TCG guest: emulated timings, not hardware)"
	echo "  kernel $(cat "$KERNEL_SRC/include/config/kernel.release"), vcam YUYV 640x480 free-running, $rounds rounds x $frames frames"
	echo "  uvc_video_copy_data_work() duration, median over all calls (bpftrace kprobes):"
	echo "    timing_stats=N:                         ${off} ns ($n_off calls)"
	echo "    timing_stats=Y:                         ${on} ns ($n_on calls)"
	echo "    timing_stats=Y, all events to the ring:  ${events} ns ($n_events calls)"
	echo "    timing_stats=Y, trace-cmd recording all: ${traced} ns ($n_traced calls)"
	echo "  ratio statistics on / off:                $(ratio "$on" "$off")   (target <= 1.02)"
	echo "  ratio all events recorded / not:          $(ratio "$events" "$on")   (target <= 1.10; ring buffer, no reader)"
	echo "  ratio trace-cmd recording / not:          $(ratio "$traced" "$on")   (its reader competes for the vCPUs)"
} | tee "$out"
