#!/usr/bin/env bash
# The KERNEL base's series builds for 32-bit arm (patches/build-arm32.sh:
# the objects it changes and uvcvideo.ko with lockdep, SMP, PREEMPT and
# warnings as errors), where u64 statistics and sequence counts compile to
# other code than on arm64.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/tap.sh"
# shellcheck source=qemu/lib.sh
. "$top/qemu/lib.sh"
command -v arm-linux-gnueabihf-gcc >/dev/null || skip_all "no arm-linux-gnueabihf-gcc: run 'make deps'"
[ -d "$KERNEL_MAIN_SRC" ] || skip_all "no $KERNEL kernel tree: run 'make kernel KERNEL=$KERNEL'"
# the objects outside uvcvideo the series changes, and uvcvideo.ko
mapfile -t objects < <(series_core_objects "$KERNEL_MAIN_SRC")
objects+=(drivers/media/usb/uvc/uvcvideo.ko)
plan $((2 + 2 * ${#objects[@]} + 1))	# 2 for each object

like "${objects[*]}" '^(drivers/usb/core/hcd\.o )?kernel/dma/mapping\.o drivers/media/usb/uvc/uvcvideo\.ko$' \
	"the objects: the dma mapping, usbcore's hcd where the series changes it (7.3), uvcvideo"
out=$("$top/patches/build-arm32.sh" 2>&1) && st=0 || st=$?
is "$st" 0 "the $KERNEL series builds for 32-bit arm"
[ "$st" -eq 0 ] || diag "$(tail -n 20 <<<"$out")"
tree=$BUILD_DIR/arm32-$KERNEL
for obj in "${objects[@]}"; do
	like "$(readelf -h "$tree/$obj" 2>&1)" 'Class: +ELF32' "$obj is a 32-bit object"
	like "$(readelf -h "$tree/$obj" 2>&1)" 'Machine: +ARM$' "$obj is for arm"
done
like "$(grep -E '^CONFIG_(PROVE_LOCKING|SMP|PREEMPT)=y' "$tree/.config" | sort | paste -sd' ')" \
	'CONFIG_PREEMPT=y CONFIG_PROVE_LOCKING=y CONFIG_SMP=y' "built with lockdep, SMP and preemption"
done_testing
