#!/usr/bin/env bash
# Benchmark (not a test): what the patch series' instrumentation costs the
# copy work of uvcvideo, in one boot of the lab guest (QEMU TCG: emulated
# timings, not hardware). Ratios of medians over ROUNDS rounds:
#   stats on / off        decode average, timing_stats=Y vs N (bpftrace kprobes)
#   all events / untraced decode average from debugfs, with trace-cmd
#                         recording every dma and uvcvideo event vs none
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

median() { awk -v k="$1" '$1 == k { print $2 }' <<<"$figures" | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print 0 }'; }
off=$(median off) on=$(median on) untraced=$(median debugfs) traced=$(median traced)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }
{
	echo "bench-stats ($(date -u '+%Y-%m-%d %H:%M UTC'), QEMU TCG guest, $(cat "$KERNEL_SRC/include/config/kernel.release"), YUYV 640x480 free-running, $rounds x $frames frames, medians)"
	echo "  decode avg, timing_stats=N (kprobes):        ${off} ns"
	echo "  decode avg, timing_stats=Y (kprobes):        ${on} ns"
	echo "  ratio stats on / off:                        $(ratio "$on" "$off")   (target <= 1.02)"
	echo "  decode avg from debugfs, untraced:           ${untraced} ns"
	echo "  decode avg from debugfs, all events traced:  ${traced} ns"
	echo "  ratio all events / untraced:                 $(ratio "$traced" "$untraced")   (target <= 1.10)"
	echo "  raw figures: $(tr '\n' ' ' <<<"$figures")"
} | tee "$out"
