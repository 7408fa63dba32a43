# shellcheck shell=bash
# uvcvideo's URB buffer allocation modes in the kernel's enum order: the
# shell twin of urb_alloc_modes.h (tests/host/urb-alloc-modes.t keeps the
# two and the kernel patch in step). Source it for URB_ALLOC_MODES,
# URB_ALLOC_MODES_UNSYNCED and urb_alloc_mode_syncs; guest scripts, whose
# working directory is the repository, with `. tools/common/urb_alloc_modes.sh`.
# shellcheck disable=SC2034
URB_ALLOC_MODES=(noncontiguous coherent usb-coherent noncoherent)

# The modes whose buffers uvcvideo never syncs: coherent memory, for which
# the series' uvc_urb_sync_for_cpu() and uvc_urb_sync_for_device() have no
# case, so the sync the statistics time is a no-op. Every other mode syncs
# its buffers (cache maintenance). urb-alloc-modes.t checks this set against
# those two functions in the patch. A new mode that is never synced is
# named here too.
# shellcheck disable=SC2034
URB_ALLOC_MODES_UNSYNCED=(coherent usb-coherent)

# urb_alloc_mode_syncs MODE: succeeds when uvcvideo syncs MODE's buffers
# for the CPU and the device, fails for a mode of URB_ALLOC_MODES_UNSYNCED.
urb_alloc_mode_syncs() {
	local m
	for m in "${URB_ALLOC_MODES_UNSYNCED[@]}"; do
		[ "$m" != "$1" ] || return 1
	done
	return 0
}
