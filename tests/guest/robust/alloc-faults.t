#!/usr/bin/env bash
# Scenario 8, in the guest: URB buffer allocations fail at STREAMON, in
# every allocation mode, on the lab kernel (make check) and on the debug
# kernel, whose checkers watch the error paths (make check-debug).
# fail_page_alloc and failslab are scoped to the capture task (task-filter and
# /proc/PID/make-it-fail) and to uvc_alloc_urb_buffers() and what it calls
# (the stack trace filter), so nothing else in the guest fails.
# Expected:
#  - every allocation failing: STREAMON fails with ENOMEM, which the capture
#    tool reports ("VIDIOC_STREAMON: Cannot allocate memory"); the next
#    stream, with nothing failing, verifies;
#  - one failure, at the first, the middle or the last of the 5 URB buffers,
#    placed exactly on the first capture: bpftrace probes make
#    should_fail_alloc_page() fail the k-th allocation of a URB buffer's
#    order inside uvc_alloc_urb_buffers() for a capture run as urbfail-k
#    (fail_urb_start, fail_urb_run, tests/lib/robust.sh). The camera is a
#    SuperSpeed one: 32 packets of 1024 bytes make URB buffers of order 3,
#    above the order-2 blocks the debug kernel's stack depot takes in the
#    same task (tests/lib/fail-urb-alloc.bt);
#    uvcvideo frees what it had, retries with half the packets per URB, and
#    the stream verifies;
#  - either way, every buffer is freed the way (DMA API call, or kfree for
#    usb_alloc_coherent()'s kmalloc on dummy_hcd) and with the size it was
#    allocated with (the series' dma_alloc_*/dma_free_* trace events), none
#    is left allocated after STREAMOFF; no bad page state or other report
#    (qemu/splat-scan), no leak (kmemleak).
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/robust.sh
. tools/common/urb_alloc_modes.sh
robust_fault_injection || skip_all "needs failslab and fail_page_alloc (qemu/kernel.config)"
robust_fail_urb_injection || skip_all "needs bpftrace and CONFIG_BPF_KPROBE_OVERRIDE (qemu/kernel.config)"
VCAM_TMP=$(mktemp -d)
param=/sys/module/uvcvideo/parameters/urb_alloc
urbs=5
# the URBs whose allocation fails once: the first, the middle, the last
targets=(0 $((urbs / 2)) $((urbs - 1)))
# 3; a mode 10 and 6 for each of the 3 URBs failing once; 1, kmemleak_end
# 1, kernel_healthy 3
plan $((3 + (10 + 3 * 6) * ${#URB_ALLOC_MODES[@]} + 1 + 1 + 3))

vcam_ok "modprobe dummy_hcd is_super_speed=1 raw_gadget uvcvideo" \
	bash -c 'modprobe dummy_hcd is_super_speed=1 && modprobe raw_gadget && modprobe uvcvideo'
kmemleak_begin
fault_reset
vcam_ok "vcam streams YUYV 640x480@30 at SuperSpeed" vcam_start --speed super --format yuyv --size 640x480 --fps 30
range=$(sym_range 'uvc_alloc_urb_buffers(\.part\.[0-9]+)?' || true)
like "$range" '^0x[0-9a-f]+ 0x[0-9a-f]+$' "uvc_alloc_urb_buffers() found in kallsyms ($range)"
[ -n "$range" ] || { done_testing || true; exit 1; }

# capture [WRAPPER...] FRAMES: a stream of FRAMES frames, traced, by a task
# run through WRAPPER (default fault_run: marked make-it-fail); sets out, st
# and pairs (alloc_pairs of the trace).
capture() {
	[ $# -gt 1 ] || set -- fault_run "$1"
	dma_trace_start
	robust_capture "$@"
	dma_trace_stop "$VCAM_TMP/trace"
	pairs=$(alloc_pairs "$VCAM_TMP/trace")
}

# pairs_clean WHAT: every buffer freed once, as allocated, nothing left.
pairs_clean() {
	like "$pairs" ' size-mismatch 0 unfreed 0 unknown-free 0 ' "$1: every buffer freed once, with its size ($pairs)"
}

# sizes_of PAIRS: the sizes list, one per line ("!" marks a failed allocation).
sizes_of() { sed -n 's/.* sizes //p' <<<"$1" | tr ',' '\n'; }

for mode in "${URB_ALLOC_MODES[@]}"; do
	echo "$mode" >"$param"
	fault_reset
	capture 10
	ok "$st" "$mode: a stream with no fault verifies"
	[ "$st" -eq 0 ] || diag "$out"
	like "$pairs" "^allocs $urbs frees $urbs failed 0 " "$mode: $urbs URB buffers allocated and freed ($pairs)"
	pairs_clean "$mode, no fault"
	full=$(sizes_of "$pairs" | head -n 1)
	is "$full" 32768 "$mode: URB buffers of 32 packets of 1024 bytes (SuperSpeed)"

	# Every allocation fails: each halving of the packets per URB fails too.
	fault_setup fail_page_alloc -1 0 "$range"
	fault_setup failslab -1 0 "$range"
	capture 5
	fault_reset
	is "$st" 2 "$mode, all failing: the capture fails"
	like "$out" 'VIDIOC_STREAMON: Cannot allocate memory' "$mode, all failing: it reports STREAMON's ENOMEM"
	like "$pairs" ' failed [1-9][0-9]* ' "$mode, all failing: the allocations failed ($pairs)"
	pairs_clean "$mode, all failing"
	capture 20
	ok "$st" "$mode: after the failures, a stream verifies"
	[ "$st" -eq 0 ] || diag "$out"
	pairs_clean "$mode, after the failures"

	# The order of one URB buffer's pages: the allocation the probe counts.
	order=0
	while [ $((4096 << order)) -lt "$full" ]; do order=$((order + 1)); done
	[ "$order" = "${probes_order:-$order}" ] || diag "$mode: URB buffers of order $order, the probes count order $probes_order"
	if [ -z "${probes_order:-}" ]; then
		probes_order=$order
		fail_urb_start "$order" "${targets[@]}" || true
	fi
	for target in "${targets[@]}"; do
		what="$mode, URB $target of 0-$((urbs - 1)) failing once"
		capture fail_urb_run "$target" 20
		failed_at=$(sizes_of "$pairs" | awk '/^!/ { print n + 0; exit } { n++ }')
		# URBs 0 to $target counted, $target failed; the retry allocates
		# half the order, which the probes do not count.
		injected=$(tr '\n' ' ' <"$VCAM_TMP/fail-urb.pid-lines")
		expected="failed $target calls $((target + 1)) "
		is "$injected" "$expected" "$what: the probe failed order-$order allocation $target, the only one it failed"
		[ "$injected" = "$expected" ] || diag "$(cat "$VCAM_TMP/fail-urb.log")"
		is "${failed_at:-none}" "$target" "$what: the failure hit URB $target, on the first capture"
		ok "$st" "$what: the stream verifies"
		[ "$st" -eq 0 ] || diag "$out"
		like "$pairs" ' failed 1 ' "$what: exactly one allocation failed ($pairs)"
		pairs_clean "$what"
		is "$(sizes_of "$pairs" | tail -n "$urbs" | sort -u)" "$((full / 2))" \
			"$what: uvcvideo fell back to $urbs buffers of half the packets ($((full / 2)) bytes)"
	done
done
fail_urb_stop
vcam_stop TERM
is "$VCAM_STATUS" 0 "vcam exits 0"
kmemleak_end "URB allocation faults"
kernel_healthy "URB allocation faults"
done_testing
