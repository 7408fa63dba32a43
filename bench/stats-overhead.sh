#!/usr/bin/env bash
# Benchmark (not a test): what the patch series' instrumentation costs
# uvcvideo's copy work (uvc_video_copy_data_work(), the "decode" of the
# statistics plus the resubmission), in one boot of the lab guest per clock
# (QEMU TCG: emulated timings, not hardware). Ratios of medians over every
# call:
#   statistics on / off     timing_stats=Y vs N
#   all events / none       every dma and uvcvideo event written to the ring
#                           buffer (and, separately, trace-cmd recording them)
# Under the icount clock guest time is executed instructions (2^shift ns
# each), so its ratios are the instrumentation's instruction overhead,
# exact and repeatable; under the realtime clock they are host wall-clock
# ratios and move with the host's load. By default both are measured,
# icount first; UVCDMA_CLOCK (make bench-stats CLOCK=realtime) picks one.
# Writes results/bench-stats.txt.
#   usage: bench/stats-overhead.sh [FRAMES [ROUNDS]]
set -euo pipefail
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../qemu/lib.sh"

frames=${1:-150}
rounds=${2:-3}
read -r -a clocks <<<"${UVCDMA_CLOCK:-icount realtime}"
for clock in "${clocks[@]}"; do
	clock_description "$clock" >/dev/null || exit 2
done
out=$RESULTS_DIR/bench-stats.txt
stamp=$(date +%Y%m%d-%H%M%S)

# Medians over every call: under the realtime clock TCG vCPUs are host
# threads, and a descheduled one turns a few calls into outliers that would
# dominate a mean (under icount the median and the mean differ little).
stat() { awk -v k="$1" '$1 == k { print $2 }' <<<"$figures" | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "%d %d\n", v[int((NR + 1) / 2)], NR; else print "0 0" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }

# measure CLOCK: one guest boot under CLOCK, its figures as a report block.
measure() {
	local clock=$1 what off n_off on n_on events n_events traced n_traced
	what="wall-clock ratio (moves with the host's load)"
	[ "$clock" = icount ] && what="instruction-overhead ratio (exact)"
	log "bench: decode cost of statistics and trace events, $rounds rounds of $frames frames, $(clock_description "$clock")"
	figures=$("$UVCDMA_TOP/qemu/run" --clock "$clock" --run-dir "$RESULTS_DIR/runs/bench-stats-$clock-$stamp" -- \
		bash bench/guest/stats-overhead.sh "$frames" "$rounds")
	read -r off n_off < <(stat off)
	read -r on n_on < <(stat on)
	read -r events n_events < <(stat events)
	read -r traced n_traced < <(stat traced)
	echo "  $(clock_description "$clock")"
	echo "    uvc_video_copy_data_work() duration, median over all calls (bpftrace kprobes):"
	echo "      timing_stats=N:                         ${off} ns ($n_off calls)"
	echo "      timing_stats=Y:                         ${on} ns ($n_on calls)"
	echo "      timing_stats=Y, all events to the ring:  ${events} ns ($n_events calls)"
	echo "      timing_stats=Y, trace-cmd recording all: ${traced} ns ($n_traced calls)"
	echo "    $what:"
	echo "      statistics on / off:                $(ratio "$on" "$off")   (target <= 1.02)"
	echo "      all events recorded / not:          $(ratio "$events" "$on")   (target <= 1.10; ring buffer, no reader)"
	echo "      trace-cmd recording / not:          $(ratio "$traced" "$on")   (its reader competes for the vCPUs)"
}

{
	echo "bench-stats ($(date -u '+%Y-%m-%d %H:%M UTC'), QEMU TCG guest: emulated timings, not hardware)"
	echo "  kernel $(cat "$KERNEL_SRC/include/config/kernel.release"), vcam YUYV 640x480 free-running, $rounds rounds x $frames frames, one boot per clock"
	for clock in "${clocks[@]}"; do
		measure "$clock"
	done
} | tee "$out"
exit "${PIPESTATUS[0]}"
