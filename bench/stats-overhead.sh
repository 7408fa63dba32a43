#!/usr/bin/env bash
# Benchmark (not a test): what the patch series' instrumentation costs
# uvcvideo's copy work (uvc_video_copy_data_work(), the "decode" of the
# statistics plus the resubmission) and its completion handler
# (uvc_video_complete()), in one boot of the lab guest per clock (QEMU TCG:
# emulated timings, not hardware). Ratios of medians over every call:
#   statistics on / off     timing_stats=Y vs N (target: x1.02 or less)
#   one event class / none  the events of one class written to the ring
#                           buffer, for each class on the data path
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
mkdir -p "$RESULTS_DIR"
stamp=$(date +%Y%m%d-%H%M%S)

# Medians over every call: under the realtime clock TCG vCPUs are host
# threads, and a descheduled one turns a few calls into outliers that would
# dominate a mean (under icount the median and the mean differ little).
# stat CONFIG FUNCTION: "median calls" of that function's durations.
stat() { awk -v k="$1" -v f="$2" '$1 == k && $2 == f { print $3 }' <<<"$figures" | sort -n |
	awk '{ v[NR] = $1 } END { if (NR) printf "%d %d\n", v[int((NR + 1) / 2)], NR; else print "0 0" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }
# extra NS BASE_NS: the difference, and under icount in instructions.
extra() { awk -v a="$1" -v b="$2" -v ns="$ns_per_insn" 'BEGIN {
	if (ns > 0) printf "%+d ns = %+d insns", a - b, (a - b) / ns; else printf "%+d ns", a - b }'; }

# row LABEL CONFIG BASE_CONFIG: one line of the table, both functions.
row() {
	local label=$1 config=$2 base=$3 f med n bmed line
	line=$(printf '      %-36s' "$label")
	for f in work complete; do
		read -r med n < <(stat "$config" "$f")
		read -r bmed _ < <(stat "$base" "$f")
		if [ "$config" = "$base" ]; then
			line+=$(printf ' | %7d ns (%5d calls) %-27s' "$med" "$n" "")
		else
			line+=$(printf ' | %7d ns x%-6s %-27s' "$med" "$(ratio "$med" "$bmed")" "$(extra "$med" "$bmed")")
		fi
	done
	echo "$line"
}

# measure CLOCK: one guest boot under CLOCK, its figures as a report block.
measure() {
	local clock=$1 what class event_classes
	what="wall-clock ratios (move with the host's load)"
	ns_per_insn=0
	if [ "$clock" = icount ]; then
		what="instruction-overhead ratios (exact)"
		ns_per_insn=$((1 << ${UVCDMA_ICOUNT_SHIFT:-$ICOUNT_SHIFT_DEFAULT}))
	fi
	log "bench: cost of statistics and trace events, $rounds rounds of $frames frames, $(clock_description "$clock")"
	figures=$("$UVCDMA_TOP/qemu/run" --clock "$clock" --run-dir "$RESULTS_DIR/runs/bench-stats-$clock-$stamp" -- \
		bash bench/guest/stats-overhead.sh "$frames" "$rounds")
	echo "  $(clock_description "$clock")"
	echo "    median duration over all calls (bpftrace kprobes), $what against the line named:"
	printf '      %-36s | %-56s | %s\n' "" "uvc_video_copy_data_work()" "uvc_video_complete()"
	row "timing_stats=N, no events" off off
	row "timing_stats=Y (vs N; target x1.02)" on off
	mapfile -t event_classes < <(awk '$1 ~ /^class:/ && !seen[$1]++ { print substr($1, 7) }' <<<"$figures")
	for class in "${event_classes[@]}"; do
		row "+ events of $class" "class:$class" on
	done
	row "+ every dma and uvcvideo event" events on
	row "+ trace-cmd recording them all" traced on
}

{
	echo "bench-stats ($(date -u '+%Y-%m-%d %H:%M UTC'), QEMU TCG guest: emulated timings, not hardware)"
	echo "  kernel $(cat "$KERNEL_SRC/include/config/kernel.release"), vcam YUYV 640x480 free-running, $rounds rounds x $frames frames, one boot per clock"
	for clock in "${clocks[@]}"; do
		measure "$clock"
	done
} | tee "$out"
exit "${PIPESTATUS[0]}"
