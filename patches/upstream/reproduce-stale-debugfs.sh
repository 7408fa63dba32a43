#!/usr/bin/env bash
# linux-media 0001's use-after-free, reproduced with upstream's own
# uvcvideo: the drivers/media/usb/uvc of the pristine 7.3.4 source (none of
# the lab's changes, so none of its stats_lock), built twice against the
# lab's 7.3 debug kernel (KASAN, lockdep), without and with 0001, and each
# booted in a guest that runs tests/guest/robust/probe-failure.t (the
# probe fails at the video device's registration; a loop reads the stream's
# debugfs files across the failure, and once more after it).
#
# The guests boot with stack_depot_disable=1. The stream is a 12-13 KiB
# kmalloc_large() block (order 2), not a slab object, so no quarantine
# holds it once freed; with the stack depot on, the depot took the freed
# block for its own order-2 pools within milliseconds (docs/robustness.md),
# KASAN then saw allocated memory and never said use-after-free. Without
# the depot KASAN's reports lose their allocation and free stacks, nothing
# else.
#
# Expected: without 0001 the console has "BUG: KASAN: use-after-free in
# uvc_video_stats_dump"; with it, no KASAN report and no BUG or Oops. Any
# other outcome exits 1. probe-failure.t's own verdict is not the check:
# it also asks for the lab's stats_raw file, which upstream has not.
#
# usage: patches/upstream/reproduce-stale-debugfs.sh   (make upstream-repro)
set -euo pipefail
export UVCDMA_KERNEL=7.3 UVCDMA_KERNEL_VARIANT=debug
# shellcheck source=qemu/lib.sh
. "$(dirname "$0")/../../qemu/lib.sh"

fix=$UVCDMA_TOP/patches/upstream/linux-media/0001-media-uvcvideo-Remove-the-stream-s-debugfs-files-whe.patch
[ -r "$fix" ] || die "no $fix"
[ -r "$KERNEL_IMAGE" ] || die "no 7.3 debug kernel at $KERNEL_IMAGE: run 'make kernel-debug KERNEL=7.3'"
out_top=$BUILD_DIR/upstream-repro

# build NAME [PATCH]: the pristine uvcvideo (with PATCH) in out_top/NAME
build() {
	local st
	rm -rf "${out_top:?}/$1"
	uvcvideo_build_copy "$out_top/$1" pristine "$out_top/$1/build.log" "${2:-}" && st=0 || st=$?
	case $st in
	1) die "$2 does not apply to 7.3.4's uvcvideo" ;;
	2) die "uvcvideo ($1) does not build (log: $out_top/$1/build.log)" ;;
	esac
}

# run NAME: boot the debug kernel with NAME's uvcvideo in place of the
# lab's and run the scenario; the guest's console in out_top/NAME.log
run() {
	local name=$1 ko=/uvcdma/${out_top#"$UVCDMA_TOP"/}/$1/drivers/media/usb/uvc/uvcvideo.ko
	log "upstream-repro: $name: booting the 7.3 debug kernel (several minutes under TCG) ..."
	qemu/run --timeout 2400 --append stack_depot_disable=1 -- bash -c \
		"modprobe uvcvideo && rmmod uvcvideo && insmod $ko && bash tests/guest/robust/probe-failure.t" \
		>"$out_top/$name.log" 2>&1 || true
}

cd "$UVCDMA_TOP"
t0=$(now)
build without
build with "$fix"
failed=0
run without
if grep -q 'BUG: KASAN: use-after-free in uvc_video_stats_dump' "$out_top/without.log"; then
	echo "ok: without 0001: $(grep -m1 'BUG: KASAN' "$out_top/without.log")"
else
	echo "FAIL: without 0001: no KASAN use-after-free in uvc_video_stats_dump ($out_top/without.log)"
	failed=1
fi
run with
if grep -qE 'BUG: KASAN|BUG:|Oops|Unable to handle' "$out_top/with.log"; then
	echo "FAIL: with 0001: a kernel report: $(grep -m1 -E 'BUG: KASAN|BUG:|Oops|Unable to handle' "$out_top/with.log") ($out_top/with.log)"
	failed=1
elif grep -q 'ok 4 - video_register_device() failed with -ENOMEM' "$out_top/with.log" &&
	grep -q '^ok 6 - no debugfs file of the freed stream is left' "$out_top/with.log"; then
	echo "ok: with 0001: the probe failed as injected, no debugfs file left, no kernel report"
else
	echo "FAIL: with 0001: the scenario did not run as expected ($out_top/with.log)"
	failed=1
fi
log "upstream-repro: $(elapsed_since "$t0") (exit $failed)"
exit "$failed"
