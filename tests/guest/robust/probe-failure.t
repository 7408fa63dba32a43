#!/usr/bin/env bash
# Scenario 11, in the guest, on the lab kernel (make check) and on the debug
# kernel (make check-debug): a probe that fails after the stream's debugfs
# files exist. uvc_register_video() creates
# /sys/kernel/debug/usb/uvcvideo/<bus>-<dev>-<intf>/ (stats, and the
# series' stats_raw, both pointing at the struct uvc_streaming) before
# video_register_device(); failslab, scoped to __video_register_device()
# by the stack trace filter, fails that registration's first allocation
# (cdev_alloc(): -ENOMEM), as running out of video minors would (-ENFILE).
# The probe then fails and frees the stream.
# Expected, with the fix (patch "media: uvcvideo: Remove the stream's
# debugfs files when its registration fails"): no debugfs directory is left
# behind, and the camera probes and streams when plugged in again. Without
# it the directory stays (the test fails on any kernel), and reads of it
# use the freed stream. On the debug kernel (2026-12-04, uvcvideo built
# without the fix) the read of the stale stats_raw after the failure hit
# "BUG: spinlock bad magic" on the stream's stats_lock, then an Oops and
# UBSAN's invalid bool load in uvc_stats_snapshot(): the memory had a new
# owner. KASAN itself printed only "maybe wild-memory-access" for the
# pointer read from it: the stream (12912 bytes there) is a
# kmalloc_large() page block, not a slab object, and 3.7 ms after the
# free KASAN's own stack depot took the block, which made it allocated
# memory again in KASAN's eyes (docs/robustness.md, Findings).
# The reader below loops over the files from before the plug until after
# the failure: it races the failed probe, and with the fix it must see
# the files vanish cleanly.
set -euo pipefail
. tests/lib/tap.sh
. tests/lib/guest-lib.sh
. tests/lib/robust.sh
robust_fault_injection || skip_all "needs failslab (qemu/kernel.config)"
VCAM_TMP=$(mktemp -d)
root=/sys/kernel/debug/usb/uvcvideo
# 2; the failed probe 4, plugged again 3; kmemleak_end 1, kernel_healthy 3
plan $((2 + 4 + 3 + 1 + 3))

vcam_ok "modprobe dummy_hcd raw_gadget uvcvideo" vcam_modules
kmemleak_begin
fault_reset
range=$(sym_range '__video_register_device' || true)
like "$range" '^0x[0-9a-f]+ 0x[0-9a-f]+$' "__video_register_device() found in kallsyms ($range)"
[ -n "$range" ] || { done_testing || true; exit 1; }
fault_setup failslab 1 0 "$range"
# The probe runs in a kernel worker, not in a task of ours: the stack
# trace filter alone scopes the fault.
echo N >/sys/kernel/debug/failslab/task-filter
dmesg -c >/dev/null

# read_stats_files: reads every statistics file there is, whole, with
# bash's own read and redirection (no fork between two reads); prints how
# many it read.
read_stats_files() {
	local f n=0
	for f in "$root"/*/*; do
		[ -f "$f" ] || continue
		read -r -d '' _ 2>/dev/null <"$f" || true
		n=$((n + 1))
	done
	echo "$n"
}
# Reads them in a loop until told to stop.
read_stats_loop() {
	local n=0
	while [ ! -e "$VCAM_TMP/stop-reading" ]; do
		n=$((n + $(read_stats_files)))
	done
	echo "$n" >"$VCAM_TMP/reads"
}
read_stats_loop &
READER_PID=$!

vcam --format yuyv --size 640x480 --fps 30 >"$VCAM_TMP/vcam.out" 2>"$VCAM_TMP/vcam.err" &
VCAM_PID=$!
for ((i = 0; i < 300; i++)); do
	dmesg | grep -q 'Failed to register' && break
	sleep 0.1
done
sleep 1
touch "$VCAM_TMP/stop-reading"
wait "$READER_PID"
diag "a reader looped over the statistics files across the failed probe: $(cat "$VCAM_TMP/reads") reads"
is "$(cat /sys/kernel/debug/failslab/times)" 0 "the fault was injected"
fault_reset
like "$(dmesg)" 'Failed to register vid-cap device \(-12\)' "video_register_device() failed with -ENOMEM"
check "the probe failed: no /dev/video0" test ! -e /dev/video0
is "$(find "$root" -mindepth 1 | wc -l)" 0 "no debugfs file of the freed stream is left"
# Without the fix these reads use the freed stream, long after the free.
read_stats_files >/dev/null
diag "the statistics files left, if any, were read: $(find "$root" -mindepth 2 -type f | paste -sd' ')"
vcam_stop TERM

vcam_ok "plugged in again, the camera probes" vcam_start --format yuyv --size 640x480 --fps 30
check "its statistics directory exists" test -r "$(vcam_stats_dir)/stats_raw"
robust_capture 20
ok "$st" "20 frames verify"
[ "$st" -eq 0 ] || diag "$out"
vcam_stop TERM
kmemleak_end "failed probe"
kernel_healthy "failed probe"
done_testing
