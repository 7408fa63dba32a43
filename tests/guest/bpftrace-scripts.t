#!/bin/bash
# In the guest: every bpftrace script of bpf/ runs (all at once) while the
# camera streams in each URB allocation mode in turn (bpf/stream-modes.sh),
# exits 0 on Ctrl-C, and prints what it promises: every histogram keyed by
# mode has a non-empty histogram under every mode's name, no mode is
# printed as a number or left unnamed, and dma-summary.bt counts the
# calls and bytes of the syncs and allocations of the camera's stream.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/trace-lib.sh
. tools/common/urb_alloc_modes.sh
VCAM_TMP=$(mktemp -d)
frames=20

# mode_maps SCRIPT: the histograms SCRIPT keys by mode name, as it assigns
# them (statements joined: an assignment may span lines), one a line.
mode_maps() {
	# shellcheck disable=SC2016 # $mode is bpftrace's, not the shell's
	tr '\n\t' '  ' <"$1" |
		grep -oE '@[a-z_]+\[(@urb_alloc_mode\[args->mode\]|\$mode)\] *= *hist\(' |
		sed -E 's/^@([a-z_]+)\[.*/\1/' | sort -u
}
# Resubmissions from the completion handler happen only for URBs with
# nothing to copy: the camera's stream may have none. Not checked.
unchecked_map=resubmit_from_handler_ns

# The plan: for each script, 2, 2 more when it keys maps by mode name, and
# one for each mode in each of its histograms keyed by mode (but the
# unchecked one); 6 + 2 for each mode + 5 more.
scripts=(bpf/*.bt)
n=0
for s in "${scripts[@]}"; do
	n=$((n + 2))
	if grep -q '@urb_alloc_mode\[args->mode\]' "$s"; then n=$((n + 2)); fi
	mapfile -t maps < <(mode_maps "$s" | grep -vx "$unchecked_map")
	n=$((n + ${#maps[@]} * ${#URB_ALLOC_MODES[@]}))
done
plan $((n + 6 + 2 * ${#URB_ALLOC_MODES[@]} + 5))

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
vcam_ok "vcam streams YUYV 640x480@30" vcam_start --format yuyv --size 640x480 --fps 30
ok "$([ "${#scripts[@]}" -ge 6 ] && echo 0 || echo 1)" "bpf/ has its scripts (${#scripts[@]})"

t0=$SECONDS
for s in "${scripts[@]}"; do
	tracer_start "$(basename "$s" .bt)" "bpftrace -B line $s"
done
vcam_ok "every script attached and ran BEGIN" tracer_wait_ready '^Tracing .*Hit Ctrl-C to end\.$'
diag "bpftrace start-up, ${#scripts[@]} scripts at once: $((SECONDS - t0)) s"
out=$(bpf/stream-modes.sh "$frames" 2>&1) && st=0 || st=$?
ok "$st" "stream-modes.sh streamed in every mode"
for mode in "${URB_ALLOC_MODES[@]}"; do
	like "$out" "^$mode: $frames frames\$" "$mode: $frames frames captured"
done
tracer_stop 120

for s in "${scripts[@]}"; do
	name=$(basename "$s" .bt)
	text=$(cat "$TRACE_TMP/$name.out")
	is "${TRACER_STATUS[$name]}" 0 "$name: exits 0 on SIGINT"
	# Helper maps (start times, the mode names) are cleared in END.
	unlike "$text" '^@(start|cpu_start|dev_start|completed|queued|urb_alloc_mode)\[' \
		"$name: END cleared its helper maps"
	mapfile -t maps < <(mode_maps "$s")
	if grep -q '@urb_alloc_mode\[args->mode\]' "$s"; then
		ok "$([ "${#maps[@]}" -gt 0 ] && echo 0 || echo 1)" "$name: keys maps by mode name (${maps[*]})"
		unlike "$text" '^@[a-z_]+\[([0-9]+)?[],]' "$name: no mode printed as a number or unnamed"
	fi
	for map in "${maps[@]}"; do
		[ "$map" != "$unchecked_map" ] || continue
		for mode in "${URB_ALLOC_MODES[@]}"; do
			hist_nonempty "$text" "${map}[$mode]" && st=0 || st=$?
			ok "$st" "$name: @${map}[$mode] is a non-empty histogram"
		done
	done
	[ "${#maps[@]}" -eq 0 ] || [ "$_tap_failed" -eq 0 ] || diag "$text"
done

text=$(cat "$TRACE_TMP/uvc-copy-size.out")
for mode in "${URB_ALLOC_MODES[@]}"; do
	count_nonempty "$text" "copy_bytes_total[$mode]" && st=0 || st=$?
	ok "$st" "uvc-copy-size: bytes copied in $mode"
done

text=$(cat "$TRACE_TMP/dma-summary.out")
like "$text" '^@calls\[[^,]+, tracepoint:dma:dma_sync_sg_for_cpu\]: [1-9][0-9]*$' \
	"dma-summary: counts the noncontiguous mode's sg syncs for the CPU"
like "$text" '^@cache_maint\[[^,]+, tracepoint:dma:dma_sync_sg_for_device\]: [1-9][0-9]*$' \
	"dma-summary: counts the sg syncs for the device that maintained the caches"
like "$text" '^@calls\[[^,]+, tracepoint:dma:dma_sync_single_for_cpu\]: [1-9][0-9]*$' \
	"dma-summary: counts the noncoherent mode's single syncs"
like "$text" '^@bytes\[[^,]+, tracepoint:dma:dma_alloc_sgt\]: [1-9][0-9]*$' \
	"dma-summary: sums the bytes of the noncontiguous allocations"
like "$text" '^@calls\[[^,]+, tracepoint:dma:dma_alloc\]: [1-9][0-9]*$' \
	"dma-summary: counts the coherent allocations"
[ "$_tap_failed" -eq 0 ] || diag "$text"

vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
done_testing
